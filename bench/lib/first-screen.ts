// One page load of the explorer's first screen, timed by the browser bench's probe: the figures the
// A/B benches (ab-builds.ts, ab-first-rows.ts) compare.
import type { Browser } from '@playwright/test'
import { RESOURCE_ID } from '../grids.ts'
import { PROBE_SCRIPT, type Painted, type VisibleRow } from '../in-page-probe.ts'

export interface FirstScreenLoad {
  responseToRows: number
  startToRows: number
  startToRequest: number
}

/** Opens `url` on the generated table at 1280×720 and times its first rows; null when they never came. */
export async function firstScreen(browser: Browser, url: string): Promise<FirstScreenLoad | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 })
  await context.addInitScript({ content: PROBE_SCRIPT })
  const page = await context.newPage()
  try {
    await page.goto(`${url}/?resource_id=${RESOURCE_ID}&limit=all`)
    const painted = (await page.evaluate(() => window.__probe!.waitFor({ kind: 'first' }, 30_000))) as
      Painted | { timeout: true; rows: VisibleRow[] }
    if ('timeout' in painted) return null
    const searches = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('datastore_search'))
        .map((entry) => ({ start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
    )
    const delivering = searches
      .filter((search) => search.end > 0 && search.end <= painted.detectedAt)
      .sort((a, b) => b.end - a.end)[0]
    if (!delivering) return null
    return {
      responseToRows: painted.paintedAt - delivering.end,
      startToRows: painted.paintedAt,
      startToRequest: Math.min(...searches.map((search) => search.start)),
    }
  } finally {
    await context.close()
  }
}
