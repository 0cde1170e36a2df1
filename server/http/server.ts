// The HTTP front of the datastore: CKAN's action API (envelope, errors, CORS, JSONP, auth) and
// the built app. Every request is answered; no input can crash the process.
import { once } from 'node:events'
import http from 'node:http'
import { QueryError, QueryTimeoutError } from '../ckan/types.ts'
import type { ActionOutcome, Caller, DataDict, Db, Json, SearchConfig, SearchContext } from '../ckan/types.ts'
import { toCkanJson } from '../ckan/ckan-json.ts'
import { badRequestMessage, ckanVersionOf } from '../ckan/ckan-version.ts'
import { prepareDump } from '../ckan/datastore-dump.ts'
import { abortableDb, QueryAbortedError } from '../db/abort.ts'
import { errorPage, escapeHtml } from './pages.ts'
import { clientOf, ClientLimit } from './client-limit.ts'
import { publicError } from './public-error.ts'
import { BodyAbortedError, BodyTooLargeError, drainBody, readBody } from './read-body.ts'
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
  /** Requests one client address may have in progress at once on the API (0 or undefined: no limit). */
  maxClientRequests?: number
  /** Show the SQL and its parameters in "Invalid query" answers, as CKAN does (`--debug-errors`). */
  debugErrors?: boolean
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
    return jsonReply(
      400,
      badRequestMessage(ckanVersionOf(options.config), `Action name not known: ${route.name}`),
    )
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
    return jsonReply(400, badRequestMessage(ckanVersionOf(options.config), parsed.detail))
  }
  const data = parsed.data
  // CKAN drops `callback` from the data dict and runs such calls as anonymous (api.py l.268–273).
  const jsonp = Object.hasOwn(data, 'callback')
  delete data.callback
  const ctx: SearchContext = {
    // a client that disconnected (an abandoned page while scrolling) costs no more queries
    db: abortableDb(options.db, clientGone, clientOf(request)),
    config: options.config,
    caller: callerFor(request, options.tokens, jsonp),
    currentPath: route.apiPath,
    currentQuery: query,
    overHttp: true,
    origin: originOf(request),
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
    : jsonReply(outcome.status, {
        help,
        success: false,
        error: publicError(outcome.error, options.debugErrors ?? false),
      })

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
  const db = abortableDb(options.db, clientGone, clientOf(request))
  const ctx: SearchContext = {
    db,
    config: options.config,
    caller: callerFor(request, options.tokens, false),
    currentPath: url.pathname,
    currentQuery: '',
    overHttp: true,
  }
  const failed = (outcome: ActionOutcome): Reply =>
    outcome.ok
      ? jsonReply(500, {})
      : jsonReply(outcome.status, {
          success: false,
          error: publicError(outcome.error, options.debugErrors ?? false),
        })
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
      // a page, or an image that can hold script (SVG opened as a page runs its own): the same policy
      if (file.isHtml || file.contentType.startsWith('image/svg+xml'))
        headers['Content-Security-Policy'] = CSP
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

/** Routes that reach the database: the ones each client's share is counted on. */
function isApiRequest(url: string | undefined): boolean {
  const kind = matchRoute(new URL(url ?? '/', 'http://localhost').pathname).kind
  return kind === 'action' || kind === 'dump'
}

function tooManyRequests(limit: number): Reply {
  const reply = jsonReply(429, {
    help: '',
    success: false,
    error: {
      __type: 'Too Many Requests',
      message: `Too many requests from your address at once: at most ${limit} may be in progress. Wait for some to finish, then try again.`,
    },
  })
  reply.headers['Retry-After'] = '1'
  return reply
}

/** The status a finished exchange is logged with: 499 (as nginx says it) when the client left first. */
const CLIENT_GONE = 499

export function createRequestHandler(options: ServerOptions) {
  const proxy = options.proxy ? createProxy(options.proxy) : null
  const clientLimit = new ClientLimit(options.maxClientRequests ?? 0)
  return async (request: http.IncomingMessage, response: http.ServerResponse): Promise<void> => {
    const started = performance.now()
    // a response is done when it closes: once written whole, or when its client left before
    const closed = new Promise<void>((resolve) => response.once('close', resolve))
    const logDone = (status: number, note = ''): void =>
      options.log(
        `${request.method} ${pathForLog(request.url ?? '/')} ${status} ${(performance.now() - started).toFixed(1)}ms${note && ` ${note}`}`,
      )
    /** Logs once the response closed: a client that left first is logged as such, never as a 5xx. */
    const logClosed = async (note = ''): Promise<void> => {
      await closed
      if (response.writableFinished) logDone(response.statusCode)
      else logDone(CLIENT_GONE, `client gone${note && `, ${note}`}`)
    }
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
      await logClosed()
      return
    }
    const client = clientOf(request)
    const counted = isApiRequest(request.url)
    if (counted && !clientLimit.tryEnter(client)) {
      // read (and drop) the body first, so the client reads the answer rather than a broken pipe
      await drainBody(request)
      const reply = tooManyRequests(clientLimit.max)
      response.writeHead(reply.status, {
        ...reply.headers,
        ...corsHeaders(request),
        'X-Content-Type-Options': 'nosniff',
      })
      response.end(reply.body)
      await logClosed()
      return
    }
    try {
      await answer(options, request, response, logDone, logClosed)
    } finally {
      // the request's share is given back only once its work is done, whether or not its client stayed
      if (counted) clientLimit.leave(client)
    }
  }
}

/** Routes a request and writes its answer (the whole exchange but the proxy and the client limit). */
async function answer(
  options: ServerOptions,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  logDone: (status: number, note?: string) => void,
  logClosed: (note?: string) => Promise<void>,
): Promise<void> {
  const clientGone = new AbortController()
  response.on('close', () => {
    if (!response.writableFinished) clientGone.abort()
  })
  let reply: Reply
  try {
    reply = await route(options, request, clientGone.signal)
  } catch (error) {
    if (
      error instanceof QueryAbortedError ||
      error instanceof BodyAbortedError ||
      clientGone.signal.aborted
    ) {
      // nobody is left to answer
      response.destroy()
      await logClosed(
        error instanceof QueryAbortedError ? 'query not run or stopped' : 'while the request was read',
      )
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
  if (clientGone.signal.aborted) {
    // the answer was made (an action may turn a stopped query into an error answer), but for nobody
    response.destroy()
    await logClosed('answer dropped')
    return
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
        const gone = clientGone.signal.aborted
        response.destroy()
        if (gone) await logClosed('stream stopped')
        else {
          options.log(`error while streaming: ${(error as Error)?.stack ?? String(error)}`)
          logDone(500, 'stream cut')
        }
        return
      }
    }
    response.end(request.method === 'HEAD' || reply.stream ? undefined : reply.body)
  } catch (error) {
    options.log(`error writing response: ${(error as Error).message}`)
    response.destroy()
  }
  // logged once the answer is out (or the client left while it was written)
  await logClosed()
}

export function createDatastoreServer(options: ServerOptions): http.Server {
  const handler = createRequestHandler(options)
  const server = http.createServer((request, response) => void handler(request, response))
  // Malformed HTTP must not take the process down.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy()
      return
    }
    // An address or headers over Node's 16 KB (a long search sent as GET): CKAN's envelope and a way
    // out, rather than Node's empty answer, which a client cannot read.
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      const body = JSON.stringify({
        help: '',
        success: false,
        error: {
          __type: 'Request Header Fields Too Large',
          message: 'The address or the headers are too long: send a long search as a POST with a JSON body',
        },
      })
      socket.end(
        'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json;charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
      return
    }
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
  })
  return server
}
