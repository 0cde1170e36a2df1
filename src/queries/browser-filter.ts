// Filters a portal cannot apply (CKAN 2.9–2.11 have no ranges and no OR), applied in the browser:
// the portal sends every record that its own filters (values, lists) and the search let through, in
// one answer, sorted by the view's sort; the browser keeps those that match the rest
// (lib/filter-match.ts) and answers each request of the view (first page, window pages, profile
// sample, suggestions, export pages) from them. When more records match than one answer holds, or
// the browser cannot apply a condition exactly as the portal would, it refuses: a range is never
// dropped, and a result is never wrong. Loaded only when a portal needs it.
import { splitForOldPortal, type CkanFilters } from '../api/ckan/filters'
import { CkanError } from '../api/ckan/errors'
import type { CkanRecord, SearchRequest, SearchResult } from '../api/ckan/types'
import { createRecordMatcher, FilterMatchError, type RecordMatcher } from '../lib/filter-match'

/**
 * Records asked for in the one answer the browser filters: CKAN's default cap
 * (`ckan.datastore.search.rows_max`). A portal with a lower cap sends fewer and says so in its
 * answer's `limit`, as the export learns it.
 */
export const BROWSER_FILTER_ROWS = 32_000

/**
 * The request whose answer the browser filters for `request`: its search, the filters the portal
 * can apply and its sort, every column, as many records as one answer holds, counted. null when the
 * portal can apply every filter itself.
 */
export function portalPartRequest(request: SearchRequest): { base: SearchRequest; rest: CkanFilters } | null {
  if (!request.filters) return null
  const { portal, browser } = splitForOldPortal(request.filters)
  if (!browser) return null
  const base: SearchRequest = {
    resourceId: request.resourceId,
    limit: BROWSER_FILTER_ROWS,
    includeTotal: true,
  }
  if (request.q !== undefined && request.q !== '') {
    base.q = request.q
    if (request.plain !== undefined) base.plain = request.plain
    if (request.language !== undefined) base.language = request.language
  }
  if (portal) base.filters = portal
  // an unsorted request (a profile's sample) asks in the table's own default order: one answer for both
  base.sort = request.sort && request.sort.length > 0 ? request.sort : [{ field: '_id', desc: false }]
  return { base, rest: browser }
}

/** Whether `all` (the answer to a portalPartRequest) holds every record its request matches. */
export function holdsEveryMatch(all: SearchResult, asked: number): boolean {
  const received = all.records.length
  if (all.total !== undefined) return !all.totalWasEstimated && all.total <= received
  // CKAN 2.7/2.8 send no total: an answer shorter than both the request and the portal's cap is all
  return received < Math.min(asked, all.limit ?? asked)
}

/** The refusal: the portal cannot apply these filters, and the browser cannot either. */
export function operatorsRefused(all: SearchResult | null, asked: number): CkanError {
  return new CkanError('operators-unsupported', 'The portal cannot apply these filters (CKAN before 2.12)', {
    detail: all
      ? `${all.total ?? 'more than ' + all.records.length} records match the filters the portal can apply; one answer holds at most ${all.limit ?? asked}`
      : 'The browser cannot apply one of these filters as the portal would',
    ...(all ? { tooMany: { matching: all.total, cap: Math.min(all.limit ?? asked, asked) } } : {}),
  })
}

function refusalOf(error: unknown): unknown {
  if (!(error instanceof FilterMatchError)) return error
  if (error.problem === 'unsupported') return operatorsRefused(null, BROWSER_FILTER_ROWS)
  // what the portal itself would refuse: said as its 409 would say it
  return new CkanError(error.problem === 'bad-value' ? 'invalid-query' : 'validation', error.message, {
    fieldErrors: { filters: [error.message] },
  })
}

function matcherFor(rest: CkanFilters, all: SearchResult): RecordMatcher {
  try {
    return createRecordMatcher(rest, all.fields)
  } catch (error) {
    throw refusalOf(error)
  }
}

function project(record: CkanRecord, fields: readonly string[]): CkanRecord {
  const out: CkanRecord = {}
  for (const field of fields) {
    if (Object.hasOwn(record, field))
      Object.defineProperty(out, field, {
        value: record[field],
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return out
}

/**
 * The answer to `request` made from `all` (every record the portal's part matched, in the view's
 * order): the records that match `rest` too, with the request's columns, distinct values, offset and
 * limit. Throws the refusal when `all` does not hold every match.
 */
export function answerInBrowser(request: SearchRequest, all: SearchResult, rest: CkanFilters): SearchResult {
  if (!holdsEveryMatch(all, BROWSER_FILTER_ROWS)) throw operatorsRefused(all, BROWSER_FILTER_ROWS)
  const matches = matcherFor(rest, all)
  let records: CkanRecord[]
  try {
    records = all.records.filter(matches)
  } catch (error) {
    throw refusalOf(error)
  }
  let fields = all.fields
  if (request.fields && request.fields.length > 0) {
    const wanted = request.fields
    fields = wanted.flatMap((id) => all.fields.filter((field) => field.id === id))
    records = records.map((record) => project(record, wanted))
  }
  if (request.distinct) {
    const seen = new Set<string>()
    records = records.filter((record) => {
      const key = JSON.stringify(fields.map((field) => record[field.id] ?? null))
      return !seen.has(key) && !!seen.add(key)
    })
  }
  const offset = request.offset ?? 0
  const result: SearchResult = {
    fields,
    records: records.slice(offset, offset + request.limit),
    totalWasEstimated: false,
    limit: request.limit,
    offset,
    filteredInBrowser: true,
  }
  if (request.includeTotal !== false) result.total = records.length
  if (all.throughProxy) result.throughProxy = true
  return result
}
