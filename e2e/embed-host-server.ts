// A portal page on a second origin for the embedding tests: it serves e2e/embed-host/ with the strict
// content security policy a portal may send (no inline script or style, scripts and styles only from
// itself and the explorer's origin), and writes the explorer's origin into the pages. A test may also
// paste a snippet (PUT /pasted/<name>.html): it is then served in a blank page, under the same policy;
// and the embed demo's pages (public/embed-demo*) are served as this portal's own.
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

/** The embed demo's pages (public/embed-demo*), served as a portal on this origin would serve them. */
const publicFolder = fileURLToPath(new URL('../public/', import.meta.url))
const DEMO_PAGE = /^\/embed-demo[\w-]*\.(html|css|js)$/

/**
 * A demo page as a portal page on this origin: the explorer's files come from the explorer's origin,
 * and the page's policy is this server's header (the demo's own <meta> policy names only its origin).
 */
function asPortalPage(text: string): string {
  return text
    .replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replaceAll('src="/embed/', `src="${MAIN_ORIGIN}/embed/`)
    .replaceAll('src="/embed.html', `src="${MAIN_ORIGIN}/embed.html`)
    .replaceAll('href="/favicon.png"', 'href="data:,"')
}

/** Snippets a test pasted (PUT /pasted/<name>.html), each served as the body of a blank page. */
const pasted = new Map<string, string>()
const PASTED_PAGE = /^\/pasted\/[\w-]{1,40}\.html$/
const MAX_SNIPPET_BYTES = 64 * 1024

/** A blank portal page: nothing but a heading and the snippet as the test pasted it. */
function blankPage(snippet: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>A blank portal page</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <main>
      <h1>A blank portal page</h1>
${snippet}
    </main>
  </body>
</html>
`
}

async function readSnippet(request: import('node:http').IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_SNIPPET_BYTES) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

createServer(async (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://host').pathname
  if (PASTED_PAGE.test(pathname)) {
    if (request.method === 'PUT') {
      const snippet = await readSnippet(request)
      if (snippet === null) return void response.writeHead(413).end()
      pasted.set(pathname, snippet)
      return void response.writeHead(204).end()
    }
    const snippet = pasted.get(pathname)
    if (snippet === undefined) return void response.writeHead(404).end('not found')
    response.writeHead(200, {
      'Content-Type': TYPES['.html']!,
      'Content-Security-Policy': HOST_CSP,
      'Cache-Control': 'no-store',
    })
    return void response.end(blankPage(snippet))
  }
  if (DEMO_PAGE.test(pathname)) {
    try {
      const body = asPortalPage(await readFile(path.join(publicFolder, path.basename(pathname)), 'utf8'))
      response.writeHead(200, {
        'Content-Type': TYPES[path.extname(pathname)]!,
        'Content-Security-Policy': HOST_CSP,
        'Cache-Control': 'no-store',
      })
      return void response.end(body)
    } catch {
      return void response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
    }
  }
  const name = pathname.slice(1) || 'two-elements.html'
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
