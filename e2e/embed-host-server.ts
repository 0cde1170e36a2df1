// A portal page on a second origin for the embedding tests: it serves e2e/embed-host/ with the strict
// content security policy a portal may send (no inline script or style, scripts and styles only from
// itself and the explorer's origin), and writes the explorer's origin into the pages.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { EMBED_HOST_PORT, MAIN_ORIGIN } from './ports.ts'

const folder = fileURLToPath(new URL('./embed-host/', import.meta.url))
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export const HOST_CSP = [
  "default-src 'none'",
  `script-src 'self' ${MAIN_ORIGIN}`,
  `style-src 'self' ${MAIN_ORIGIN}`,
  `connect-src ${MAIN_ORIGIN}`,
  "img-src 'self' data:",
  `frame-src ${MAIN_ORIGIN}`,
].join('; ')

createServer(async (request, response) => {
  const name = new URL(request.url ?? '/', 'http://host').pathname.slice(1) || 'two-elements.html'
  const file = path.join(folder, path.basename(name))
  const type = TYPES[path.extname(file)]
  try {
    if (!type) throw new Error('not served')
    const body = (await readFile(file, 'utf8')).replaceAll('{{EXPLORER_ORIGIN}}', MAIN_ORIGIN)
    response.writeHead(200, {
      'Content-Type': type,
      'Content-Security-Policy': HOST_CSP,
      'Cache-Control': 'no-store',
    })
    response.end(body)
  } catch {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
  }
}).listen(EMBED_HOST_PORT, '127.0.0.1')
