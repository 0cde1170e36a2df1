// The bundled server's read-only portal proxy: `GET|POST /proxy?url=<a portal's action URL>`. Browsers
// cannot read most portals from another website (no CORS headers); this server can, for the explorer.
// It is an SSRF surface, so it forwards only read-only CKAN actions and tables' dumps, to public https
// portals (or the origins `--proxy-allow` names), connects to the very address it checked, follows no
// redirect, passes no cookie, and bounds body, time, answer size and concurrency. It passes on only
// data (answer-type.ts), under headers that keep it data in the browser (DATA_ONLY_HEADERS). Every
// refusal is a CKAN-shaped error.
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Transform, pipeline } from 'node:stream'
import { BodyTooLargeError, readBody } from '../http/read-body.ts'
import { isPublicAddress } from './address-policy.ts'
import { acceptHeader, answerType, refusedTypeMessage } from './answer-type.ts'
import { readTarget, type Target, type TargetProblem } from './target.ts'

export interface ResolvedAddress {
  address: string
  family: number
}

export interface ProxyOptions {
  /** Origins reached even though they are http: or private (`--proxy-allow`). */
  allowedOrigins: ReadonlySet<string>
  timeoutMs?: number
  maxBodyBytes?: number
  maxResponseBytes?: number
  /** Requests in flight at once from one client address. */
  perClient?: number
  /** Name resolution (for tests); the system resolver by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
}

/** The `__type` of every error the proxy itself answers (the explorer shows its message as is). */
export const PROXY_ERROR_TYPE = 'Proxy Error'

const TARGET_MESSAGES: Record<TargetProblem, { status: number; message: string }> = {
  missing: { status: 400, message: 'Say which portal address to read, in the url parameter.' },
  'not-url': { status: 400, message: 'This is not the web address of a portal’s data.' },
  'not-action': {
    status: 400,
    message:
      'This server only reads tables and catalogues of CKAN portals (addresses ending in /api/3/action/…).',
  },
  'odd-path': {
    status: 400,
    message:
      'This server only reads portal addresses whose path before /api/ is made of letters, digits, -, _ and . between single slashes (such as /data/en).',
  },
  'not-https': { status: 403, message: 'This server only reads portals whose address starts with https.' },
  credentials: { status: 400, message: 'The portal address must not contain a user name or password.' },
  'write-action': {
    status: 403,
    message: 'This server only reads from portals: it never changes their data.',
  },
}

const JSON_TYPE = 'application/json;charset=utf-8'

/**
 * On every answer of the proxy, forwarded or its own. Whatever a portal sends, the browser takes it as
 * data: it does not guess another type (nosniff), runs nothing and loads nothing from it if it is
 * opened as a page (an empty, sandboxed CSP), and lets no other origin load it (CORP), as a script or
 * an image, say. Never cached: the answer may be a private table's.
 */
const DATA_ONLY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
} as const

function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  return dns.promises.lookup(hostname, { all: true, verbatim: true })
}

/** A lookup that always answers the address already checked: no second resolution to rebind. */
function pinnedLookup(checked: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [checked])
    else callback(null, checked.address, checked.family)
  }) as LookupFunction
}

class ProxyRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** Answers a proxy error: CKAN's envelope with a plain sentence (also when the proxy is off). */
export function sendError(response: http.ServerResponse, status: number, message: string): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  const body = JSON.stringify({ help: '', success: false, error: { __type: PROXY_ERROR_TYPE, message } })
  response.writeHead(status, { ...DATA_ONLY_HEADERS, 'Content-Type': JSON_TYPE })
  response.end(body)
}

/** The address to connect to: every address of the name must be public, unless the origin is allowed. */
async function checkedAddress(
  url: URL,
  allowed: boolean,
  resolve: (hostname: string) => Promise<ResolvedAddress[]>,
): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  try {
    addresses = await resolve(hostname)
  } catch {
    throw new ProxyRefusal(502, 'The portal’s address could not be found. Check its spelling.')
  }
  if (addresses.length === 0)
    throw new ProxyRefusal(502, 'The portal’s address could not be found. Check its spelling.')
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new ProxyRefusal(403, 'This server does not fetch from private network addresses.')
  }
  return addresses[0]!
}

