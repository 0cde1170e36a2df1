// Contracts of the CKAN API client. No React in src/api.
import type { CkanFilters } from './filters'

/** A portal: its base URL always ends in a locale segment, e.g. `https://open.canada.ca/data/en`. */
export interface Portal {
  baseUrl: string
  /** Raw API token, sent as the `Authorization` header to this portal's origin only. */
  token?: string
}

/** A `result.fields` entry. `type` is a PostgreSQL or legacy CKAN type name. */
export interface CkanField {
  id: string
  type: string
  info?: { label?: unknown; notes?: unknown; [key: string]: unknown }
}

export type CkanRecord = Record<string, unknown>

/** One sort key. The URL and CKAN write it as `"field" desc`. */
export interface SortKey {
  field: string
  desc: boolean
}

/** A filter value as CKAN accepts it in `filters`. */
export type { FilterScalar } from './filters'

/** `filters` in CKAN 2.12's syntax (api/ckan/filters.ts): always a JSON object. */
export type { CkanFilters } from './filters'

/** The parameters the explorer sends to `datastore_search` (only CKAN's known names go on the wire). */
export interface SearchRequest {
  resourceId: string
  q?: string
  /** false: `q` is tsquery syntax (used for prefix search). Omitted: CKAN's default (plain). */
  plain?: boolean
  language?: string
  filters?: CkanFilters
  limit: number
  offset?: number
  /** Kept as keys until the request is written (toSearchParams), where they become CKAN clauses. */
  sort?: readonly SortKey[]
  fields?: string[]
  includeTotal?: boolean
  totalEstimationThreshold?: number
  distinct?: boolean
}

export interface SearchResult {
  fields: CkanField[]
  records: CkanRecord[]
  /** Absent when the portal did not send it (include_total=false). */
  total?: number
  totalWasEstimated: boolean
  /** Set when the answer came through the explorer's server (the portal blocks other websites). */
  throughProxy?: true
  /**
   * Set when the portal could not apply the filters (CKAN before 2.12 has no ranges): it sent every
   * record its other filters and the search let through, and the browser applied the rest.
   */
  filteredInBrowser?: true
  /** The limit the portal applied (it may cap the requested one); absent on CKAN 2.7/2.8. */
  limit?: number
  offset: number
  /**
   * The table's own id, as the portal answers: for a table opened by an alias, CKAN gives the id of
   * the resource the alias points to, which is what its catalogue (resource_show) knows.
   */
  resourceId?: string
}

/** One resource offered by name (from package_search / resource_show / _table_metadata). */
export interface ResourceSummary {
  id: string
  name: string
  datasetTitle?: string
  description?: string
  /** Its row count, when the catalogue gives one (the bundled server's `datastore_rows`). */
  rows?: number
  /** Still being loaded into the DataStore (the bundled server's `datastore_loading`). */
  loading?: { rowsLoaded: number; rowsTotal: number }
}

export type CkanErrorKind =
  | 'not-found' // 404 Not Found Error
  | 'forbidden' // 403 Authorization Error
  | 'validation' // 409 Validation Error (bad filter, sort, ...)
  | 'timeout' // 409 {"query": ["Search took too long"]} or a gateway 504
  | 'slow-portal' // no answer within the client's time limit
  | 'invalid-query' // 409 {"query": ["Invalid query"]}
  | 'bad-request' // 400 bare string (unknown action, bad JSON)
  | 'server' // 5xx
  | 'not-ckan' // HTML or non-JSON body
  | 'broken-answer' // JSON cut off or malformed (a dropped connection, a proxy's size limit)
  | 'network' // unreachable, DNS, offline
  | 'cors' // the browser blocked the cross-origin request
  | 'proxy-refused' // the explorer's own server would not fetch it (message: the server's plain words)
  | 'contract' // JSON of an unexpected shape
  | 'operators-unsupported' // a range or OR the portal cannot apply (CKAN < 2.12), too many records to apply it here
  | 'aborted'
