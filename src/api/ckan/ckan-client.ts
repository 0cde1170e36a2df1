// One explorer's way to its portals: the CKAN calls it makes, with what it learnt about each portal
// (parameters an old portal refuses) kept in this object, so two explorers on a page learn apart.
import type { CallOptions } from './client'
import { createPortalMemory, datastoreSearch } from './datastore-search'
import { createPortalRoutes } from './portal-routes'
import { statusShowsOperators } from './portal-version'
import { densityProbe, denseIdCount, keysetAnswerFits, keysetDirection, keysetRequest } from './keyset'
import type { Portal, ResourceSummary, SearchRequest, SearchResult } from './types'
import { pageHref } from './page-address'

type Options = Pick<CallOptions, 'signal' | 'timeoutMs' | 'method'>

const loadCatalog = () => import('./catalog')

export interface CkanClient {
  datastoreSearch(portal: Portal, request: SearchRequest, options?: Options): Promise<SearchResult>
  searchResources(portal: Portal, text: string, options?: Options): Promise<ResourceSummary[]>
  showResource(portal: Portal, id: string, options?: Options): Promise<ResourceSummary>
  listTableMetadata(portal: Portal, options?: Options): Promise<ResourceSummary[]>
  /** Whether this portal is reached through the explorer's server (it blocked a direct call). */
  throughProxy(portal: Portal): boolean
  /**
   * Whether the portal applies CKAN 2.12's filter operators (ranges, `$or`): learnt once per portal
   * (portal-version.ts), before the first such filter is sent, and remembered by this client.
   * `resourceId`: a table to ask about when only the shape of an answer can tell.
   */
  filterOperators(portal: Portal, resourceId: string): Promise<boolean>
}

export interface CkanClientOptions {
  /** For tests and hosts with their own fetch; the browser's by default. */
  fetch?: typeof fetch
  /** Absolute URL of the bundled server's read-only proxy, used for portals that block other websites. */
  proxyUrl?: string
}

export function createCkanClient({ fetch, proxyUrl }: CkanClientOptions = {}): CkanClient {
  const memory = createPortalMemory()
  const routes = createPortalRoutes(proxyUrl)
  const withDefaults = (options: Options = {}) => ({ ...options, routes, ...(fetch ? { fetch } : {}) })
  const operators = new Map<string, Promise<boolean>>()
  const learnOperators = async (portal: Portal, resourceId: string): Promise<boolean> => {
    const stated = await statusShowsOperators(portal, withDefaults())
    if (stated !== undefined) return stated
    if (!memory.answerShapes.has(portal.baseUrl))
      await datastoreSearch(portal, { resourceId, limit: 0 }, { ...withDefaults(), memory })
    // a portal that shows neither is treated as one without: the browser's filtering is never wrong
    return memory.answerShapes.get(portal.baseUrl) === 'operators'
  }
  const filterOperators = (portal: Portal, resourceId: string): Promise<boolean> => {
    const known = operators.get(portal.baseUrl)
    if (known) return known
    const learning = learnOperators(portal, resourceId)
    operators.set(portal.baseUrl, learning)
    // a failure (the portal unreachable) is not a verdict: the next filter asks again
    learning.catch(() => operators.delete(portal.baseUrl))
    return learning
  }
  const search = (portal: Portal, request: SearchRequest, options?: Options) =>
    datastoreSearch(portal, request, { ...withDefaults(options), memory })
  // per portal and table, the record count N last seen with ids exactly 1…N (keyset.ts)
  const denseCounts = new Map<string, number>()
  // one probe at a time per table: the pages asked together share it (so it runs under no page's signal)
  const probing = new Map<string, Promise<number | null>>()
  const probeDensity = (portal: Portal, resourceId: string, key: string, options?: Options) => {
    const running = probing.get(key)
    if (running) return running
    const probe = search(portal, densityProbe(resourceId), { timeoutMs: options?.timeoutMs })
      .then(denseIdCount)
      .finally(() => probing.delete(key))
    probing.set(key, probe)
    return probe
  }
  /**
   * A page deep in an unfiltered table in `_id` order, asked as a keyset where that gives the same
   * rows; null where the offset must be used. The table's ids are checked by a second request beside
   * each keyset page (two requests of a few ms instead of one of up to a second), so a row deleted
   * meanwhile can never shift the page.
   */
  const searchByKeyset = async (
    portal: Portal,
    request: SearchRequest,
    options?: Options,
  ): Promise<SearchResult | null> => {
    const direction = keysetDirection(request)
    if (!direction) return null
    const key = JSON.stringify([portal.baseUrl, request.resourceId])
    try {
      // known from the answers already read (2.12 echoes `include_next_page`): no call of its own,
      // as a portal without status_show would show a failed request for every deep page
      if (memory.answerShapes.get(portal.baseUrl) !== 'operators') return null
      const known = denseCounts.get(key) ?? (await probeDensity(portal, request.resourceId, key, options))
      if (known === null) return null
      const [result, count] = await Promise.all([
        search(portal, keysetRequest(request, direction, known), options),
        probeDensity(portal, request.resourceId, key, options),
      ])
      if (count === null) denseCounts.delete(key)
      else denseCounts.set(key, count)
      const offset = request.offset ?? 0
      return count === known && keysetAnswerFits(result, offset, direction, count)
        ? { ...result, offset }
        : null
    } catch (error) {
      if (options?.signal?.aborted) throw error
      // a portal that refuses the bound or the check (a proxy, a quirk): the offset answers
      denseCounts.delete(key)
      return null
    }
  }
  const throughProxy = (portal: Portal) => {
    try {
      return routes.throughProxy(new URL(portal.baseUrl, pageHref()).origin)
    } catch {
      return false
    }
  }
  return {
    datastoreSearch: async (portal, request, options) => {
      const result =
        (await searchByKeyset(portal, request, options)) ?? (await search(portal, request, options))
      return throughProxy(portal) ? { ...result, throughProxy: true } : result
    },
    // the catalogue's calls are loaded on first use: a table's link shows its rows without them
    searchResources: (portal, text, options) =>
      loadCatalog().then((catalog) => catalog.searchResources(portal, text, withDefaults(options))),
    showResource: (portal, id, options) =>
      loadCatalog().then((catalog) => catalog.showResource(portal, id, withDefaults(options))),
    listTableMetadata: (portal, options) =>
      loadCatalog().then((catalog) => catalog.listTableMetadata(portal, withDefaults(options))),
    throughProxy,
    filterOperators,
  }
}
