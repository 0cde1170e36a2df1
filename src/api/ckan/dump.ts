// CKAN's dump endpoint (`<portal>/datastore/dump/<resource_id>`): every matching record of a view as
// one streamed CSV or JSON answer, without datastore_search's row cap. Only the URL, the request and
// the opening of the stream live here; reading the stream is dump-readers.ts. No React.
import { formatSortClauses } from './ckan-syntax'
import { CkanError, errorFromFetchFailure, errorFromResponse } from './errors'
import type { PreparedRequest } from './client'
import type { CkanFilters, Portal, SortKey } from './types'
import { pageHref } from './page-address'

export type DumpFormat = 'csv' | 'json'

/** The view, as the dump takes it: datastore_search's parameters, `fields` in the order wanted. */
export interface DumpRequest {
  resourceId: string
  q?: string
  plain?: boolean
  language?: string
  filters?: CkanFilters
  sort?: readonly SortKey[]
  fields: readonly string[]
  /** Records to skip (a dump resumed after a dropped connection). */
  offset?: number
  /** Absent: every matching record. */
  limit?: number
}

/**
 * The dump's URL, under the portal's base (locale prefix included, as CKAN routes it); null when the
 * view cannot be said in the dump's query string: it splits `fields` and `sort` on every comma, so a
 * column name with a comma can only reach CKAN in datastore_search's JSON lists. `nullsLast: false`
 * for a portal older than CKAN 2.10, which refuses `nulls last` in a sort clause.
 */
export function dumpUrl(
  baseUrl: string,
  request: DumpRequest,
  format: DumpFormat,
  { nullsLast = true }: { nullsLast?: boolean } = {},
): string | null {
  const base = new URL(baseUrl, pageHref())
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return null
  const sortClauses = formatSortClauses(request.sort ?? [], { nullsLast })
  if (request.fields.some((id) => id.includes(',')) || sortClauses.some((clause) => clause.includes(',')))
    return null
  const params = new URLSearchParams({ format })
  if (request.q !== undefined && request.q !== '') {
    params.set('q', request.q)
    if (request.plain !== undefined) params.set('plain', String(request.plain))
    if (request.language !== undefined) params.set('language', request.language)
  }
  if (request.filters && Object.keys(request.filters).length > 0)
    params.set('filters', JSON.stringify(request.filters))
  if (sortClauses.length > 0) params.set('sort', sortClauses.join(','))
  params.set('fields', request.fields.join(','))
  if (request.offset !== undefined && request.offset > 0) params.set('offset', String(request.offset))
  if (request.limit !== undefined) params.set('limit', String(request.limit))
  const path = `${base.pathname.replace(/\/+$/, '')}/datastore/dump/${encodeURIComponent(request.resourceId)}`
  return `${base.origin}${path}?${params.toString()}`
}

/**
 * The dump's GET, with the token in `Authorization` only when the dump goes to the portal's own
 * origin (the rule of client.ts prepareRequest). Null when the view cannot be dumped (see dumpUrl).
 */
export function prepareDumpRequest(
  portal: Portal,
  request: DumpRequest,
  format: DumpFormat,
): PreparedRequest | null {
  const url = dumpUrl(portal.baseUrl, request, format)
  if (url === null) return null
  const headers: Record<string, string> = {}
  const token = portal.token?.trim()
  if (token) {
    const portalOrigin = new URL(portal.baseUrl, pageHref()).origin
    if (new URL(url).origin !== portalOrigin) return null
    headers.Authorization = token
  }
  return { url, init: { method: 'GET', headers, credentials: 'omit' } }
}

const EXPECTED_TYPE: Record<DumpFormat, RegExp> = { csv: /\btext\/csv\b/i, json: /\bjson\b/i }

/**
 * Sends the dump request and returns its body as a stream once the answer is known to be the file
 * asked for. Throws CkanError otherwise: a missing endpoint (404, an HTML page), a refusal (CORS, an
 * unreachable portal), a 409 for the view, or 5xx/429 (`status` says which, for retries).
 */
export async function openDump(
  prepared: PreparedRequest,
  format: DumpFormat,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis)
  let response: Response
  try {
    response = await fetchImpl(prepared.url, { ...prepared.init, signal: options.signal ?? null })
  } catch (failure) {
    throw errorFromFetchFailure(failure, prepared.url)
  }
  const contentType = response.headers.get('content-type')
  if (!response.ok) {
    const body = await response.text().catch(() => '')
    throw errorFromResponse(response.status, contentType, body)
  }
  if (!contentType || !EXPECTED_TYPE[format].test(contentType) || !response.body) {
    await response.body?.cancel().catch(() => undefined)
    throw new CkanError('not-ckan', `Not a ${format.toUpperCase()} dump`, {
      status: response.status,
      detail: `Content-Type: ${contentType ?? 'none'}`,
    })
  }
  return response.body
}
