import type { Limit } from '../../model/explorer-state'
import { countFormat } from '../../lib/format'
import { statusText } from './status-messages'

export interface CountInput {
  /** Records the view shows (the limit, bounded by the total). */
  shown: number
  total: number | undefined
  totalWasEstimated: boolean
  limit: Limit
}

/** "1–100 of 12,345 records", "1–100 of about 12,345 records", "All 344 records", "No records match". */
export function countText({ shown, total, totalWasEstimated }: CountInput, locale: string): string {
  const format = countFormat(locale)
  if (total === 0 || (total === undefined && shown === 0)) return statusText('none')
  if (total === undefined)
    return statusText('rangeUnknown', { from: format.format(1), to: format.format(shown) })
  if (totalWasEstimated) {
    return statusText('rangeEstimated', {
      from: format.format(1),
      to: format.format(shown),
      total: format.format(total),
    })
  }
  if (total === 1 && shown === 1) return statusText('one')
  if (shown >= total) return statusText('all', { total: format.format(total) })
  return statusText('range', {
    from: format.format(1),
    to: format.format(shown),
    total: format.format(total),
  })
}
