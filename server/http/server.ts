// The HTTP front of the datastore: CKAN's action API (envelope, errors, CORS, JSONP, auth) and
// the built app. Every request is answered; no input can crash the process.
import { once } from 'node:events'
import http from 'node:http'
import { QueryError, QueryTimeoutError } from '../ckan/types.ts'
import type { ActionOutcome, Caller, DataDict, Db, Json, SearchConfig, SearchContext } from '../ckan/types.ts'
import { toCkanJson } from '../ckan/ckan-json.ts'
import { prepareDump } from '../ckan/datastore-dump.ts'
import { abortableDb, QueryAbortedError } from '../db/abort.ts'
import { errorPage, escapeHtml } from './pages.ts'
import { BodyTooLargeError, readBody } from './read-body.ts'
import { getRequestData } from './request-data.ts'
import { hasSideEffects, matchRoute } from './routes.ts'
import { findStaticFile } from './static-files.ts'
import { createProxy, sendError as sendProxyError, type ProxyOptions } from '../proxy/proxy.ts'

export type Action = (data: DataDict, ctx: SearchContext) => Promise<ActionOutcome>

export interface ServerOptions {
  db: Db
  actions: Record<string, Action>
  config: SearchConfig
  /** Values of the `Authorization` header that grant access to private resources. */
  tokens: string[]
  /** The built app; missing files are answered with a 404 page. */
  staticRoot: string
  maxBodyBytes: number
  log: (line: string) => void
  /** The read-only portal proxy at /proxy; off when undefined (`--no-proxy`). */
  proxy?: ProxyOptions | undefined
  /** The address readers reach this server at (`--public-url`), for the embed snippets. */
  publicUrl?: string | undefined
}

/** Where the page finds the proxy (the runtime config's `proxy`). */
export const PROXY_PATH = '/proxy'

const JSON_TYPE = 'application/json;charset=utf-8'
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src *; frame-ancestors *"
/** The user CKAN reports for a valid token (only visible in 403 messages, which it never gets). */
const TOKEN_USER = 'admin'

interface Reply {
  status: number
  headers: Record<string, string>
  body: string | Buffer
  /** A body written piece by piece after the headers (instead of `body`); `write` waits for drain. */
  stream?: (write: (piece: string | Uint8Array) => Promise<void>) => Promise<void>
}

/** Rows per FETCH of a dump: small enough to keep memory flat, big enough to keep round trips rare. */
const DUMP_CHUNK_ROWS = 1000

/** `http://host:port` from the Host header, falling back to the server address for odd values. */
function originOf(request: http.IncomingMessage): string {
  const host = request.headers.host ?? ''
  if (/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return `http://${host}`
  const address = request.socket.localAddress ?? '127.0.0.1'
  return `http://${address.includes(':') ? `[${address}]` : address}:${request.socket.localPort ?? 80}`
}

function helpUrl(origin: string, locale: string | undefined, action: string): string {
  return `${origin}${locale ? `/${locale}` : ''}/api/3/action/help_show?name=${encodeURIComponent(action)}`
}

function jsonReply(status: number, body: unknown): Reply {
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'public, max-age=0, must-revalidate' },
    body: toCkanJson(body as Json),
  }
}

function htmlReply(status: number, html: string, extra: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'text/html;charset=utf-8', 'Content-Security-Policy': CSP, ...extra },
    body: html,
  }
}

/** Database errors that escaped the action: answered as CKAN's datastore answers them. */
function outcomeForError(error: unknown): ActionOutcome | undefined {
  if (error instanceof QueryTimeoutError) {
    return { ok: false, status: 409, error: { query: ['Search took too long'], __type: 'Validation Error' } }
  }
  if (error instanceof QueryError) {
    return {
      ok: false,
      status: 409,
      error: {
        query: ['Invalid query'],
        info: { statement: [error.statement], params: error.params as Json[], orig: [error.message] },
        __type: 'Validation Error',
      },
    }
  }
  return undefined
}

