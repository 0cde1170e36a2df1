import type { Portal, SearchRequest } from '../api/ckan/types'

/**
 * Query keys, from generic to specific. The token itself never goes in a key (keys can show up
 * in dev tools); only whether one is set, and the portal feature invalidates on token change.
 */
export const datastoreKeys = {
  all: ['datastore'] as const,
  /** Every answer from one portal, with a token or without. */
  portalPrefix: (baseUrl: string) => [...datastoreKeys.all, baseUrl] as const,
  portal: (portal: Portal) =>
    [...datastoreKeys.portalPrefix(portal.baseUrl), portal.token ? 'token' : 'anonymous'] as const,
  search: (portal: Portal, request: SearchRequest) =>
    [...datastoreKeys.portal(portal), 'search', request] as const,
  resourceSearch: (portal: Portal, text: string) =>
    [...datastoreKeys.portal(portal), 'resources', text] as const,
  resource: (portal: Portal, id: string) => [...datastoreKeys.portal(portal), 'resource', id] as const,
  rowCount: (portal: Portal, id: string) => [...datastoreKeys.portal(portal), 'row-count', id] as const,
}
