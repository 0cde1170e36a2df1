import { queryOptions } from '@tanstack/react-query'
import { listTableMetadata, searchResources, showResource } from '../api/ckan/catalog'
import { datastoreSearch } from '../api/ckan/datastore-search'
import { CkanError } from '../api/ckan/errors'
import type { Portal, SearchRequest } from '../api/ckan/types'
import { datastoreKeys } from './datastore-keys'

/** Retry only what a retry can fix: network trouble and server errors, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false
  return error instanceof CkanError && (error.kind === 'network' || error.kind === 'server')
}

/** One `datastore_search` call. The same options feed the first page, windowed pages and prefetches. */
export function searchQueryOptions(portal: Portal, request: SearchRequest) {
  return queryOptions({
    queryKey: datastoreKeys.search(portal, request),
    queryFn: ({ signal }) => datastoreSearch(portal, request, { signal }),
    staleTime: 5 * 60_000,
    // record pages are large and replaced whole: comparing them deeply would only cost time
    structuralSharing: false,
    retry: shouldRetry,
  })
}

export function resourceSearchQueryOptions(portal: Portal, text: string) {
  return queryOptions({
    queryKey: datastoreKeys.resourceSearch(portal, text),
    queryFn: ({ signal }) => searchResources(portal, text, { signal }),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  })
}

export function resourceQueryOptions(portal: Portal, id: string) {
  return queryOptions({
    queryKey: datastoreKeys.resource(portal, id),
    queryFn: ({ signal }) => showResource(portal, id, { signal }),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  })
}

export function tableMetadataQueryOptions(portal: Portal) {
  return queryOptions({
    queryKey: datastoreKeys.tableMetadata(portal),
    queryFn: ({ signal }) => listTableMetadata(portal, { signal }),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  })
}
