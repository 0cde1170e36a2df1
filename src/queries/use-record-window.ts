import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useCallback, useLayoutEffect, useState } from 'react'
import type { CkanClient } from '../api/ckan/ckan-client'
import type { CkanRecord, Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import type { Limit } from '../model/explorer-state'
import { searchQueryOptions } from './datastore-queries'
import { PAGE_SIZE, pageLimit, pagesForRange } from './page-plan'

/**
 * Windowed loading for the virtual table (Glide's use-async-data-source, with TanStack Query): only the
 * pages around the rows on screen are requested, nearest first, a few at a time; pages that leave the
 * window lose their observer, so an in-flight request is aborted (the query function consumes the
 * AbortSignal, and TanStack Query cancels a fetch whose last observer goes away) and a loaded page is
 * garbage-collected after WINDOW_PAGE_GC_MS. Memory stays bounded however far the user scrolls.
 */

/** At most this many page requests in flight; the ones nearest the visible rows go first. */
export const MAX_PAGES_IN_FLIGHT = 3
/** Window pages are dropped this soon after they leave the window (the first page is kept by the app). */
export const WINDOW_PAGE_GC_MS = 10_000

export type RowState =
  | { status: 'loaded'; record: CkanRecord }
  | { status: 'loading' }
  | { status: 'error' }
  /** The portal sent fewer records than its total promised: there is nothing to show here. */
  | { status: 'missing' }

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
 * The grid draws this many rows beyond the screen (its OVERSCAN_ROWS, which a test keeps within
 * this): at the top of a new result they need records too.
 */
export const TOP_LOOKAHEAD_ROWS = 10

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
  loaded: readonly { page: number; records: number; capped?: boolean }[],
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
 * itself when nothing changed, so a state holding it does not re-render.
 */
export function mergeFoundRowCount(
  previous: FoundRowCount | null,
  next: FoundRowCount,
): FoundRowCount | null {
  if (previous && previous.exact && !next.exact) return previous
  if (previous && previous.rows === next.rows && previous.exact === next.exact) return previous
  return next
}

export interface RecordWindowOptions {
  api: CkanClient
  portal: Portal
  firstPage: SearchResult
  firstPageRequest: SearchRequest
  limit: Limit
  rowCount: number
  /** Rows on screen, 0-based and inclusive (first > last when none). */
  first: number
  last: number
  /** false when every row is already in the first page (e.g. sorted in the browser). */
  enabled: boolean
  /**
   * false while the first page is the previous result, shown until the new one arrives: pages
   * already loaded still show, but none is asked for on behalf of a view that is being left.
   */
  fetchMore?: boolean
  /** The total was estimated: the pages may show where the records really end. */
  totalWasEstimated?: boolean
}

export interface RecordWindow {
  getRow(index: number): RowState
  /** Some page around the visible rows failed. */
  hasError: boolean
  /** The real number of rows, when loaded pages proved an estimated total wrong; else null. */
  foundRowCount: FoundRowCount | null
  retry(): void
  /** Sends the requests for rows [from, to] now, unless in flight or loaded (a leap, from its event). */
  startRows(from: number, to: number): void
}

interface PageResult {
  data: SearchResult | undefined
  isError: boolean
  refetch: () => Promise<unknown>
}

// module scope, so TanStack Query returns the same array while no page changed
function combinePages(results: readonly PageResult[]): PageResult[] {
  return results.map(({ data, isError, refetch }) => ({ data, isError, refetch }))
}

export function useRecordWindow(options: RecordWindowOptions): RecordWindow {
  const { api, portal, firstPage, firstPageRequest, limit, rowCount, first, last, enabled } = options
  const queryClient = useQueryClient()
  // a cap that only a window page showed (cappedAt): the portal's, so kept for its next results too
  const [laterCap, setLaterCap] = useState<{ portal: string; rows: number } | null>(null)
  const capRows = laterCap?.portal === portal.baseUrl ? laterCap.rows : Infinity
  const pageSize = Math.min(windowPageSize(firstPage, firstPageRequest, rowCount), capRows)
  // Rows [0, headRows) are the first page's: what it asked for (fewer arrived only at the end). While
  // the previous result is shown, its first page answered another request: all its rows are shown.
  const asked = Math.min(firstPageRequest.limit, pageSize)
  const headRows = options.fetchMore === false ? Math.max(asked, firstPage.records.length) : asked
  const pages = enabled ? windowPages(first, last, rowCount, pageSize, headRows) : []
  const requestFor = (page: number) =>
    searchQueryOptions(api, portal, windowPageRequest(firstPageRequest, limit, page, pageSize))
  const requests = pages.map(requestFor)
  // Reading the cache during render is fine here: every arrival re-renders through useQueries below.
  // one cache lookup per page (each hashes its key), shared by the decisions below
  const states = requests.map((request) => queryClient.getQueryState(request.queryKey))
  // At the end of a table whose total was estimated, a full last page may hide more records.
  const lastPage = Math.floor((rowCount - 1) / pageSize)
  const lastIndex = lastPage > 0 ? pages.indexOf(lastPage) : -1
  if (options.totalWasEstimated && lastIndex >= 0) {
    const probe = endProbePage(rowCount, pageSize, limit, states[lastIndex]?.data?.records.length)
    if (probe !== null) {
      const request = requestFor(probe)
      pages.push(probe)
      requests.push(request)
      states.push(queryClient.getQueryState(request.queryKey))
    }
  }
  const maxInFlight = options.fetchMore === false ? 0 : MAX_PAGES_IN_FLIGHT
  const { allowed, toStart } = startablePages(pages, states, maxInFlight)
  const start = (indexes: number[], from: typeof requests) => {
    for (const i of indexes) void queryClient.prefetchQuery({ ...from[i]!, gcTime: WINDOW_PAGE_GC_MS })
  }

  // Start the allowed pages that never fetched at commit, before the browser paints the placeholders:
  // useQueries' observers subscribe (and fetch) only in a passive effect, after that paint. The
  // observers then join these requests, so a page that leaves the window is still cancelled.
  useLayoutEffect(() => start(toStart, requests))
  // A leap's pages can leave earlier still, from its scroll event, before the render that draws the
  // placeholders: that render then finds them in flight.
  const startRows = (from: number, to: number) => {
    if (!enabled) return
    const wanted = windowPages(from, to, rowCount, pageSize, headRows)
    const wantedRequests = wanted.map(requestFor)
    const wantedStates = wantedRequests.map((request) => queryClient.getQueryState(request.queryKey))
    start(startablePages(wanted, wantedStates, maxInFlight).toStart, wantedRequests)
  }

  const results = useQueries({
    queries: requests.map((request, i) => ({
      ...request,
      gcTime: WINDOW_PAGE_GC_MS,
      enabled: allowed.has(pages[i]!),
    })),
    combine: combinePages,
  })

  // cheap to rebuild: rows receive records and statuses, not this function, so their memo holds
  const byPage = new Map<number, PageResult>()
  pages.forEach((page, i) => {
    const result = results[i]
    if (result) byPage.set(page, result)
  })
  const getRow = (index: number): RowState => {
    if (index < headRows) return rowOf(firstPage.records[index])
    const page = Math.floor(index / pageSize)
    const result = byPage.get(page)
    if (!result) return LOADING
    if (result.data) return rowOf(result.data.records[index - page * pageSize])
    return result.isError ? ERROR : LOADING
  }

  const hasError = results.some((result) => result.isError)
  const retry = useCallback(() => {
    for (const result of results) if (result.isError) void result.refetch()
  }, [results])

  const loadedPages: { page: number; records: number; capped: boolean }[] = []
  let cap = Infinity
  pages.forEach((page, i) => {
    const data = results[i]?.data
    if (!data) return
    const pageCap = cappedAt(pageLimit(limit, page, pageSize), data.limit)
    if (pageCap !== null) cap = Math.min(cap, pageCap)
    loadedPages.push({ page, records: data.records.length, capped: pageCap !== null })
  })
  // A page came back capped: from now on ask for pages of the cap (at the next render).
  if (cap < pageSize) setLaterCap({ portal: portal.baseUrl, rows: cap })
  const found = options.totalWasEstimated ? foundRowCount(loadedPages, limit, pageSize, rowCount) : null

  return { getRow, hasError, retry, foundRowCount: found, startRows }
}

type PageQueryState = { status: string; fetchStatus: string; data?: unknown } | undefined

/**
 * Of `pages` (priority order) with their query states: which may fetch now (pagesAllowedToFetch),
 * and the indexes of those among them never started (none yet, or one only created: pending, idle).
 */
function startablePages(
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

/** The state of a row that holds `record`, or none (past the records' end). */
export function rowOf(record: CkanRecord | undefined): RowState {
  return record ? { status: 'loaded', record } : MISSING
}

const LOADING: RowState = { status: 'loading' }
const ERROR: RowState = { status: 'error' }
const MISSING: RowState = { status: 'missing' }
