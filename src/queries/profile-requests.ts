// The requests behind a column's profile, built from the view's own request so that a profile
// follows the search and filters. Each is an ordinary datastore_search: they share the query cache
// with the grid and the filter dialog, and a profile costs at most 15 of them.
import { isInternalColumn, isRankColumn } from '../api/ckan/ckan-syntax'
import type { CkanField, FilterScalar, SearchRequest } from '../api/ckan/types'

/** Records read to measure what CKAN cannot count for us (empty values, mean, median, bins). */
export const PROFILE_SAMPLE = 5000
/** A wide table's sample holds fewer records, so that it stays about this many values. */
const SAMPLE_MAX_VALUES = 200_000
const SAMPLE_MIN_RECORDS = 500
/** Top values whose exact count is asked for, one request each, in parallel. */
export const PROFILE_TOP_VALUES = 10

/** What narrows the view: the search and the filters, never its sort, limit or offset. */
function scope(view: SearchRequest): SearchRequest {
  const request: SearchRequest = { resourceId: view.resourceId, limit: 0 }
  if (view.q) {
    request.q = view.q
    if (view.plain !== undefined) request.plain = view.plain
    if (view.language !== undefined) request.language = view.language
  }
  if (view.filters && Object.keys(view.filters).length > 0) request.filters = view.filters
  return request
}

export interface ProfileRequests {
  /** limit 0 with the exact total of the matching records. */
  total: SearchRequest
  /** one record, sorted ascending (empty values come last): the smallest value. */
  min: SearchRequest
  /** one record, sorted descending with empty values last: the largest value. */
  max: SearchRequest
  /** the column's distinct values: their count is the exact `total`. */
  distinct: SearchRequest
  /** the first matching records, every column (sampleRequest). */
  sample: SearchRequest
}

/** The data columns a profile can read: not `_id`, `_full_text` or a search's rank. */
export function profiledFieldIds(fields: readonly CkanField[]): string[] {
  return fields
    .map((field) => field.id)
    .filter((id) => id !== '_id' && !isInternalColumn(id) && !isRankColumn(id))
}

/**
 * The first matching records, every data column: one request (and one cache entry) for the strip
 * of every column and for any column's panel. PROFILE_SAMPLE records, fewer on a wide table.
 */
export function sampleRequest(view: SearchRequest, fieldIds: readonly string[]): SearchRequest {
  const size = Math.max(
    SAMPLE_MIN_RECORDS,
    Math.min(PROFILE_SAMPLE, Math.floor(SAMPLE_MAX_VALUES / Math.max(1, fieldIds.length))),
  )
  return { ...scope(view), fields: [...fieldIds], limit: size, includeTotal: false }
}

export function profileRequests(
  view: SearchRequest,
  field: string,
  fieldIds: readonly string[] = [field],
): ProfileRequests {
  const base = scope(view)
  return {
    total: { ...base, includeTotal: true },
    min: { ...base, fields: [field], sort: [{ field, desc: false }], limit: 1, includeTotal: false },
    max: { ...base, fields: [field], sort: [{ field, desc: true }], limit: 1, includeTotal: false },
    distinct: { ...base, fields: [field], distinct: true, includeTotal: true },
    sample: sampleRequest(view, fieldIds),
  }
}

/** The exact count of one value among the matching records (a filter on it, no records). */
export function valueCountRequest(view: SearchRequest, field: string, value: FilterScalar): SearchRequest {
  const base = scope(view)
  return { ...base, filters: { ...base.filters, [field]: [value] }, includeTotal: true }
}
