// Sorting is done in the browser only when it cannot change which records are shown: the loaded
// first page already holds every matching record. Otherwise the portal sorts (a new request).
import type { SearchRequest, SearchResult } from '../api/ckan/types'
import { holdsEveryRecord } from './page-plan'

export type SortPlan = { kind: 'local'; request: SearchRequest } | { kind: 'server' }

/**
 * What to do when the user changes the sort while `shown` (fetched with `shownRequest`) is on screen:
 * keep `shownRequest` and sort locally, or let the new sort go to the portal.
 */
export function planSortChange(
  shown: Pick<SearchResult, 'records' | 'total' | 'totalWasEstimated'> | undefined,
  shownRequest: SearchRequest | undefined,
): SortPlan {
  if (!shown || !shownRequest) return { kind: 'server' }
  return holdsEveryRecord(shown) ? { kind: 'local', request: shownRequest } : { kind: 'server' }
}

/** JSON with object keys in a stable order at every depth (arrays keep their order: it matters). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

function withoutSort(request: SearchRequest): string {
  const { sort: _sort, ...rest } = request
  return canonical(rest)
}

/** True when two requests ask for the same records apart from their order. */
export function sameExceptSort(a: SearchRequest, b: SearchRequest): boolean {
  return withoutSort(a) === withoutSort(b)
}

/**
 * The request to fetch now. A local-sort request stays in force while only the sort differs from
 * what the state asks for; any other change (search, filter, limit, resource) goes back to the portal.
 */
export function effectiveRequest(
  desired: SearchRequest,
  localSortBase: SearchRequest | null,
): { request: SearchRequest; sortLocally: boolean } {
  if (localSortBase && sameExceptSort(desired, localSortBase)) {
    return { request: localSortBase, sortLocally: canonical(desired.sort) !== canonical(localSortBase.sort) }
  }
  return { request: desired, sortLocally: false }
}
