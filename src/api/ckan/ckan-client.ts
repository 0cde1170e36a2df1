// One explorer's way to its portals: the CKAN calls it makes, with what it learnt about each portal
// (parameters an old portal refuses) kept in this object, so two explorers on a page learn apart.
import { listTableMetadata, searchResources, showResource } from './catalog'
import type { CallOptions } from './client'
import { createPortalMemory, datastoreSearch } from './datastore-search'
import type { Portal, ResourceSummary, SearchRequest, SearchResult } from './types'

type Options = Pick<CallOptions, 'signal' | 'timeoutMs' | 'method'>

export interface CkanClient {
  datastoreSearch(portal: Portal, request: SearchRequest, options?: Options): Promise<SearchResult>
  searchResources(portal: Portal, text: string, options?: Options): Promise<ResourceSummary[]>
  showResource(portal: Portal, id: string, options?: Options): Promise<ResourceSummary>
  listTableMetadata(portal: Portal, options?: Options): Promise<ResourceSummary[]>
}

export interface CkanClientOptions {
  /** For tests and hosts with their own fetch; the browser's by default. */
  fetch?: typeof fetch
}

export function createCkanClient({ fetch }: CkanClientOptions = {}): CkanClient {
  const memory = createPortalMemory()
  const withDefaults = (options: Options = {}) => (fetch ? { ...options, fetch } : options)
  return {
    datastoreSearch: (portal, request, options) =>
      datastoreSearch(portal, request, { ...withDefaults(options), memory }),
    searchResources: (portal, text, options) => searchResources(portal, text, withDefaults(options)),
    showResource: (portal, id, options) => showResource(portal, id, withDefaults(options)),
    listTableMetadata: (portal, options) => listTableMetadata(portal, withDefaults(options)),
  }
}
