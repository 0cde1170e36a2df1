import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useState } from 'react'
import type { CkanClient } from '../api/ckan/ckan-client'
import type { Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import type { Limit } from '../model/explorer-state'
import { searchQueryOptions } from './datastore-queries'
import { useFoundRowCounts } from './found-row-count'
import {
  MAX_PAGES_IN_FLIGHT,
  endProbePage,
  foundRowCount,
  loadedPages,
  startablePages,
  windowPageRequest,
  windowPageSize,
  windowPages,
  windowRow,
  type PageAnswer,
  type RowState,
} from './page-plan'

/**
 * Windowed loading for the virtual table (Glide's use-async-data-source, with TanStack Query): only the
 * pages around the rows on screen are requested, nearest first, a few at a time; pages that leave the
 * window lose their observer, so an in-flight request is aborted (the query function consumes the
 * AbortSignal, and TanStack Query cancels a fetch whose last observer goes away) and a loaded page is
 * garbage-collected after WINDOW_PAGE_GC_MS. Memory stays bounded however far the user scrolls.
 */

/** Window pages are dropped this soon after they leave the window (the first page is kept by the app). */
export const WINDOW_PAGE_GC_MS = 10_000

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
  /**
   * The total was estimated: the pages may show where the records really end, which the window
   * reports to the explorer's found row counts (useFoundRowCount reads it).
   */
  totalWasEstimated?: boolean
}

export interface RecordWindow {
  getRow(index: number): RowState
  /** Some page around the visible rows failed. */
  hasError: boolean
  retry(): void
  /** Sends the requests for rows [from, to] now, unless in flight or loaded (a leap, from its event). */
  startRows(from: number, to: number): void
}

interface PageResult extends PageAnswer {
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
  const getRow = (index: number): RowState =>
    windowRow(index, firstPage.records, headRows, pageSize, (page) => byPage.get(page))

  const hasError = results.some((result) => result.isError)
  const retry = useCallback(() => {
    for (const result of results) if (result.isError) void result.refetch()
  }, [results])

  const { loaded, cap } = loadedPages(pages, results, limit, pageSize)
  // A page came back capped: from now on ask for pages of the cap (at the next render).
  if (cap < pageSize) setLaterCap({ portal: portal.baseUrl, rows: cap })
  const found = options.totalWasEstimated ? foundRowCount(loaded, limit, pageSize, rowCount) : null
  const foundRows = found?.rows
  const foundExact = found?.exact === true
  const foundRowCounts = useFoundRowCounts()
  useEffect(() => {
    if (foundRows !== undefined) foundRowCounts.report(firstPage, { rows: foundRows, exact: foundExact })
  }, [foundRowCounts, firstPage, foundRows, foundExact])

  return { getRow, hasError, retry, startRows }
}
