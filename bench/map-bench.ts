// Issue 31's budgets for the map, on the bundled server and the production build (`npm run build`
// first): (1) the Map tab opened on US zip codes (42,049 points): from the click on the tab to the
// first points painted (≤ 1 s); (2) a million points: the frame rate while the map is dragged
// (≥ 50 fps), and the page's heap after a garbage collection (≤ 150 MB). A benchmark: it prints
// medians and never fails.
//
//   node --import tsx bench/map-bench.ts [--runs 5] [--points 1000000]
//
// The million points are a generated CSV (bench/map-points.ts: a name, a latitude and a longitude)
// that a second bundled server loads with `--load` into bench/data/map-points-<N>-db, once (in
// 49–91 s on this 2-core VM; later starts reuse it): the real server, dump and app, with no stand-in.
// "Points painted" is read without touching the map's code: an init script counts the shapes the
// page adds to the points canvas (`canvas.dse-map__points`) and marks the first fill that has some,
// then the frame after it; "all on the map" is the Map panel's status, "N records on the map".
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { resolveChromium } from '../e2e/browser.ts'
import { summarize } from './lib/stats.ts'
import { writePointsCsv } from './map-points.ts'
import { repoRoot, startDatastore, type RunningDatastore } from './servers.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    points: { type: 'string', default: '1000000' },
  },
})
const runs = Number(values.runs)
const points = Number(values.points)

// In the page, before its scripts: the click on the Map tab, the first fill of the points canvas
// with shapes in it and the frame after it, and the status saying every record is on the map.
// (A string: tsx would name a function through __name, which the page does not have.)
const WATCH_MAP = `var __name = (target) => target;
(() => {
  const marks = { click: null, firstFill: null, firstPaint: null, all: null }
  window.__mapMarks = marks
  addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null
    if (marks.click === null && tab && /^Map/.test(tab.textContent.trim())) marks.click = event.timeStamp
  }, true)
  // the shapes of each points canvas' path, counted until the first fill with some: then the
  // originals are back, and a draw of a million points pays nothing for the counting
  const proto = CanvasRenderingContext2D.prototype
  const originals = { rect: proto.rect, arc: proto.arc }
  const shapes = new WeakMap()
  for (const name of ['rect', 'arc']) {
    proto[name] = function (...args) {
      if (marks.click !== null && this.canvas.classList.contains('dse-map__points'))
        shapes.set(this, (shapes.get(this) || 0) + 1)
      return originals[name].apply(this, args)
    }
  }
  // when each fill of the points canvas returns (the points drawn, to be painted in the next frame),
  // and when the mouse button goes up (a drag's end: the points are drawn again at their place)
  window.__fills = []
  window.__ups = []
  // a draw of the points layer starts by sizing its canvas: from there to its fill is the draw
  window.__draws = []
  let drawStart = null
  const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width')
  Object.defineProperty(HTMLCanvasElement.prototype, 'width', {
    ...width,
    set(value) {
      if (this.classList.contains('dse-map__points')) drawStart = performance.now()
      width.set.call(this, value)
    },
  })
  addEventListener('pointerup', (event) => window.__ups.push(event.timeStamp), true)
  const fill = proto.fill
  proto.fill = function (...args) {
    const result = fill.apply(this, args)
    if (!this.canvas.classList.contains('dse-map__points')) return result
    window.__fills.push(performance.now())
    if (drawStart !== null) window.__draws.push({ start: drawStart, end: performance.now() })
    drawStart = null
    if (marks.firstFill === null && shapes.get(this) > 0) {
      marks.firstFill = performance.now()
      proto.rect = originals.rect
      proto.arc = originals.arc
      requestAnimationFrame(() => setTimeout(() => { marks.firstPaint = performance.now() }, 0))
    }
    shapes.delete(this)
    return result
  }
  new MutationObserver(() => {
    if (marks.all !== null || marks.click === null) return
    const status = document.querySelector('.dse-map__count[role="status"]')
    if (status && new RegExp('^' + window.__mapTotal + ' records? on the map').test(status.textContent))
      marks.all = performance.now()
  }).observe(document, { subtree: true, childList: true, characterData: true })
})()`

interface OpenRun {
  /** Click on the Map tab → the frame after the first points drawn, ms. */
  firstPoints: number
  /** Click → the status says every record is on the map, ms. */
  all: number
}

async function newContext(browser: import('@playwright/test').Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript({ content: WATCH_MAP })
  return context
}

