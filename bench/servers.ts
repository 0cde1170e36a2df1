// Processes the browser benchmark starts: datastore servers (server/main.ts on a free port) and a
// static file server for the peer pages. Each is stopped by its own handle, never by name.
import { spawn, type ChildProcess } from 'node:child_process'
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))

export interface RunningDatastore {
  url: string
  rows: number
  /** How the server reported its start (loaded, or opened from the cache) and how long it took. */
  startLine: string
  startSeconds: number
  stop(): Promise<void>
}

const RUNNING = /running at (http:\/\/\S+?)\/?\s*$/m

/**
 * Starts `server/main.ts --rows N` on a free port and resolves once it listens and `table` (by default
 * the generated one; with `--load`, a loaded file's) can be searched.
 */
export function startDatastore(
  rows: number,
  extraArgs: string[] = [],
  timeoutMs = 30 * 60_000,
  table = 'generated-cities',
): Promise<RunningDatastore> {
  const started = Date.now()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', '0', '--rows', String(rows), '--quiet', ...extraArgs],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error(`the ${rows}-row server did not start within ${timeoutMs / 1000} s:\n${output}`))
    }, timeoutMs)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = RUNNING.exec(output)
      if (!match) return
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      const url = match[1]!.replace(/\/$/, '')
      waitForTable(url, table, Math.max(0, timeoutMs - (Date.now() - started))).then(() => {
        const startLine =
          output
            .split('\n')
            .find((line) => /^(Loaded|Using)/.test(line))
            ?.trim() ?? ''
        resolve({
          url,
          rows,
          startLine,
          startSeconds: (Date.now() - started) / 1000,
          stop: () => stopChild(child),
        })
      }, reject)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the ${rows}-row server exited with code ${code}:\n${output}`))
    })
  })
}

/**
 * Resolves once `resourceId` can be searched: the server answers before its big generated table is
 * loaded (it is listed meanwhile, and searches of it answer 404 until it is complete).
 */
export async function waitForTable(
  baseUrl: string,
  resourceId: string,
  timeoutMs = 30 * 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const url = `${baseUrl}/api/3/action/datastore_search?resource_id=${encodeURIComponent(resourceId)}&limit=0`
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => undefined)
    if (response?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${resourceId} was not loaded within ${timeoutMs / 1000} s`)
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 5000).unref()
  })
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
}

export interface StaticServer {
  url: string
  stop(): Promise<void>
}

/** Serves the files of `dir` (the built peer pages) on a free port. */
export function serveStatic(dir: string): Promise<StaticServer> {
  return serveFiles(dir, null)
}

/**
 * Serves an explorer build from `dir` (another commit's `dist/`) on a free port, and forwards its API
 * paths to the datastore server `target()` names (read per request: the scroll server restarts), with
 * the page's Host kept, so `/config.json` names this origin as the portal and the page talks to its
 * own origin, as the explorer served by the datastore server does. The forwarding costs the earlier
 * build one loopback hop per request; "response → first rows" starts at the response and does not see it.
 */
export function serveAppWithApi(dir: string, target: () => string): Promise<StaticServer> {
  return serveFiles(dir, target)
}

/** Paths the explorer's page asks its own origin for that belong to the datastore server. */
const API_PATHS = /^\/(?:api\/|config\.json$|datastore\/|proxy$|[A-Za-z_]{2,12}\/(?:api\/|datastore\/))/

function serveFiles(dir: string, apiTarget: (() => string) | null): Promise<StaticServer> {
  const root = path.resolve(dir)
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    if (apiTarget && API_PATHS.test(url.pathname)) {
      const forwarded = httpRequest(
        new URL(url.pathname + url.search, apiTarget()),
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      forwarded.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()))
      request.pipe(forwarded)
      return
    }
    const pathname = apiTarget && url.pathname === '/' ? '/index.html' : decodeURIComponent(url.pathname)
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''))
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
