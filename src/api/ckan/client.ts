// The one place that talks HTTP to a CKAN portal.
//
// - GET without a token while the URL stays short: a "simple" cross-origin request, no CORS
//   preflight, which is what most portals allow. No custom header is ever added to a GET.
// - POST JSON otherwise (token present, long URL, or a list value that GET cannot carry).
// - The token goes raw in `Authorization` (CKAN wants no `Bearer`), only to the portal's own origin,
//   never in a URL. Cookies are never sent (`credentials: 'omit'`).
// - Only the parameters given are sent: CKAN answers 409 to unknown ones (cache busters included).
import { CkanError, errorFromFetchFailure, errorFromResponse, REQUEST_TIMEOUT_MS } from './errors'
import { proxiedUrl, type PortalRoutes } from './portal-routes'
import { envelopeSchema, parseOrThrow } from './schemas'
import type { Portal } from './types'
import { pageHref } from './page-address'

/** Beyond this, some proxies and browsers refuse the URL: switch to POST. */
export const MAX_GET_URL_LENGTH = 1800

export interface CallOptions {
  signal?: AbortSignal
  /** Forces a method; otherwise GET when possible. */
  method?: 'GET' | 'POST'
  /** Client-side time limit; the default is 30 s. */
  timeoutMs?: number
  /** For tests and embedding hosts. */
  fetch?: typeof fetch
  /** Which portals this explorer reaches through its server's proxy (none: always direct). */
  routes?: PortalRoutes
}

/**
 * A blocked call this late is not a CORS refusal (those come at once) but a portal that hung and then
 * dropped the connection: repeating it through the proxy would only make the user wait longer.
 */
const LEAST_TIME_FOR_PROXY_MS = 5_000

/** `https://open.canada.ca/data/en` + `datastore_search` → `https://open.canada.ca/data/en/api/3/action/datastore_search`. */
export function actionUrl(baseUrl: string, action: string): string {
  if (!/^[a-z_]+$/.test(action)) throw new Error(`Not a CKAN action name: ${action}`)
  // A relative base URL ("/en") means the page's own server.
  const base = new URL(baseUrl, pageHref())
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new Error(`Not a web address: ${baseUrl}`)
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/3/action/${action}`
}

function encodeGetValue(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    // CKAN splits a comma-joined string back into the list (fields, sort).
    return value.map((item) => String(item)).join(',')
  }
  // Dicts (filters, q by field) travel as JSON text, which CKAN's json validators parse.
  return JSON.stringify(value)
}

/** Whether every value survives the GET encoding (a list item with a comma would be split by CKAN). */
export function canEncodeAsGet(params: Record<string, unknown>): boolean {
  return Object.values(params).every(
    (value) =>
      !Array.isArray(value) || value.every((item) => typeof item !== 'string' || !item.includes(',')),
  )
}

/** The GET query string, in the given key order; undefined/null values are left out. */
export function encodeGetParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    const encoded = encodeGetValue(value)
    if (encoded !== null) search.append(key, encoded)
  }
  return search.toString()
}

function withoutEmpty(params: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return body
}

export interface PreparedRequest {
  url: string
  init: RequestInit & { headers: Record<string, string> }
}

/** Builds URL and fetch options; pure, so tests can check exactly what goes on the wire. */
export function prepareRequest(
  portal: Portal,
  action: string,
  params: Record<string, unknown>,
  method?: 'GET' | 'POST',
): PreparedRequest {
  const baseUrl = actionUrl(portal.baseUrl, action)
  const token = portal.token?.trim() || undefined
  const query = encodeGetParams(params)
  const getUrl = query ? `${baseUrl}?${query}` : baseUrl
  const useGet =
    method === 'GET' ||
    (method === undefined && !token && getUrl.length < MAX_GET_URL_LENGTH && canEncodeAsGet(params))
  if (useGet) {
    return { url: getUrl, init: { method: 'GET', headers: {}, credentials: 'omit' } }
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) {
    const portalOrigin = new URL(portal.baseUrl, pageHref()).origin
    if (new URL(baseUrl).origin !== portalOrigin) {
      throw new Error('Refusing to send the API token to another origin than the portal’s')
    }
    headers.Authorization = token
  }
  return {
    url: baseUrl,
    init: { method: 'POST', headers, credentials: 'omit', body: JSON.stringify(withoutEmpty(params)) },
  }
}

/**
 * Calls a CKAN action and returns its `result` (unvalidated: each action parses its own shape).
 * Throws CkanError for every failure: HTTP, CKAN error bodies, HTML answers, CORS, timeouts, aborts.
 * When the browser blocks a direct call and a proxy is there, the call is repeated through it, within
 * the same time limit, and the portal is reached that way from then on.
 */
export async function callAction(
  portal: Portal,
  action: string,
  params: Record<string, unknown>,
  options: CallOptions = {},
): Promise<unknown> {
  let prepared: PreparedRequest
  try {
    prepared = prepareRequest(portal, action, params, options.method)
  } catch (failure) {
    throw new CkanError('not-ckan', 'Invalid portal address', { detail: String(failure), cause: failure })
  }
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const { routes } = options
  const proxyUrl = routes?.proxyUrl
  const portalOrigin = new URL(prepared.url).origin
  if (proxyUrl && routes.throughProxy(portalOrigin)) {
    return send(throughProxy(prepared, proxyUrl), timeoutMs, options)
  }
  const started = Date.now()
  try {
    return await send(prepared, timeoutMs, options)
  } catch (error) {
    const timeLeft = timeoutMs - (Date.now() - started)
    const blocked = error instanceof CkanError && error.kind === 'cors'
    if (!proxyUrl || !blocked || timeLeft < LEAST_TIME_FOR_PROXY_MS) throw error
    const answer = await send(throughProxy(prepared, proxyUrl), timeLeft, options)
    // only once the proxy has answered: a refusal by the proxy leaves the portal as it was
    routes.rememberProxy(portalOrigin)
    return answer
  }
}

/** The same call, addressed to the proxy; the token goes with it (the proxy forwards it to that portal only). */
function throughProxy(prepared: PreparedRequest, proxyUrl: string): PreparedRequest {
  return { url: proxiedUrl(proxyUrl, prepared.url), init: prepared.init }
}

async function send(
  { url, init }: PreparedRequest,
  timeoutMs: number,
  options: Pick<CallOptions, 'fetch' | 'signal'>,
): Promise<unknown> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis)
  const started = Date.now()
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onCallerAbort = () => controller.abort()
  if (options.signal?.aborted) controller.abort()
  options.signal?.addEventListener('abort', onCallerAbort, { once: true })

  try {
    let response: Response
    let body: string
    try {
      response = await fetchImpl(url, { ...init, signal: controller.signal })
      body = await response.text()
    } catch (failure) {
      if (timedOut) {
        throw new CkanError('slow-portal', 'The portal is slow to answer', {
          detail: `No answer within ${timeoutMs} ms from ${url.split('?')[0]}`,
          cause: failure,
        })
      }
      throw errorFromFetchFailure(failure, url, undefined, Date.now() - started)
    }
    const contentType = response.headers.get('content-type')
    if (!response.ok) throw errorFromResponse(response.status, contentType, body)
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      throw errorFromResponse(response.status, contentType, body)
    }
    const envelope = parseOrThrow(envelopeSchema, json, 'answer from the portal')
    if (!envelope.success) throw errorFromResponse(response.status, contentType, body)
    return envelope.result
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onCallerAbort)
  }
}
