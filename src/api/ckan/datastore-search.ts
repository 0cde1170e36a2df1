import { formatSortClauses, isInternalColumn, isRankColumn } from './ckan-syntax'
import { callAction, type CallOptions } from './client'
import { CkanError, isPlainObject } from './errors'
import { parseOrThrow, searchResultSchema, type SearchResultBody } from './schemas'
import type { CkanField, Portal, SearchRequest, SearchResult } from './types'

/**
 * The wire parameters of a SearchRequest, with CKAN's names and only the ones set.
 * `sort` is sent as a list of clauses so that a quoted name containing a comma stays whole; descending
 * clauses end with `nulls last` unless `nullsLast` is false (a portal older than CKAN 2.10).
 */
export function toSearchParams(
  request: SearchRequest,
  options: { nullsLast?: boolean } = {},
): Record<string, unknown> {
  const params: Record<string, unknown> = { resource_id: request.resourceId }
  if (request.q !== undefined && request.q !== '') {
    params.q = request.q
    if (request.plain !== undefined) params.plain = request.plain
    if (request.language !== undefined) params.language = request.language
  }
  if (request.filters && Object.keys(request.filters).length > 0) params.filters = request.filters
  params.limit = request.limit
  if (request.offset !== undefined && request.offset > 0) params.offset = request.offset
  if (request.sort !== undefined && request.sort.length > 0)
    params.sort = formatSortClauses(request.sort, { nullsLast: options.nullsLast !== false })
  if (request.fields && request.fields.length > 0) params.fields = request.fields
  if (request.includeTotal !== undefined) params.include_total = request.includeTotal
  if (request.includeTotal !== false && request.totalEstimationThreshold !== undefined) {
    params.total_estimation_threshold = request.totalEstimationThreshold
  }
  if (request.distinct) params.distinct = true
  return params
}

function toFields(body: SearchResultBody, requestedFields: readonly string[] | undefined): CkanField[] {
  const fields: CkanField[] = []
  for (const field of body.fields) {
    if (isInternalColumn(field.id)) continue
    // `rank` is a search score, not data: keep it only when the caller asked for it by name.
    if (isRankColumn(field.id)) {
      if (!requestedFields?.includes(field.id)) continue
    }
    const info = field.info
    const entry: CkanField = { id: field.id, type: field.type }
    if (typeof info === 'object' && info !== null && !Array.isArray(info))
      entry.info = info as CkanField['info']
    fields.push(entry)
  }
  return fields
}

/** Validates a `datastore_search` result and maps it to the explorer's SearchResult. */
export function toSearchResult(
  result: unknown,
  request?: Pick<SearchRequest, 'fields' | 'offset'>,
): SearchResult {
  const body = parseOrThrow(searchResultSchema, result, 'search result')
  const searchResult: SearchResult = {
    fields: toFields(body, request?.fields),
    records: body.records,
    totalWasEstimated: body.total_was_estimated === true,
    offset: body.offset ?? request?.offset ?? 0,
  }
  if (body.total !== undefined && body.total !== null) searchResult.total = body.total
  // The limit the portal applied (it caps silently); absent on CKAN 2.7/2.8 when not sent.
  if (body.limit !== undefined && body.limit !== null) searchResult.limit = body.limit
  if (typeof body.resource_id === 'string' && body.resource_id !== '')
    searchResult.resourceId = body.resource_id
  return searchResult
}

/**
 * What a datastore_search answer's shape says of filter operators: 'operators' (CKAN 2.12+ echoes
 * `include_next_page` and has no `_links`), 'none' (2.9–2.11 always send `_links`), or nothing.
 */
export type AnswerShape = 'operators' | 'none'

export function answerShape(result: unknown): AnswerShape | undefined {
  if (!isPlainObject(result)) return undefined
  if ('include_next_page' in result && !('_links' in result)) return 'operators'
  if ('_links' in result || 'total_was_estimated' in result) return 'none'
  return undefined
}

/**
 * Optional parameters that older portals do not know (`total_estimation_threshold` came with CKAN 2.9,
 * `include_total` with 2.7). CKAN answers an unknown parameter with a 409 `__junk` error, so when
 * that happens the request is sent again without them, and the portal is remembered.
 */
