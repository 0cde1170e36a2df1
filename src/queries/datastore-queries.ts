// The query options of every CKAN call the explorer makes: the same object feeds useQuery,
// useQueries, prefetchQuery and the cache lookups, so a key and its fetcher never drift apart.
// `api` is the instance's CKAN client; it is not in the keys because each instance has its own cache.
import { queryOptions } from '@tanstack/react-query'
import type { CkanClient } from '../api/ckan/ckan-client'
import { CkanError } from '../api/ckan/errors'
import type { Portal, SearchRequest } from '../api/ckan/types'
import { datastoreKeys } from './datastore-keys'

/** Retry only what a retry can fix: network trouble and server errors, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false
  if (!(error instanceof CkanError) || (error.kind !== 'network' && error.kind !== 'server')) return false
  // a portal that hung before it failed would make the user wait as long again, unexplained
  return (error.elapsedMs ?? 0) < SLOW_FAILURE_MS
}

/** A failure that took longer than this is reported at once, not retried. */
export const SLOW_FAILURE_MS = 5_000

/** One `datastore_search` call. The same options feed the first page, windowed pages and prefetches. */
export function searchQueryOptions(api: CkanClient, portal: Portal, request: SearchRequest) {
  return queryOptions({
    queryKey: datastoreKeys.search(portal, request),
    queryFn: ({ signal }) => api.datastoreSearch(portal, request, { signal }),
    staleTime: 5 * 60_000,
    // record pages are large and replaced whole: comparing them deeply would only cost time
    structuralSharing: false,
    retry: shouldRetry,
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
