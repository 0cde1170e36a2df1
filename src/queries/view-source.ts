// Where every matching record of a view is read from (Download, the summaries, the map), so that
// they hold exactly the records the table shows. The table's own search (searchView) applies the
// view's filters as the portal can: CKAN 2.12 gets them all; a portal before 2.12 gets the values
// part, the browser matches the ranges and ORs over the one answer it holds (browser-filter.ts), or
// refuses plainly when more records match than one answer holds. Its dump cannot apply a range (2.11
// answers a range on text with no rows), so on such a portal the records come by those pages.
import type { QueryClient } from '@tanstack/react-query'
import type { CkanClient } from '../api/ckan/ckan-client'
import { needsOperators } from '../api/ckan/filters'
import type { Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import { searchView } from './datastore-queries'

export interface ViewSource {
  /** One datastore_search, answered as the table's are (the view's filters applied as the portal can). */
  search(request: SearchRequest, signal: AbortSignal): Promise<SearchResult>
  /** Whether the portal's dump endpoint can say the view: not through the proxy, nor past an old portal's filters. */
  dump: boolean
}

export async function viewSource(
  api: CkanClient,
  portal: Portal,
  view: SearchRequest,
  client: QueryClient,
): Promise<ViewSource> {
  const search = (request: SearchRequest, signal: AbortSignal) =>
    searchView(api, portal, request, signal, client)
  // a portal that blocks other websites would refuse the dump too: pages through the proxy
  if (api.throughProxy(portal)) return { search, dump: false }
  const portalFilters = !needsOperators(view.filters) || (await api.filterOperators(portal, view.resourceId))
  return { search, dump: portalFilters }
}
