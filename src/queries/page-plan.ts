// The page arithmetic of windowed loading, pure: which pages a view's rows need, how big they are, which
// may be asked for now, what their answers tell about the real row count, and a row's state from them.
// use-record-window.ts is the hook that runs this plan with TanStack Query.
import type { CkanRecord, SearchRequest, SearchResult } from '../api/ckan/types'
import type { Limit } from '../model/explorer-state'

/**
 * A limit above this many rows is fetched in pages of this size, so one answer never grows huge
 * (some portals cap lower: an answer's `limit` tells, see windowPageSize and cappedAt).
 */
export const PAGE_SIZE = 500

/**
 * With limit "All", the first request asks for this many rows (CKAN's own default page) and the
 * pages after it hold PAGE_SIZE: the first screen needs about 20 rows, and a smaller answer is parsed
 * sooner. These rows come again in page 0, once the table is scrolled.
 */
export const ALL_FIRST_PAGE_ROWS = 100

/** At most this many page requests in flight; the ones nearest the visible rows go first. */
export const MAX_PAGES_IN_FLIGHT = 3

/**
 * The grid draws this many rows beyond the screen (its OVERSCAN_ROWS, which a test keeps within
 * this): at the top of a new result they need records too.
 */
export const TOP_LOOKAHEAD_ROWS = 10

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

/**
 * Page size for the pages after the first: PAGE_SIZE (or the first page's limit, if larger), or the
 * portal's cap when it applied a smaller one (echoed `limit` lower than requested; CKAN 2.7/2.8 echo
 * nothing, then a short first page with more rows to come tells the same). A cap between the first
 * page's limit and PAGE_SIZE shows only in a later page (cappedAt).
 */
export function windowPageSize(
  firstPage: SearchResult,
  firstPageRequest: SearchRequest,
  rowCount: number,
): number {
  const requested = firstPageRequest.limit > 0 ? firstPageRequest.limit : PAGE_SIZE
  if (firstPage.limit !== undefined && firstPage.limit > 0 && firstPage.limit < requested)
    return firstPage.limit
  const received = firstPage.records.length
  if (firstPage.limit === undefined && received > 0 && received < requested && rowCount > received)
    return received
  return Math.max(requested, PAGE_SIZE)
}

/**
 * The portal's cap, if a window page's answer shows one: the `limit` it echoed when that is below what
 * was asked (only CKAN 2.9+ caps, and it echoes the capped value). null when it shows none.
 */
export function cappedAt(asked: number, echoed: number | undefined): number | null {
  return echoed !== undefined && echoed > 0 && echoed < asked ? echoed : null
}

/**
 * The window pages to observe for rows [first, last], nearest to the visible rows first. Rows below
 * `headRows` are in the first page, so no window page is needed for them alone (page 0 overlaps the
 * first page when that is shorter, as with "All"). At the top (row 0 on screen: a new result, not
 * scrolled yet) only a few rows past the screen count, as many as the grid draws beyond it, so a
 * change costs one request; once scrolled, half a page on each side (250 rows with pages of 500:
 * about 2.5 s of brisk scrolling, longer than a slow portal takes for a deep page).
 */
export function windowPages(
  first: number,
  last: number,
  rowCount: number,
  pageSize: number,
  headRows = pageSize,
): number[] {
  if (last < first || rowCount <= 0) return []
  const lookahead = first > 0 ? Math.ceil(pageSize / 2) : TOP_LOOKAHEAD_ROWS
  const pages = pagesForRange(Math.max(first - lookahead, headRows), last + lookahead, rowCount, pageSize)
  const firstVisiblePage = Math.floor(first / pageSize)
  const lastVisiblePage = Math.floor(last / pageSize)
  const distance = (page: number) =>
    page < firstVisiblePage ? firstVisiblePage - page : page > lastVisiblePage ? page - lastVisiblePage : 0
  return pages.sort((a, b) => distance(a) - distance(b) || a - b)
}

/**
 * Which of the wanted pages (in priority order) may fetch now: those already loaded, plus the first
 * `maxInFlight` that are not. The others wait, and start as nearer ones arrive.
 */
export function pagesAllowedToFetch(
  pages: readonly number[],
  hasData: (page: number) => boolean,
  maxInFlight = MAX_PAGES_IN_FLIGHT,
): Set<number> {
  const allowed = new Set<number>()
  let waiting = 0
  for (const page of pages) {
    if (hasData(page)) allowed.add(page)
    else if (waiting < maxInFlight) {
      allowed.add(page)
      waiting++
    }
  }
  return allowed
}

/** What the plan needs of a page's query state (TanStack Query's QueryState), if the page has one. */
export type PageQueryState = { status: string; fetchStatus: string; data?: unknown } | undefined

/**
 * Of `pages` (priority order) with their query states: which may fetch now (pagesAllowedToFetch),
 * and the indexes of those among them never started (none yet, or one only created: pending, idle).
 */
export function startablePages(
  pages: readonly number[],
  states: readonly PageQueryState[],
  maxInFlight: number,
): { allowed: Set<number>; toStart: number[] } {
  const loaded = new Set(pages.filter((_, i) => states[i]?.data !== undefined))
  const allowed = pagesAllowedToFetch(pages, (page) => loaded.has(page), maxInFlight)
  const toStart: number[] = []
  pages.forEach((page, i) => {
    const state = states[i]
    if (allowed.has(page) && (!state || (state.status === 'pending' && state.fetchStatus === 'idle')))
      toStart.push(i)
  })
  return { allowed, toStart }
}