const OPTIONAL_PARAMS = ['total_estimation_threshold', 'include_total'] as const

/**
 * What one explorer learnt about its portals: the optional parameters each one refused, and the
 * portals (base URLs) that refused `nulls last` in a sort clause.
 */
export interface PortalMemory {
  unsupportedParams: Map<string, Set<string>>
  nullsLastRefused: Set<string>
  /** What the shape of each portal's answers says about filter operators (portal-version.ts). */
  answerShapes: Map<string, AnswerShape>
}

export function createPortalMemory(): PortalMemory {
  return { unsupportedParams: new Map(), nullsLastRefused: new Set(), answerShapes: new Map() }
}

/**
 * Whether a search with `nulls last` sort clauses failed on its sort: CKAN before 2.10 reads
 * `year desc nulls last` as a column name and answers a 409 with field errors under `sort`.
 */
function sortRefused(error: unknown, params: Record<string, unknown>): boolean {
  if (!(error instanceof CkanError) || error.kind !== 'validation' || !error.fieldErrors?.sort) return false
  return Array.isArray(params.sort) && params.sort.some((clause) => String(clause).endsWith(' nulls last'))
}

function junkParam(error: unknown, params: Record<string, unknown>): string | null {
  if (!(error instanceof CkanError) || error.kind !== 'validation') return null
  const junk = error.fieldErrors?.__junk
  if (!junk) return null
  const text = junk.join(' ')
  // 2.9+ names the parameter; older versions only say "__junk".
  const named = OPTIONAL_PARAMS.find((name) => name in params && text.includes(name))
  return named ?? OPTIONAL_PARAMS.find((name) => name in params) ?? null
}

/** One `datastore_search` call. Records keep every key the portal sent; `fields` drive the columns. */
export async function datastoreSearch(
  portal: Portal,
  request: SearchRequest,
  options: Pick<CallOptions, 'signal' | 'fetch' | 'timeoutMs' | 'method' | 'routes'> & {
    memory?: PortalMemory
  } = {},
): Promise<SearchResult> {
  const nullsLastRefused = options.memory?.nullsLastRefused ?? new Set<string>()
  const params = toSearchParams(request, { nullsLast: !nullsLastRefused.has(portal.baseUrl) })
  const unsupportedByPortal = options.memory?.unsupportedParams ?? new Map<string, Set<string>>()
  const unsupported = unsupportedByPortal.get(portal.baseUrl) ?? new Set<string>()
  for (const name of unsupported) delete params[name]
  // CKAN 2.12 orders a search's records by rank, which its SELECT DISTINCT cannot (409 "Invalid
  // query"): there the distinct values of a search are asked in their own order. Not before 2.12,
  // where a sort makes DISTINCT read only the first page of sorted rows (2.10.8+, 2.11.3+).
  if (
    request.distinct &&
    params.q !== undefined &&
    !params.sort &&
    request.fields?.length &&
    options.memory?.answerShapes.get(portal.baseUrl) === 'operators'
  ) {
    params.sort = formatSortClauses(request.fields.map((field) => ({ field, desc: false })))
  }
  // set while a search goes again with plain `desc` clauses: remembered once that one is answered
  let withoutNullsLast = false
  for (;;) {
    try {
      const { memory: _memory, ...callOptions } = options
      const result = await callAction(portal, 'datastore_search', params, callOptions)
      const searchResult = toSearchResult(result, request)
      const shape = answerShape(result)
      if (shape) options.memory?.answerShapes.set(portal.baseUrl, shape)
      if (withoutNullsLast) nullsLastRefused.add(portal.baseUrl)
      return searchResult
    } catch (error) {
      if (!withoutNullsLast && request.sort && sortRefused(error, params)) {
        // once, and the portal is remembered only if the plain clauses are accepted: a sort on a
        // column that does not exist fails on every portal, and is reported as such
        withoutNullsLast = true
        params.sort = formatSortClauses(request.sort)
        continue
      }
      const name = junkParam(error, params)
      if (!name) throw error
      delete params[name]
      unsupported.add(name)
      unsupportedByPortal.set(portal.baseUrl, unsupported)
    }
  }
}
