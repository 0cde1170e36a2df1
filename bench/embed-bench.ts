// The embedded explorer on a host page from another origin: the JavaScript it transfers before its
// first rows show (budget: EMBED_JS_BUDGET_KB, 135 KB gzip), and what it does to the host page's own layout while it loads
// (budget: nothing). A benchmark: it prints and records figures, and never fails on a missed budget.
//
//   npm run build && node --import tsx bench/embed-bench.ts [--runs 5] [--no-write]
import { chromium, type Page } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { resolveChromium } from '../e2e/browser.ts'
import { EMBED_JS_BUDGET_KB } from './lib/initial-js.ts'
import { replaceSection } from './lib/results-section.ts'
import { summarize } from './lib/stats.ts'
import { repoRoot, startDatastore } from './servers.ts'

const args = process.argv.slice(2)
const runs = Number(args[args.indexOf('--runs') + 1]) || 5
const write = !args.includes('--no-write')
const BUDGET_KB = EMBED_JS_BUDGET_KB

/** A portal page: text above and below two embedded tables, under a strict content security policy. */
function hostPage(explorerOrigin: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="icon" href="data:,">
<script type="module" src="${explorerOrigin}/embed/datastore-explorer.js"></script></head>
<body><main><h1>A dataset page</h1><p id="above">Some text above the preview.</p>
<datastore-explorer id="first" resource-id="seattle-weather"></datastore-explorer>
<p id="below">Some text below the preview.</p></main></body></html>`
}

function serveHost(explorerOrigin: string): Promise<{ url: string; server: Server }> {
  const csp = `default-src 'none'; script-src ${explorerOrigin}; style-src ${explorerOrigin}; connect-src ${explorerOrigin}; img-src 'self' data:`
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp })
    response.end(hostPage(explorerOrigin))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
        server,
      })
    }),
  )
}

interface Run {
  jsFiles: number
  jsRawBytes: number
  jsGzipBytes: number
  firstRowsMs: number
  layoutShift: number
  belowMovedPx: number
}

async function measure(page: Page, hostUrl: string): Promise<Run> {
  const scripts = new Map<string, Promise<Buffer | null>>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(
        response.url(),
        response.body().catch(() => null),
      )
  })
  await page.addInitScript(() => {
    const shifts: number[] = []
    // a shift of the host's own content: one whose sources are not all inside the element
    const insideAnEmbed = (node: Node | null) =>
      !!node && (node.getRootNode() instanceof ShadowRoot || node.nodeName === 'DATASTORE-EXPLORER')
    // counted once the element has its box: before the script runs, an undefined element takes no
    // room (a host that sizes it in its own CSS avoids that one shift); after it, it loads its data
    let sizedAt = Infinity
    document.addEventListener('DOMContentLoaded', () => {
      const element = document.querySelector('datastore-explorer')
      if (!element) return
      new ResizeObserver(([entry]) => {
        if (entry && entry.contentRect.height > 0 && sizedAt === Infinity) sizedAt = performance.now()
      }).observe(element)
    })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; sources?: { node: Node | null }[] }
        if (shift.startTime <= sizedAt) continue
        if (!(shift.sources ?? []).every((source) => insideAnEmbed(source.node))) shifts.push(shift.value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
    Object.defineProperty(globalThis, '__benchShifts', { value: shifts })
  })
  await page.goto(hostUrl)
  const belowBefore = await page.locator('#below').evaluate((element) => element.getBoundingClientRect().top)
  const firstRow = page.locator('#first').getByRole('grid').getByRole('row').nth(1)
  await firstRow.waitFor()
  const firstRowsMs = await page.evaluate(() => performance.now())
  // the scripts fetched so far are those that ran before the first rows (lazy chunks load later)
  const bodies = await Promise.all([...scripts.values()])
  const belowAfter = await page.locator('#below').evaluate((element) => element.getBoundingClientRect().top)
  const layoutShift = await page.evaluate(() =>
    ((globalThis as unknown as { __benchShifts: number[] }).__benchShifts ?? []).reduce(
      (sum, value) => sum + value,
      0,
    ),
  )
  const present = bodies.filter((body): body is Buffer => body !== null)
  return {
    jsFiles: present.length,
    jsRawBytes: present.reduce((sum, body) => sum + body.length, 0),
    jsGzipBytes: present.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    firstRowsMs,
    layoutShift,
    belowMovedPx: Math.abs(belowAfter - belowBefore),
  }
}

const datastore = await startDatastore(1000)
const host = await serveHost(datastore.url)
const browser = await chromium.launch({
  executablePath: resolveChromium(),
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
})
const results: Run[] = []
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    results.push(await measure(await context.newPage(), host.url))
    await context.close()
  }
} finally {
  await browser.close()
  host.server.close()
  await datastore.stop()
}

const median = (values: number[]) => summarize(values)?.median ?? NaN
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const gzip = median(results.map((run) => run.jsGzipBytes))
const shift = Math.max(...results.map((run) => run.layoutShift))
const moved = Math.max(...results.map((run) => run.belowMovedPx))
const lines = [
  '## Embedding (`bench/embed-bench.ts`)',
  '',
  `Recorded ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on a ${os.cpus().length}-core VM (${os.cpus()[0]?.model.trim()}), Node ${process.version}, Chromium headless at 1280×800, ${runs} runs. The machine is shared with other jobs. A host page on another origin, under a strict content security policy, embeds \`<datastore-explorer resource-id="seattle-weather">\` between two paragraphs; the explorer's server is \`server/main.ts --rows 1000\` serving \`dist/\`.`,
  '',
  '| Budget | Target | Measured | Verdict |',
  '|---|---|---|---|',
  `| JS transferred before the element's first rows (gzip, level 9) | ≤ ${BUDGET_KB} KB | ${kb(gzip)} KB in ${results[0]?.jsFiles} files (${kb(median(results.map((run) => run.jsRawBytes)))} KB raw) | ${gzip <= BUDGET_KB * 1024 ? 'met' : 'missed'} |`,
  `| Layout shift of the host page's own content while the element loads (worst run) | 0 | ${shift.toFixed(4)} | ${shift === 0 ? 'met' : 'missed'} |`,
  `| Host content below the element moved while it loads (px, worst run) | 0 | ${moved.toFixed(1)} | ${moved === 0 ? 'met' : 'missed'} |`,
  '',
  `Page start → the element's first rows: ${median(results.map((run) => run.firstRowsMs)).toFixed(0)} ms (median). The element's height is its CSS height (480 px unless the host sets one) from the first frame, so the host lays out once; the explorer's own layout stays inside its shadow root (\`contain: content\`).`,
]
const section = lines.join('\n')
console.log(section)
if (write) {
  const file = path.join(repoRoot, 'bench', 'RESULTS.md')
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), lines[0]!, section))
}