/** The request for window page `page`: the first page's request at another offset, without a total. */
export function windowPageRequest(
  firstPageRequest: SearchRequest,
  limit: Limit,
  page: number,
  pageSize: number,
): SearchRequest {
  return {
    ...firstPageRequest,
    offset: (firstPageRequest.offset ?? 0) + page * pageSize,
    limit: pageLimit(limit, page, pageSize),
    includeTotal: false,
  }
}

/** What one loaded window page tells: how many records it brought, and whether the portal capped it. */
export interface LoadedPage {
  page: number
  records: number
  capped?: boolean
}

/**
 * The loaded pages among `pages` (their answers by index: `data` once loaded), and the lowest cap a
 * portal showed in them (Infinity for none): a capped page is not the end of the records.
 */
export function loadedPages(
  pages: readonly number[],
  answers: readonly (Pick<PageAnswer, 'data'> | undefined)[],
  limit: Limit,
  pageSize: number,
): { loaded: LoadedPage[]; cap: number } {
  const loaded: LoadedPage[] = []
  let cap = Infinity
  pages.forEach((page, i) => {
    const data = answers[i]?.data
    if (!data) return
    const pageCap = cappedAt(pageLimit(limit, page, pageSize), data.limit)
    if (pageCap !== null) cap = Math.min(cap, pageCap)
    loaded.push({ page, records: data.records.length, capped: pageCap !== null })
  })
  return { loaded, cap }
}

/** What the loaded pages tell about the real number of rows. */
export interface FoundRowCount {
  rows: number
  /** true: a short (or empty) page showed the end; false: a full page reached past it, more may follow. */
  exact: boolean
}

/**
 * Where the records really end, as far as the loaded pages tell, when that differs from `rowCount`
 * (an estimated total, `total_estimation_threshold`, is off by a little either way). A page shorter
 * than asked for (or empty) ends the records, unless the portal capped it; a full page reaching past
 * `rowCount` shows at least that many. null when the loaded pages agree with `rowCount`.
 */
export function foundRowCount(
  loaded: readonly LoadedPage[],
  limit: Limit,
  pageSize: number,
  rowCount: number,
): FoundRowCount | null {
  let exactEnd: number | null = null
  let pastEnd: number | null = null
  for (const { page, records, capped } of loaded) {
    // the portal sent fewer than asked because it caps its pages: not the end (see cappedAt)
    if (capped) continue
    const start = page * pageSize
    const asked = pageLimit(limit, page, pageSize)
    if (records < asked) exactEnd = Math.min(exactEnd ?? Infinity, start + records)
    else if (limit === 'all' && start + records > rowCount) pastEnd = Math.max(pastEnd ?? 0, start + records)
  }
  if (exactEnd !== null) return exactEnd !== rowCount ? { rows: exactEnd, exact: true } : null
  return pastEnd !== null ? { rows: pastEnd, exact: false } : null
}

/**
 * The page to ask for past the end of an estimated total: the one after the last page, when that last
 * page came back full (`lastPageRecords`), so more records may follow. No row is drawn for it; its
 * answer only moves the count (foundRowCount). null when there is nothing to ask.
 */
export function endProbePage(
  rowCount: number,
  pageSize: number,
  limit: Limit,
  lastPageRecords: number | undefined,
): number | null {
  if (limit !== 'all' || rowCount <= 0 || lastPageRecords === undefined) return null
  const lastPage = Math.floor((rowCount - 1) / pageSize)
  return lastPageRecords >= pageSize && lastPage * pageSize + lastPageRecords >= rowCount
    ? lastPage + 1
    : null
}

/**
 * The next thing known about the real row count: `next`, unless an exact end is already known and
 * `next` is only a guess (a full page before that end cannot move it again). Returns `previous`
 * itself when nothing changed, so its readers do not re-render.
 */
export function mergeFoundRowCount(
  previous: FoundRowCount | null,
  next: FoundRowCount,
): FoundRowCount | null {
  if (previous && previous.exact && !next.exact) return previous
  if (previous && previous.rows === next.rows && previous.exact === next.exact) return previous
  return next
}

export type RowState =
  | { status: 'loaded'; record: CkanRecord }
  | { status: 'loading' }
  | { status: 'error' }
  /** The portal sent fewer records than its total promised: there is nothing to show here. */
  | { status: 'missing' }

/** The state of a row that holds `record`, or none (past the records' end). */
export function rowOf(record: CkanRecord | undefined): RowState {
  return record ? { status: 'loaded', record } : MISSING
}

/** A window page as a row reads it: its answer once loaded, or whether it failed. */
export interface PageAnswer {
  data: SearchResult | undefined
  isError: boolean
}

/**
 * Row `index` of a view whose rows [0, headRows) are the first page's records and the others come in
 * window pages of `pageSize` (`pageAnswer`: undefined for a page not observed).
 */
export function windowRow(
  index: number,
  firstRecords: readonly CkanRecord[],
  headRows: number,
  pageSize: number,
  pageAnswer: (page: number) => PageAnswer | undefined,
): RowState {
  if (index < headRows) return rowOf(firstRecords[index])
  const page = Math.floor(index / pageSize)
  const answer = pageAnswer(page)
  if (!answer) return LOADING
  if (answer.data) return rowOf(answer.data.records[index - page * pageSize])
  return answer.isError ? ERROR : LOADING
}

const LOADING: RowState = { status: 'loading' }
const ERROR: RowState = { status: 'error' }
const MISSING: RowState = { status: 'missing' }
