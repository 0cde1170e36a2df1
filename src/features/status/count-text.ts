import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { Limit } from '../../model/explorer-state'

export interface CountInput {
  /** Records the view shows (the limit, bounded by the total). */
  shown: number
  total: number | undefined
  totalWasEstimated: boolean
  limit: Limit
}

/** "1–100 of 12,345 records", "1–100 of about 12,345 records", "All 344 records", "No records match". */
export function countText(
  { shown, total, totalWasEstimated }: CountInput,
  t: Translate<MainMessages>,
): string {
  if (total === 0 || (total === undefined && shown === 0)) return t('status.none')
  if (total === undefined) return t('status.rangeUnknown', { from: 1, to: shown })
  if (totalWasEstimated) return t('status.rangeEstimated', { from: 1, to: shown, total })
  if (shown >= total) return t('status.all', { count: total })
  return t('status.range', { from: 1, to: shown, total })
}