function callerFor(request: http.IncomingMessage, tokens: string[], forceAnonymous: boolean): Caller {
  const token = request.headers.authorization
  const authorised = !forceAnonymous && token !== undefined && token !== '' && tokens.includes(token)
  return authorised ? { authorised: true, name: TOKEN_USER } : { authorised: false, name: '' }
}

/** For the request log: query parameter names only, since values (or a `callback`) could be secrets. */
export function pathForLog(url: string): string {
  const [pathname, query] = url.split('?', 2)
  if (query === undefined) return pathname!
  const keys = [...new URLSearchParams(query).keys()]
  return `${pathname}?${keys.map((key) => `${key}=…`).join('&')}`
}

async function handleAction(
  options: ServerOptions,
  request: http.IncomingMessage,
  url: URL,
  route: { name: string; locale: string | undefined; apiPath: string },
  clientGone: AbortSignal,
): Promise<Reply> {
  const method = request.method ?? 'GET'
  if (method !== 'GET' && method !== 'POST') {
    return htmlReply(405, errorPage(405, 'The method is not allowed for the requested URL.'), {
      Allow: 'GET, POST, OPTIONS',
    })
  }
  const help = helpUrl(originOf(request), route.locale, route.name)
  const action = Object.hasOwn(options.actions, route.name) ? options.actions[route.name] : undefined
  if (!action) {
    await readBody(request, options.maxBodyBytes)
    return jsonReply(400, `Bad request - Action name not known: ${route.name}`)
  }
  const body = await readBody(request, options.maxBodyBytes)
  const query = url.search.slice(1)
  const parsed = getRequestData({
    method,
    contentType: request.headers['content-type'],
    query,
    body,
    tryUrlParams: !hasSideEffects(route.name),
  })
  if (!parsed.ok) {
    if (parsed.status === 415) {
      return htmlReply(
        415,
        errorPage(
          415,
          'Did not attempt to load JSON data because the request Content-Type was not application/json.',
        ),
      )
    }
    return jsonReply(400, parsed.message)
  }
  const data = parsed.data
  // CKAN drops `callback` from the data dict and runs such calls as anonymous (api.py l.268–273).
  const jsonp = Object.hasOwn(data, 'callback')
  delete data.callback
  const ctx: SearchContext = {
    // a client that disconnected (an abandoned page while scrolling) costs no more queries
    db: abortableDb(options.db, clientGone),
    config: options.config,
    caller: callerFor(request, options.tokens, jsonp),
    currentPath: route.apiPath,
    currentQuery: query,
    overHttp: true,
  }
  let outcome: ActionOutcome
  try {
    outcome = await action(data, ctx)
  } catch (error) {
    const mapped = outcomeForError(error)
    if (!mapped) throw error
    outcome = mapped
  }
  const reply = outcome.ok
    ? jsonReply(200, { help, success: true, result: outcome.result })
    : jsonReply(outcome.status, { help, success: false, error: outcome.error })

  const callback = url.searchParams.get('callback')
  if (method === 'GET' && callback !== null && reply.status === 200) {
    reply.body = `${escapeHtml(callback)}(${String(reply.body)});`
    reply.headers['Content-Type'] = 'application/javascript;charset=utf-8'
  }
  return reply
}

/**
 * `GET /datastore/dump/<resource_id>`: validated like datastore_search, then streamed from a COPY
 * or a cursor.
 * The first chunk is read before the headers go out, so a query that fails at once (a bad `q` with
 * `plain=false`) is still answered with datastore_search's 409.
 */