/** Opens `resourceId` as a table, then its Map tab, and waits until every record is on the map. */
async function openMap(
  page: Page,
  server: RunningDatastore,
  resourceId: string,
  total: number,
): Promise<OpenRun> {
  await page.addInitScript({
    content: `window.__mapTotal = ${JSON.stringify(total.toLocaleString('en-US'))}`,
  })
  await page.goto(`${server.url}/?resource_id=${resourceId}`)
  await page.getByRole('grid', { name: 'Records' }).getByRole('row').nth(1).waitFor()
  await page.getByRole('tab', { name: 'Map' }).click()
  const status = page.getByRole('tabpanel', { name: 'Map' }).getByRole('status')
  await status
    .filter({ hasText: new RegExp(`^${total.toLocaleString('en-US')} records on the map`) })
    .waitFor({ timeout: 600_000 })
  const marks = await page.waitForFunction(() => {
    const marks = (window as unknown as { __mapMarks: Record<string, number | null> }).__mapMarks
    return marks.firstPaint !== null && marks.all !== null ? marks : null
  })
  const { click, firstPaint, all } = (await marks.jsonValue()) as Record<string, number>
  return { firstPoints: firstPaint! - click!, all: all! - click! }
}

interface PanRun {
  /** Frames per second while the map is dragged (frames shown ÷ the drags' time). */
  fps: number
  /** The drags' frame intervals, ms. */
  frames: number[]
  /** The draw of the points after each drag: its canvas sized → filled (projecting every point), ms. */
  draws: number[]
  /** The button up → the points canvas filled again (after Leaflet's inertia), ms. */
  redrawn: number[]
  /** How far each drag moved the map, px (a check that it panned). */
  moved: number[]
}

// In the page: every frame's time from now on, until `__stopFrames()`.
const RECORD_FRAMES = `(() => {
  const times = []
  let on = true
  const tick = (now) => { times.push(now); if (on) requestAnimationFrame(tick) }
  requestAnimationFrame(tick)
  window.__stopFrames = () => { on = false; return times }
})()`

/** Drags the map four times (right, left, down, up), 60 mouse moves each, and reads the frames. */
async function pan(page: Page): Promise<PanRun> {
  const region = page.getByRole('region', { name: 'Map of the matching records' })
  await region.scrollIntoViewIfNeeded()
  const box = (await region.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const drags: [number, number][] = [
    [300, 0],
    [-300, 0],
    [0, 200],
    [0, -200],
  ]
  // the map pane's offset: a drag that did not pan the map would leave it where it was
  const pane = region.locator('.leaflet-map-pane')
  const offset = () =>
    pane.evaluate((element) => {
      const matrix = new DOMMatrixReadOnly(getComputedStyle(element).transform)
      return [matrix.e, matrix.f]
    })
  const frames: number[] = []
  const moved: number[] = []
  const redrawn: number[] = []
  const drawTimes: number[] = []
  let shown = 0
  let dragging = 0
  for (const [dx, dy] of drags) {
    await page.mouse.move(x, y)
    const [fromX, fromY] = await offset()
    await page.evaluate(RECORD_FRAMES)
    await page.mouse.down()
    const start = await page.evaluate(() => performance.now())
    for (let step = 1; step <= 60; step++) await page.mouse.move(x + (dx * step) / 60, y + (dy * step) / 60)
    const end = await page.evaluate(() => performance.now())
    await page.mouse.up()
    // a second for Leaflet's inertia, and the points' draw at their new place
    await page.waitForTimeout(1000)
    const times = (await page.evaluate('window.__stopFrames()')) as number[]
    const { fills, ups, draws } = (await page.evaluate(
      '({ fills: window.__fills, ups: window.__ups, draws: window.__draws })',
    )) as { fills: number[]; ups: number[]; draws: { start: number; end: number }[] }
    const up = ups.at(-1)!
    const drawn = fills.find((time) => time > up)
    redrawn.push(drawn === undefined ? NaN : drawn - up)
    const draw = draws.find((one) => one.end > up)
    drawTimes.push(draw === undefined ? NaN : draw.end - draw.start)
    const [toX, toY] = await offset()
    moved.push(Math.hypot(toX! - fromX!, toY! - fromY!))
    const during = times.filter((time) => time >= start && time <= end)
    for (let i = 1; i < during.length; i++) frames.push(during[i]! - during[i - 1]!)
    shown += during.length
    dragging += end - start
  }
  return { fps: (shown / dragging) * 1000, frames, redrawn, draws: drawTimes, moved }
}

/** The page's memory after two garbage collections: V8's heap, and the typed arrays' stores beside it. */
async function heapAfterGc(page: Page): Promise<{ heapMiB: number; backingMiB: number | null }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number }
  await cdp.detach()
  return {
    heapMiB: usage.usedSize / 2 ** 20,
    backingMiB: usage.backingStorageSize === undefined ? null : usage.backingStorageSize / 2 ** 20,
  }
}

const line = (
  label: string,
  numbers: readonly (number | null | undefined)[],
  unit: string,
  digits = 0,
  budget = '',
) => {
  const s = summarize(numbers)
  if (!s) return console.log(`| ${label} | — | ${budget} |`)
  const f = (n: number) => n.toFixed(digits)
  console.log(`| ${label} | ${f(s.median)} ${unit} (${f(s.min)}–${f(s.max)}) | ${budget} |`)
}

