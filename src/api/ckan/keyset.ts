// Keyset paging (issue 25, point 5): a page deep in a big table asked as `{"_id": {"gt": n}}` instead
// of `offset=n`. PostgreSQL reads and throws away every row before an offset, so on 1,000,000 rows a
// page at 90 % took 759 ms on the bundled server and 15 ms as a keyset (bench/RESULTS.md).
//
// A keyset gives the same rows as an offset only where row n is the record with `_id` n+1: an
// unfiltered view without a search, in `_id` order, of a table whose ids run 1…N without a gap
// (a freshly loaded table; one with deleted rows has gaps). The client (ckan-client.ts) checks that
// with a cheap request beside each keyset page (the largest `_id` and 2.12's exact total,
// `denseIdCount`) and checks the answer's first record (`keysetAnswerFits`); otherwise the page is
// asked for by offset. Only CKAN 2.12 applies the operators.
import type { SearchRequest, SearchResult } from './types'

/** Below this offset an offset costs little more than a keyset (50 ms against 16 ms at 50,000). */
export const KEYSET_MIN_OFFSET = 10_000

export type KeysetDirection = 'asc' | 'desc'

/** The direction of a request a keyset could answer, or null when it must use its offset. */
export function keysetDirection(request: SearchRequest): KeysetDirection | null {
  if ((request.offset ?? 0) < KEYSET_MIN_OFFSET) return null
  // a total would count only the records from the bound on
  if (request.includeTotal) return null
  if (request.q !== undefined && request.q !== '') return null
  if (request.filters && Object.keys(request.filters).length > 0) return null
  if (request.distinct) return null
  const sort = request.sort ?? []
  if (sort.length !== 1 || sort[0]!.field !== '_id') return null
  return sort[0]!.desc ? 'desc' : 'asc'
}

/** The request that asks for the largest `_id` and the exact number of records. */
export function densityProbe(resourceId: string): SearchRequest {
  return {
    resourceId,
    limit: 1,
    fields: ['_id'],
    sort: [{ field: '_id', desc: true }],
    includeTotal: true,
  }
}

/**
 * The number of records N when the table's ids are exactly 1…N, else null. `_id` is a positive
 * integer and unique, so N records whose largest id is N hold every id from 1 to N.
 */
export function denseIdCount(
  probe: Pick<SearchResult, 'records' | 'total' | 'totalWasEstimated'>,
): number | null {
  if (probe.total === undefined || probe.totalWasEstimated) return null
  if (probe.total === 0) return null
  const largest = probe.records[0]?._id
  return Number.isSafeInteger(largest) && largest === probe.total ? probe.total : null
}

/** The `_id` of the first record of the page at `offset`, in a table with ids 1…count. */
function firstIdAt(offset: number, direction: KeysetDirection, count: number): number {
  return direction === 'asc' ? offset + 1 : count - offset
}

/** The keyset form of `request` (its offset becomes an `_id` bound), for a table with ids 1…count. */
export function keysetRequest(
  request: SearchRequest,
  direction: KeysetDirection,
  count: number,
): SearchRequest {
  const { offset = 0, ...rest } = request
  const first = firstIdAt(offset, direction, count)
  return {
    ...rest,
    filters: { _id: direction === 'asc' ? { gte: first } : { lte: first } },
  }
}

/**
 * Whether a keyset answer holds the rows the offset would have: its first record is the expected
 * one (or, past the end, there is none). Otherwise the table changed since it was checked.
 */
export function keysetAnswerFits(
  result: Pick<SearchResult, 'records'>,
  offset: number,
  direction: KeysetDirection,
  count: number,
): boolean {
  if (offset >= count) return result.records.length === 0
  return result.records[0]?._id === firstIdAt(offset, direction, count)
}