async function handleDump(
  options: ServerOptions,
  request: http.IncomingMessage,
  url: URL,
  resourceId: string,
  clientGone: AbortSignal,
): Promise<Reply> {
  const method = request.method ?? 'GET'
  if (method !== 'GET' && method !== 'HEAD') {
    return htmlReply(405, errorPage(405, 'The method is not allowed for the requested URL.'), {
      Allow: 'GET, HEAD, OPTIONS',
    })
  }
  const db = abortableDb(options.db, clientGone)
  const ctx: SearchContext = {
    db,
    config: options.config,
    caller: callerFor(request, options.tokens, false),
    currentPath: url.pathname,
    currentQuery: '',
    overHttp: true,
  }
  const failed = (outcome: ActionOutcome): Reply =>
    outcome.ok ? jsonReply(500, {}) : jsonReply(outcome.status, { success: false, error: outcome.error })
  let prepared: Awaited<ReturnType<typeof prepareDump>>
  try {
    prepared = await prepareDump(resourceId, url.searchParams, ctx)
  } catch (error) {
    const mapped = outcomeForError(error)
    if (!mapped) throw error
    return failed(mapped)
  }
  if (prepared.status === 404) return htmlReply(404, errorPage(404, prepared.message))
  if (prepared.status !== 200) return failed(prepared.outcome)
  // a browser on another origin may read the file name
  const headers = { ...prepared.headers, 'Access-Control-Expose-Headers': 'Content-Disposition' }
  if (method === 'HEAD') return { status: 200, headers, body: '' }
  const { writer, copy } = prepared
  // CSV and TSV straight from PostgreSQL's COPY where the database has it; else the rows' text
  // from a cursor, through the format's writer
  let pieces: AsyncIterator<string | Uint8Array>
  if (copy && db.copyOut) {
    pieces = db.copyOut(copy.select, copy.params, { delimiter: copy.delimiter })[Symbol.asyncIterator]()
  } else if (db.cursor) {
    pieces = (async function* () {
      const rows = db.cursor!<{ v: string }>(prepared.sql, prepared.params, { chunkRows: DUMP_CHUNK_ROWS })
      for await (const chunk of rows) yield writer.rows(chunk.map((row) => row.v))
    })()
  } else throw new Error('this database cannot stream a dump')

  let first: IteratorResult<string | Uint8Array>
  try {
    first = await pieces.next()
  } catch (error) {
    const mapped = outcomeForError(error)
    if (!mapped) throw error
    return failed(mapped)
  }
  const stream = async (write: (piece: string | Uint8Array) => Promise<void>): Promise<void> => {
    try {
      await write(writer.head)
      for (let next = first; !next.done; next = await pieces.next()) await write(next.value)
      await write(writer.tail)
    } finally {
      await pieces.return?.() // closes the cursor or stops the COPY when the stream stops early
    }
  }
  return { status: 200, headers, body: '', stream }
}

/** Writes `text`, and when the socket's buffer is full waits until it drains (or the client goes). */
async function writeWithBackpressure(
  response: http.ServerResponse,
  piece: string | Uint8Array,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) throw new QueryAbortedError()
  if (piece.length > 0 && !response.write(piece)) await once(response, 'drain', { signal })
}

async function route(
  options: ServerOptions,
  request: http.IncomingMessage,
  clientGone: AbortSignal,
): Promise<Reply> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const target = matchRoute(url.pathname)
  const method = request.method ?? 'GET'

  if (method === 'OPTIONS') {
    // Flask answers OPTIONS itself for every routed URL; CORS headers are added by the caller.
    if (target.kind === 'api-not-found') return htmlReply(404, errorPage(404))
    return { status: 200, headers: { Allow: 'GET, HEAD, POST, OPTIONS', 'Content-Length': '0' }, body: '' }
  }
  switch (target.kind) {
    case 'action':
      return handleAction(options, request, url, target, clientGone)
    case 'dump':
      return handleDump(options, request, url, target.resourceId, clientGone)
    case 'api-version':
      return jsonReply(200, { version: target.version })
    case 'api-not-found':
      return htmlReply(404, errorPage(404, 'The requested URL was not found on the server.'))
    case 'config':
      return jsonReply(200, {
        portal: `${originOf(request)}/en`,
        ...(options.proxy ? { proxy: PROXY_PATH } : {}),
        ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      })
    case 'app': {
      if (method !== 'GET' && method !== 'HEAD') return htmlReply(405, errorPage(405), { Allow: 'GET, HEAD' })
      const file = await findStaticFile(options.staticRoot, target.path)
      if (!file)
        return htmlReply(404, errorPage(404, 'Not found. If this is the app, run `npm run build` first.'))
      const headers: Record<string, string> = {
        'Content-Type': file.contentType,
        'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      }
      if (file.isHtml) headers['Content-Security-Policy'] = CSP
      // the embeddable explorer is loaded by pages on any origin, as a module script
      if (target.path.startsWith('/embed/')) headers['Access-Control-Allow-Origin'] = '*'
      return { status: 200, headers, body: file.body }
    }
  }
}

