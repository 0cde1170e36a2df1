// `_links` of a datastore_search result, built like CKAN 2.11's `_insert_links` from the current
// request's path and query string (so POST bodies never show up, exactly as in CKAN).
import { parseQslToDict, urlencode } from './python-compat.ts'
import type { Json } from './types.ts'

function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`
}

/**
 * `currentPath` may carry its own query string; `currentQuery` (with or without `?`) wins when given.
 */
export function buildLinks(
  currentPath: string,
  currentQuery: string,
  limit: number,
  offset: number,
): Record<string, Json> {
  const questionMark = currentPath.indexOf('?')
  const path = questionMark < 0 ? currentPath : currentPath.slice(0, questionMark)
  const ownQuery = questionMark < 0 ? '' : currentPath.slice(questionMark + 1)
  const query = currentQuery.replace(/^\?/, '') || ownQuery

  const args = parseQslToDict(query)
  const start = new Map(args)
  start.delete('offset')
  const next = new Map(args)
  next.set('offset', String(offset + limit))
  const prev = new Map(args)
  prev.set('offset', String(offset - limit))

  const links: Record<string, Json> = {
    start: withQuery(path, urlencode(start)),
    next: withQuery(path, urlencode(next)),
  }
  if (offset - limit > 0) links['prev'] = withQuery(path, urlencode(prev))
  return links
}
