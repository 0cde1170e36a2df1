// The one datastore_search per user change: the first page of the view. Everything else (more
// pages, suggestions) hangs off it. The query key is derived from the state, so React StrictMode's
// double effects, re-renders and Back/Forward reuse the cache instead of fetching again.
import { keepPreviousData, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import type { Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import type { ExplorerState } from '../model/explorer-state'
import { toSearchRequest } from '../model/to-search-request'
import { useEnvironment } from '../instance/environment'
import { searchQueryOptions } from '../queries/datastore-queries'
import { firstPageLimit } from '../queries/page-plan'
import { effectiveRequest, planSortChange } from '../queries/sort-decision'

/** Only while nothing is chosen: keeps the hook unconditional. Never fetched (enabled: false). */
const NO_REQUEST: SearchRequest = { resourceId: '', limit: 0 }

function requestOfQuery(query: Query | undefined): SearchRequest | undefined {
  const key = query?.queryKey
  const last = Array.isArray(key) ? key.at(-1) : undefined
  return typeof last === 'object' && last !== null && 'resourceId' in last
    ? (last as SearchRequest)
    : undefined
}

export function desiredFirstPageRequest(state: ExplorerState): SearchRequest | null {
  if (!state.resourceId) return null
  return toSearchRequest(state, { pageOffset: 0, pageLimit: firstPageLimit(state.limit), includeTotal: true })
}

/** The first-page request of `state` (null while no table is chosen), and whether its sort is local. */
function firstPageFor(
  state: ExplorerState,
  localSortBase: SearchRequest | null,
): { request: SearchRequest | null; sortLocally: boolean } {
  const desired = desiredFirstPageRequest(state)
  return desired ? effectiveRequest(desired, localSortBase) : { request: null, sortLocally: false }
}

export function useFirstPage(portal: Portal, state: ExplorerState) {
  const { api } = useEnvironment()
  // the request whose rows are sorted in the browser, while only the sort differs from the state
  const [localSortBase, setLocalSortBase] = useState<SearchRequest | null>(null)
  // one object per state: FirstPageFetcher's effect runs when the request changes, not on every render
  const { request, sortLocally } = useMemo(() => firstPageFor(state, localSortBase), [state, localSortBase])

  const query = useQuery({
    ...searchQueryOptions(api, portal, request ?? NO_REQUEST),
    enabled: request !== null,
    // old rows stay on screen (marked busy) while a new search of the SAME table loads; another
    // table's rows would only mislead
    placeholderData: (previous: SearchResult | undefined, previousQuery) => {
      const previousRequest = requestOfQuery(previousQuery as Query | undefined)
      if (!request || !previousRequest || previousRequest.resourceId !== request.resourceId) return undefined
      return keepPreviousData(previous)
    },
  })

  /**
   * Decides, at the moment of the click, whether the new sort is local or goes to the portal. Returns
   * the request kept for a local sort (null: the portal sorts), for `prefetch`.
   */
  const prepareSortChange = (): SearchRequest | null => {
    const shown = query.data && !query.isPlaceholderData ? query.data : undefined
    const plan = planSortChange(shown, request ?? undefined)
    const base = plan.kind === 'local' ? plan.request : null
    setLocalSortBase(base)
    return base
  }

  /**
   * Sends the request of the state the user just chose, in the same event: the render that follows
   * (the table marked busy, the new header) then overlaps the round trip instead of coming before it.
   * The query above finds it in flight under the same key, so it is still one request.
   */
  const queryClient = useQueryClient()
  const prefetch = (next: ExplorerState, nextLocalSortBase: SearchRequest | null = localSortBase) => {
    const planned = firstPageFor(next, nextLocalSortBase)
    if (planned.request && !planned.sortLocally)
      void queryClient.prefetchQuery(searchQueryOptions(api, portal, planned.request))
  }

  return { query, request, sortLocally, prepareSortChange, prefetch }
}

/**
 * Sends the first page's request from its effect and renders nothing (useFirstPage's query then finds
 * it in flight: one request). Render it first in the page: the first child's passive effects run
 * first, so the other components' effects overlap the round trip instead of preceding it. Not a layout
 * effect: the answer of a near portal would then meet the page's first paint.
 */
export function FirstPageFetcher({ portal, request }: { portal: Portal; request: SearchRequest | null }) {
  const queryClient = useQueryClient()
  const { api } = useEnvironment()
  useEffect(() => {
    if (request) void queryClient.prefetchQuery(searchQueryOptions(api, portal, request))
  }, [queryClient, api, portal, request])
  return null
}
