import type { SearchResult } from '../api/ckan/types'
import type { Limit } from '../model/explorer-state'

/**
 * A limit above this many rows is fetched in pages of this size, so one answer never grows huge
 * (some portals cap lower: an answer's `limit` tells, see windowPageSize and cappedAt).
 */
export const PAGE_SIZE = 500

/**
 * With limit "All", the first request asks for this many rows (CKAN's own default page) and the
 * pages after it hold PAGE_SIZE. The first screen needs about 20 rows; a first page of 500 (190 KB of
 * JSON on the generated table) took 5-7 ms longer to parse and collect, before those rows could be
 * drawn, than one of 100, and longer to download on a slow link. These rows come again in page 0,
 * once the table is scrolled.
 */
export const ALL_FIRST_PAGE_ROWS = 100

/** CKAN's default `rows_max`; a portal may cap lower, and the response's `limit` tells. */
export const DEFAULT_PORTAL_CAP = 32000

/** Above this many rows, ask the portal for an estimated total instead of an exact count. */
export const TOTAL_ESTIMATION_THRESHOLD = 100_000

/** True when `firstPage` holds every record that matches, so sorting it in the browser shows the same set. */
export function holdsEveryRecord(
  firstPage: Pick<SearchResult, 'records' | 'total' | 'totalWasEstimated'>,
): boolean {
  if (firstPage.total === undefined || firstPage.totalWasEstimated) return false
  return firstPage.records.length >= firstPage.total
}

/** How many rows the table shows: the user's limit, bounded by the matching total. */
export function visibleRowCount(limit: Limit, total: number | undefined, loadedInFirstPage: number): number {
  if (total === undefined) return limit === 'all' ? loadedInFirstPage : Math.min(limit, loadedInFirstPage)
  return limit === 'all' ? total : Math.min(limit, total)
}

/** Size of page `index` (0-based): the last page stops at the limit. */
export function pageLimit(limit: Limit, index: number, pageSize = PAGE_SIZE): number {
  const start = index * pageSize
  if (limit === 'all') return pageSize
  return Math.max(0, Math.min(pageSize, limit - start))
}

/**
 * The first page is the one request made per user change; it also brings `fields` and `total`. With
 * "All" it is shorter than the pages after it (ALL_FIRST_PAGE_ROWS).
 */
export function firstPageLimit(limit: Limit, pageSize = PAGE_SIZE): number {
  return limit === 'all' ? Math.min(ALL_FIRST_PAGE_ROWS, pageSize) : pageLimit(limit, 0, pageSize)
}

/** Pages overlapping rows [first, last] (inclusive), with `overscan` extra pages on each side. */
export function pagesForRange(
  first: number,
  last: number,
  rowCount: number,
  pageSize = PAGE_SIZE,
  overscan = 0,
): number[] {
  if (rowCount <= 0 || last < first || first >= rowCount) return []
  const lastPage = Math.floor((rowCount - 1) / pageSize)
  const from = Math.max(0, Math.floor(Math.max(0, first) / pageSize) - overscan)
  const to = Math.min(lastPage, Math.floor(Math.min(rowCount - 1, last) / pageSize) + overscan)
  const pages: number[] = []
  for (let page = from; page <= to; page++) pages.push(page)
  return pages
}
