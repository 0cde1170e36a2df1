import { chromium } from 'playwright'
import http from 'node:http'
import fs from 'node:fs'
import path from 'node:path'
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
}
const server = http
  .createServer((req, res) => {
    const f = path.join('www', new URL(req.url, 'http://x').pathname)
    if (!fs.existsSync(f)) {
      res.writeHead(404)
      return res.end()
    }
    res.writeHead(200, { 'content-type': types[path.extname(f)] || 'application/octet-stream' })
    fs.createReadStream(f).pipe(res)
  })
  .listen(4490)
const args = process.argv.slice(3)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args })
for (const page of process.argv[2].split(',')) {
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  p.on('console', (m) => console.log('console:', m.text()))
  p.on('pageerror', (e) => console.log('pageerror', e.message))
  const c = await p.context().newCDPSession(p)
  await p.goto(`http://127.0.0.1:4490/${page}`)
  const result = await p
    .waitForFunction(() => window.result, null, { timeout: 280000 })
    .then((h) => h.jsonValue())
  await c.send('HeapProfiler.collectGarbage')
  const heap = await p.evaluate(() => performance.memory.usedJSHeapSize)
  const gl = await p.evaluate(() => {
    const c = document.createElement('canvas').getContext('webgl2')
    const d = c && c.getExtension('WEBGL_debug_renderer_info')
    return c ? c.getParameter(d ? d.UNMASKED_RENDERER_WEBGL : c.RENDERER) : 'none'
  })
  console.log(JSON.stringify({ ...result, heapMB: Math.round(heap / 1e6), renderer: gl }))
  await p.close()
}
await browser.close()
server.close()
