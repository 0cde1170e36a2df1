// Issue 18's budget for the column overviews: on the 1,000,000-row generated table, the time from
// the first rows painted to the overviews painted under every column name (≤ 1 s), and the first
// rows themselves with the overviews on and off (they must not wait for them). A benchmark: it
// prints medians and never fails on a missed budget.
//
//   node --import tsx bench/strip-bench.ts [--runs 7] [--rows 1000000]
//   (needs `npm run build`; the server keeps its data between runs)
import { chromium, type Browser } from '@playwright/test'
import { resolveChromium } from '../e2e/browser.ts'
import { RESOURCE_ID } from './grids.ts'
import { PROBE_SCRIPT, type Painted } from './in-page-probe.ts'
import { summarize } from './lib/stats.ts'
import { startDatastore } from './servers.ts'

// Sent as text: the bundler's helpers (`__name`) do not exist in the page. Every column header with an
// overview place shows its drawing, then the next frame is awaited and a task (the paint).
const STRIP_PAINTED = `new Promise((resolve) => {
  const grid = document.querySelector('[role=grid]')
  function done() {
    const places = grid.querySelectorAll('.dse-grid__header-strip').length
    const drawn = grid.querySelectorAll('.dse-grid__header-strip svg[role=img]').length
    return places > 0 && drawn === places
  }
  function finish() {
    requestAnimationFrame(function () { setTimeout(function () { resolve(performance.now()) }, 0) })
  }
  if (done()) return finish()
  const observer = new MutationObserver(function () {
    if (!done()) return
    observer.disconnect()
    finish()
  })
  observer.observe(grid, { subtree: true, childList: true })
})`

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? Number(process.argv[index + 1]) : fallback
}

interface Run {
  /** Response of the first page → its rows painted (ms). */
  firstRows: number
  /** First rows painted → every shown column's overview painted (ms); null when the strip is off. */
  strip: number | null
}

async function once(browser: Browser, url: string, wide: boolean): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: wide ? 1280 : 1100, height: 900 },
    deviceScaleFactor: 1,
  })
  await context.addInitScript({ content: PROBE_SCRIPT })
  const page = await context.newPage()
  try {
    await page.goto(`${url}/?resource_id=${RESOURCE_ID}&limit=all`)
    const painted = (await page.evaluate(() => window.__probe!.waitFor({ kind: 'first' }, 60_000))) as Painted
    const responseEnd = await page.evaluate(() =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('datastore_search'))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    )
    let strip: number | null = null
    if (wide) {
      // every column header that has an overview place shows its drawing, then the frame is painted
      const stripPainted = (await page.evaluate(STRIP_PAINTED)) as number
      strip = stripPainted - painted.paintedAt
    }
    return { firstRows: painted.paintedAt - responseEnd, strip }
  } finally {
    await context.close()
  }
}

const runs = option('runs', 7)
const rows = option('rows', 1_000_000)
const server = await startDatastore(rows)
const executablePath = resolveChromium()
const browser = await chromium.launch(executablePath ? { executablePath } : {})
try {
  const wide: Run[] = []
  const narrow: Run[] = []
  await once(browser, server.url, true) // warm the server's cache and the browser
  for (let run = 0; run < runs; run++) {
    // alternate, so both meet the same machine load
    wide.push(await once(browser, server.url, true))
    narrow.push(await once(browser, server.url, false))
  }
  const median = (values: number[]) => summarize(values)!.median.toFixed(1)
  const stripTimes = wide.map((run) => run.strip!)
  process.stdout.write(
    [
      `rows: ${rows}, runs: ${runs}`,
      `first rows painted → overviews painted: median ${median(stripTimes)} ms (max ${Math.max(...stripTimes).toFixed(0)} ms; budget 1000 ms)`,
      `response → first rows, overviews on (1280×900): median ${median(wide.map((run) => run.firstRows))} ms`,
      `response → first rows, overviews off (1100×900): median ${median(narrow.map((run) => run.firstRows))} ms`,
      '',
    ].join('\n'),
  )
} finally {
  await browser.close()
  await server.stop()
}