export function createProxy(options: ProxyOptions) {
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  const maxResponseBytes = options.maxResponseBytes ?? 100 * 1024 * 1024
  const perClient = options.perClient ?? 6
  const resolve = options.resolve ?? systemResolve
  const inFlight = new Map<string, number>()

  return async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const method = request.method ?? 'GET'
    if (method !== 'GET' && method !== 'POST') {
      request.resume()
      sendError(response, 405, 'This server only forwards GET and POST requests.')
      return
    }
    const client = request.socket.remoteAddress ?? ''
    const running = inFlight.get(client) ?? 0
    if (running >= perClient) {
      request.resume()
      sendError(response, 429, 'Too many requests at once from this page: try again in a moment.')
      return
    }
    inFlight.set(client, running + 1)
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    response.on('close', () => {
      if (!response.writableFinished) controller.abort()
    })
    try {
      const target = readTarget(
        new URL(request.url ?? '/', 'http://localhost').searchParams.get('url'),
        options.allowedOrigins,
      )
      if (!target.ok) {
        request.resume()
        const refusal = TARGET_MESSAGES[target.problem]
        throw new ProxyRefusal(refusal.status, refusal.message)
      }
      if (target.kind === 'dump' && method !== 'GET') {
        request.resume()
        throw new ProxyRefusal(405, 'A table’s dump is read with GET only.')
      }
      const body = method === 'POST' ? await readBody(request, maxBodyBytes) : null
      const address = await checkedAddress(target.url, options.allowedOrigins.has(target.url.origin), resolve)
      await forward(target, method, body, request, response, {
        address,
        signal: controller.signal,
        maxResponseBytes,
      })
    } catch (error) {
      if (timedOut)
        sendError(response, 504, `The portal did not answer within ${Math.round(timeoutMs / 1000)} seconds.`)
      else if (error instanceof ProxyRefusal) sendError(response, error.status, error.message)
      else if (error instanceof BodyTooLargeError)
        sendError(
          response,
          413,
          `The request is too large: this server forwards at most ${Math.round(maxBodyBytes / 1024)} KB.`,
        )
      else if (!controller.signal.aborted) sendError(response, 502, 'The portal could not be reached.')
      else response.destroy()
    } finally {
      clearTimeout(timer)
      const left = (inFlight.get(client) ?? 1) - 1
      if (left <= 0) inFlight.delete(client)
      else inFlight.set(client, left)
    }
  }
}

interface ForwardOptions {
  address: ResolvedAddress
  signal: AbortSignal
  maxResponseBytes: number
}

/**
 * Sends the call to the checked address and streams the answer back: the portal's status and body,
 * when its type is one the target's kind passes on, under our own Content-Type and headers.
 */
function forward(
  target: Target & { ok: true },
  method: string,
  body: Buffer | null,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  { address, signal, maxResponseBytes }: ForwardOptions,
): Promise<void> {
  const { url } = target
  const headers: Record<string, string> = {
    Accept: acceptHeader(target.kind),
    'User-Agent': 'datastore-explorer-proxy',
  }
  // the page sends a token only for the portal it names (src/api/ckan/client.ts); no cookie ever passes
  const authorization = request.headers.authorization
  if (authorization) headers.Authorization = authorization
  if (body) {
    headers['Content-Type'] = request.headers['content-type'] ?? 'application/json'
    headers['Content-Length'] = String(body.length)
  }
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const upstream = transport.request(
      url,
      { method, headers, signal, lookup: pinnedLookup(address) },
      (answer) => {
        const status = answer.statusCode ?? 502
        // a refused answer's body is not read: the connection is closed instead
        const refuse = (message: string) => {
          answer.destroy()
          reject(new ProxyRefusal(502, message))
        }
        if (status >= 300 && status < 400) {
          refuse('The portal answered with a redirect, which this server does not follow.')
          return
        }
        const type = answerType(target.kind, answer.headers['content-type'])
        if (!type) {
          refuse(refusedTypeMessage(target.kind, answer.headers['content-type'], status))
          return
        }
        // no Accept-Encoding was sent: a compressed body would reach the page as bytes it cannot read
        const encoding = answer.headers['content-encoding']?.trim().toLowerCase()
        if (encoding && encoding !== 'identity') {
          refuse('The portal answered compressed, which this server did not ask for and does not pass on.')
          return
        }
        let size = 0
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length
            if (size > maxResponseBytes) done(new Error('answer too large'))
            else done(null, chunk)
          },
        })
        response.writeHead(status, {
          ...DATA_ONLY_HEADERS,
          'Content-Type': type.contentType,
          // a dump opened by itself is saved, never shown (its id is letters, digits, -, _ and .)
          ...(target.kind === 'dump'
            ? { 'Content-Disposition': `attachment; filename="${target.resourceId}.${type.extension}"` }
            : {}),
        })
        // streamed, never held whole; a cut answer reaches the page as JSON that does not end
        pipeline(answer, limit, response, (error) => {
          if (error && !response.writableFinished) response.destroy()
          resolve()
        })
      },
    )
    upstream.on('error', reject)
    upstream.end(body ?? undefined)
  })
}