const executablePath = resolveChromium()
const browser = await chromium.launch(executablePath ? { executablePath } : {})
const servers: RunningDatastore[] = []
try {
  // (1) US zip codes on the bundled server (its small generated table keeps the start short)
  const bundled = await startDatastore(1000, [
    '--data-dir',
    path.join(repoRoot, 'bench', 'data', 'rows-1000'),
  ])
  servers.push(bundled)
  console.log(`bundled server: ${bundled.startLine} (${bundled.startSeconds.toFixed(1)} s)`)
  const zip: OpenRun[] = []
  for (let run = 0; run < runs; run++) {
    const context = await newContext(browser)
    try {
      const result = await openMap(await context.newPage(), bundled, 'us-zipcodes', 42_049)
      zip.push(result)
      console.log(
        `zip codes, run ${run + 1}: click → first points ${result.firstPoints.toFixed(0)} ms, all 42,049 on the map ${result.all.toFixed(0)} ms`,
      )
    } finally {
      await context.close()
    }
  }
  await bundled.stop()
  servers.pop()

  // (2) a million points, loaded from a generated CSV into a server of their own
  const dataDir = path.join(repoRoot, 'bench', 'data')
  mkdirSync(dataDir, { recursive: true })
  const csv = path.join(dataDir, `map-points-${points}.csv`)
  if (!existsSync(csv)) await writePointsCsv(csv, points)
  const resourceId = `map-points-${points}`
  const loaded = await startDatastore(
    1000,
    ['--load', csv, '--data-dir', path.join(dataDir, `map-points-${points}-db`)],
    30 * 60_000,
    resourceId,
  )
  servers.push(loaded)
  console.log(`points server: ${loaded.startLine} (${loaded.startSeconds.toFixed(1)} s)`)
  const million: (OpenRun & PanRun & { heapMiB: number; backingMiB: number | null })[] = []
  for (let run = 0; run < runs; run++) {
    const context = await newContext(browser)
    try {
      const page = await context.newPage()
      const opened = await openMap(page, loaded, resourceId, points)
      const memory = await heapAfterGc(page)
      const panned = await pan(page)
      const frames = summarize(panned.frames)
      million.push({ ...opened, ...panned, ...memory })
      console.log(
        `${points.toLocaleString('en')} points, run ${run + 1}: click → first points ${opened.firstPoints.toFixed(0)} ms, all on the map ${(opened.all / 1000).toFixed(1)} s; ` +
          `heap after GC ${memory.heapMiB.toFixed(1)} MiB + ${memory.backingMiB?.toFixed(1) ?? '?'} MiB of typed arrays; ` +
          `dragging ${panned.fps.toFixed(1)} fps (median frame ${frames?.median.toFixed(1)} ms, ${panned.frames.filter((t) => t > 20).length} of ${panned.frames.length} over 20 ms), ` +
          `button up → points drawn again ${panned.redrawn.map((t) => t.toFixed(0)).join(', ')} ms, ` +
          `that draw ${panned.draws.map((t) => t.toFixed(0)).join(', ')} ms; ` +
          `the drags moved the map ${panned.moved.map((d) => d.toFixed(0)).join(', ')} px`,
      )
    } finally {
      await context.close()
    }
  }

  console.log(`\n| measure (${runs} runs) | median (min–max) | budget |`)
  console.log('|---|---|---|')
  line(
    'US zip codes (42,049): click on Map → first points painted',
    zip.map((r) => r.firstPoints),
    'ms',
    0,
    '≤ 1 s',
  )
  line(
    '… click on Map → "42,049 records on the map"',
    zip.map((r) => r.all),
    'ms',
  )
  const n = points.toLocaleString('en')
  line(
    `${n} points: click on Map → first points painted`,
    million.map((r) => r.firstPoints),
    'ms',
  )
  line(
    `… click on Map → "${n} records on the map"`,
    million.map((r) => r.all / 1000),
    's',
    1,
  )
  line(
    `… frames per second while dragging the map`,
    million.map((r) => r.fps),
    'fps',
    1,
    '≥ 50 fps',
  )
  line(
    `… median frame while dragging`,
    million.map((r) => summarize(r.frames)?.median),
    'ms',
    1,
  )
  line(
    `… a drag's end (button up) → the points drawn again at their place (after Leaflet's inertia)`,
    million.flatMap((r) => r.redrawn),
    'ms',
  )
  line(
    `… that draw alone (1,000,000 points projected and filled)`,
    million.flatMap((r) => r.draws),
    'ms',
  )
  line(
    `… page's JS heap after GC`,
    million.map((r) => r.heapMiB),
    'MiB',
    1,
    '≤ 150 MB',
  )
  line(
    `… typed arrays' stores beside it (ArrayBuffers)`,
    million.map((r) => r.backingMiB),
    'MiB',
    1,
  )
  line(
    `… both together`,
    million.map((r) => r.heapMiB + (r.backingMiB ?? 0)),
    'MiB',
    1,
    '≤ 150 MB',
  )
} finally {
  await browser.close()
  for (const server of servers) await server.stop()
}