function corsHeaders(request: http.IncomingMessage): Record<string, string> {
  if (request.headers.origin === undefined) return {}
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'POST, PUT, GET, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  }
}

export function createRequestHandler(options: ServerOptions) {
  const proxy = options.proxy ? createProxy(options.proxy) : null
  return async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const started = performance.now()
    const logDone = (outcome: string | number): void =>
      options.log(
        `${request.method} ${pathForLog(request.url ?? '/')} ${outcome} ${(performance.now() - started).toFixed(1)}ms`,
      )
    const isProxyPath = (request.url ?? '').split('?', 1)[0] === PROXY_PATH
    if (isProxyPath && !proxy) {
      request.resume()
      sendProxyError(response, 404, 'This server’s portal proxy is turned off (--no-proxy).')
      logDone(404)
      return
    }
    if (proxy && isProxyPath) {
      // the proxy streams its answer itself, with its own headers; it is for this server's own pages
      // (no CORS headers)
      await proxy(request, response)
      logDone(response.statusCode)
      return
    }
    const clientGone = new AbortController()
    response.on('close', () => {
      if (!response.writableFinished) clientGone.abort()
    })
    let reply: Reply
    try {
      reply = await route(options, request, clientGone.signal)
    } catch (error) {
      if (error instanceof QueryAbortedError) {
        // nobody is left to answer
        logDone('client gone, not run')
        response.destroy()
        return
      }
      if (error instanceof BodyTooLargeError) {
        // CKAN's web server answers an HTML page here; ours keeps CKAN's envelope, as its API does
        reply = jsonReply(413, {
          help: '',
          success: false,
          error: {
            __type: 'Request Entity Too Large',
            message: `Request body too large: the limit is ${options.maxBodyBytes} bytes`,
          },
        })
        reply.headers.Connection = 'close'
      } else {
        options.log(`error: ${(error as Error)?.stack ?? String(error)}`)
        reply = jsonReply(500, { __type: 'Internal Server Error', message: 'Internal Server Error' })
      }
    }
    try {
      const headers = { ...reply.headers, ...corsHeaders(request), 'X-Content-Type-Options': 'nosniff' }
      response.writeHead(reply.status, headers)
      if (reply.stream) {
        const stream = reply.stream
        try {
          await stream((text) => writeWithBackpressure(response, text, clientGone.signal))
        } catch (error) {
          // the headers are out: a cut connection is the only way left to say the body is not whole
          response.destroy()
          if (clientGone.signal.aborted) logDone('client gone, stream stopped')
          else options.log(`error while streaming: ${(error as Error)?.stack ?? String(error)}`)
          return
        }
      }
      response.end(request.method === 'HEAD' || reply.stream ? undefined : reply.body)
    } catch (error) {
      options.log(`error writing response: ${(error as Error).message}`)
      response.destroy()
    }
    logDone(reply.status)
  }
}

export function createDatastoreServer(options: ServerOptions): http.Server {
  const handler = createRequestHandler(options)
  const server = http.createServer((request, response) => void handler(request, response))
  // Malformed HTTP must not take the process down.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    else socket.destroy()
  })
  return server
}
