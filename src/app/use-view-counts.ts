// The counts line of a view and the totals the dialogs read: the portal's total, or the exact count
// once the table's pages found where the records of an estimated total really end.
import type { UseQueryResult } from '@tanstack/react-query'
import type { SearchResult } from '../api/ckan/types'
import { countText } from '../features/status/count-text'
import type { MainMessages } from '../i18n/catalogues/main'
import type { Translate } from '../i18n/translate'
import type { Limit } from '../model/explorer-state'
import { useFoundRowCount } from '../queries/found-row-count'
import { visibleRowCount } from '../queries/page-plan'

export interface ViewCounts {
  total: number | undefined
  totalWasEstimated: boolean
  /** "1–100 of 1,234 records", or null before the first page. */
  text: string | null
  /** The view's exact count (the filter dialog counts each value in the browser when they are few). */
  viewTotal: number | undefined
}

export function useViewCounts(
  firstPage: UseQueryResult<SearchResult, unknown>,
  limit: Limit,
  t: Translate<MainMessages>,
): ViewCounts {
  const data = firstPage.data
  const foundRowCount = useFoundRowCount(data)
  const exactTotal = foundRowCount?.exact ? foundRowCount.rows : undefined
  const total = exactTotal ?? data?.total
  const totalWasEstimated = exactTotal === undefined && !!data?.totalWasEstimated
  const shown = data ? visibleRowCount(limit, total, data.records.length) : 0
  const text = data ? countText({ shown, total, totalWasEstimated, limit }, t) : null
  const viewTotal = data && !firstPage.isPlaceholderData && !data.totalWasEstimated ? data.total : undefined
  return { total, totalWasEstimated, text, viewTotal }
}
