// The query options of every CKAN call the explorer makes: the same object feeds useQuery,
// useQueries, prefetchQuery and the cache lookups, so a key and its fetcher never drift apart.
// `api` is the instance's CKAN client; it is not in the keys because each instance has its own cache.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CkanClient } from '../api/ckan/ckan-client'
import { CkanError } from '../api/ckan/errors'
import { needsOperators } from '../api/ckan/filters'
import type { Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import { datastoreKeys } from './datastore-keys'
import { sameExceptSort } from './sort-decision'

/** Retry only what a retry can fix: network trouble and server errors, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false
  if (!(error instanceof CkanError) || (error.kind !== 'network' && error.kind !== 'server')) return false
  // a portal that hung before it failed would make the user wait as long again, unexplained
  return (error.elapsedMs ?? 0) < SLOW_FAILURE_MS
}

/** A failure that took longer than this is reported at once, not retried. */
export const SLOW_FAILURE_MS = 5_000

/**
 * One `datastore_search` call. The same options feed the first page, windowed pages and prefetches.
 * Filters that the portal cannot apply (a range on CKAN 2.9–2.11) are applied in the browser, or
 * refused (browser-filter.ts): the answer is never a wider result than the view asks for.
 */
export function searchQueryOptions(api: CkanClient, portal: Portal, request: SearchRequest) {
  return queryOptions({
    queryKey: datastoreKeys.search(portal, request),
    queryFn: ({ signal, client }) => searchView(api, portal, request, signal, client),
    staleTime: 5 * 60_000,
    // record pages are large and replaced whole: comparing them deeply would only cost time
    structuralSharing: false,
    retry: shouldRetry,
  })
}

/**
 * `request`'s answer: from the portal, or, where it cannot apply the filters, from the one answer of
 * the part it can apply, filtered in the browser (that answer is cached: the view's other requests,
 * its window pages and the export read it again).
 */
export async function searchView(
  api: CkanClient,
  portal: Portal,
  request: SearchRequest,
  signal: AbortSignal | undefined,
  client: QueryClient,
): Promise<SearchResult> {
  if (!needsOperators(request.filters) || (await api.filterOperators(portal, request.resourceId)))
    return api.datastoreSearch(portal, request, { signal })
  const { portalPartRequest, answerInBrowser } = await import('./browser-filter')
  const part = portalPartRequest(request)!
  // an unsorted request (a profile's sample, suggestions) can read the view's own answer in any order
  const cached =
    !request.sort?.length &&
    client
      .getQueriesData<SearchResult>({ queryKey: [...datastoreKeys.portal(portal), 'search'] })
      .find(([key, data]) => {
        const asked = key.at(-1) as SearchRequest | undefined
        return data !== undefined && asked !== undefined && sameExceptSort(asked, part.base)
      })?.[1]
  const all = cached || (await client.fetchQuery(searchQueryOptions(api, portal, part.base)))
  return answerInBrowser(request, all, part.rest)
}

/** Whether a portal applies CKAN 2.12's filter operators (learnt once per portal by the client). */
export function filterOperatorsQueryOptions(api: CkanClient, portal: Portal, resourceId: string) {
  return queryOptions({
    // (the client learns it once per portal; the table only names what to ask about if it must)
    queryKey: [...datastoreKeys.portal(portal), 'filter-operators', resourceId] as const,
    queryFn: () => api.filterOperators(portal, resourceId),
    staleTime: Infinity,
    retry: false,
  })
}

/** While a listed table is still loading (the bundled server's first start), its progress is asked again this often. */
export const LOADING_REFRESH_MS = 2000

export function resourceSearchQueryOptions(api: CkanClient, portal: Portal, text: string) {
  return queryOptions({
    queryKey: datastoreKeys.resourceSearch(portal, text),
    queryFn: ({ signal }) => api.searchResources(portal, text, { signal }),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
    refetchInterval: (query) =>
      query.state.data?.some((table) => table.loading !== undefined) ? LOADING_REFRESH_MS : false,
  })
}

export function resourceQueryOptions(api: CkanClient, portal: Portal, id: string) {
  return queryOptions({
    queryKey: datastoreKeys.resource(portal, id),
    queryFn: ({ signal }) => api.showResource(portal, id, { signal }),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  })
}

/** A table's row count, for the list of tables: one search that asks for no records. */
export function rowCountQueryOptions(api: CkanClient, portal: Portal, id: string) {
  return queryOptions({
    queryKey: datastoreKeys.rowCount(portal, id),
    queryFn: async ({ signal }) =>
      (await api.datastoreSearch(portal, { resourceId: id, limit: 0 }, { signal })).total ?? null,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
