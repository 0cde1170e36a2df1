// Browser benchmarks of the explorer's production build against AG Grid Community, Glide Data Grid
// and DataTables + Scroller, on the same generated resource from the same local servers, in the same
// run. Benchmarks, not tests: they print and record figures (bench/RESULTS.md, bench/README-table.md)
// and never fail on a missed budget.
//
//   node --import tsx bench/browser-bench.ts [--runs 5] [--grids ours,ag-grid,glide,datatables]
//                                            [--sizes 1000,100000,1000000] [--no-write]
//                                            [--before DIR] [--drag-to 0.5]
//
// --before DIR adds the grid `before`: an explorer built from another commit (DIR is its `dist/`, e.g.
// `git worktree add ../base <commit> && (cd ../base && npm ci && npx vite build)` → ../base/dist), so a
// change is measured before and after, beside the peers, in one run on one machine.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { resolveChromium } from '../e2e/browser.ts'
import {
  DEFAULT_GRIDS,
  GRIDS,
  GRIDS_WITH_SEARCH,
  gridUrl,
  headerPoint,
  OURS_GRID,
  RESOURCE_ID,
  searchBox,
  SORT_COLUMN,
  TYPED_WORD,
  type GridName,
  type GridSetup,
} from './grids.ts'
import {
  PROBE_SCRIPT,
  type Painted,
  type RowCondition,
  type ScrollRun,
  type VisibleRow,
} from './in-page-probe.ts'
import { initialJsGzipBytes } from './lib/initial-js.ts'
import { renderReadmeTable, renderResultsSection, type BenchReport, type Measurements } from './lib/report.ts'
import { replaceSection } from './lib/results-section.ts'
import {
  repoRoot,
  serveAppWithApi,
  serveStatic,
  startDatastore,
  type RunningDatastore,
  type StaticServer,
} from './servers.ts'

interface Options {
  runs: number
  grids: GridName[]
  /** Row counts of the resources; the largest is the "big resource" of the scroll, sort and typing. */
  sizes: number[]
  write: boolean
  /** Already running datastore servers by row count (`--servers 1000=http://127.0.0.1:8081,...`). */
  servers: Map<number, string>
  /** An earlier build of the explorer (its `dist/`), measured as the grid `before`. */
  before: string | null
  /** Where the drag ends, as a share of the big resource (`--drag-to`, default 0.5). */
  dragTo: number
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    runs: 5,
    grids: [...DEFAULT_GRIDS],
    sizes: [1000, 100_000, 1_000_000],
    write: true,
    servers: new Map(),
    before: null,
    dragTo: 0.5,
  }
  let gridsNamed = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]))
    else if (arg === '--grids') {
      options.grids = (argv[++i] ?? '').split(',') as GridName[]
      gridsNamed = true
    } else if (arg === '--before') options.before = path.resolve(argv[++i] ?? '')
    else if (arg === '--sizes')
      options.sizes = [...new Set((argv[++i] ?? '').split(',').map(Number))].sort((a, b) => a - b)
    else if (arg === '--no-write') options.write = false
    else if (arg === '--drag-to') options.dragTo = Math.min(1, Math.max(0, Number(argv[++i])))
    else if (arg === '--servers') {
      for (const pair of (argv[++i] ?? '').split(',')) {
        const [rows, url] = pair.split('=')
        options.servers.set(Number(rows), url!.replace(/\/$/, ''))
      }
    } else throw new Error(`unknown option ${arg}`)
  }
  for (const grid of options.grids) if (!GRIDS.includes(grid)) throw new Error(`unknown grid ${grid}`)
  if (options.before !== null) {
    if (!existsSync(path.join(options.before, 'index.html')))
      throw new Error(`--before ${options.before}: no index.html there (give an explorer build's dist/)`)
    if (!gridsNamed) options.grids.splice(1, 0, 'before')
  } else if (options.grids.includes('before')) throw new Error('the grid before needs --before DIR')
  return options
}

const log = (line: string): void => void process.stdout.write(`${line}\n`)
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
const MIB = 1024 * 1024
/** Scrolling through the big resource, the 5-second scroll of the budget. */
const SCROLL_MS = 5000

// ---------------------------------------------------------------------------------------------
// Builds

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

function buildAll(): void {
  const vite = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  log('Building the explorer (vite build) and the peer pages (bench/vite.peers.config.ts)…')
  run(process.execPath, [vite, 'build', '--logLevel', 'warn'])
  run(process.execPath, [vite, 'build', '--config', 'bench/vite.peers.config.ts'])
}

/**
 * Each size keeps its database in bench/data/rows-N (git-ignored), so only the first start loads
 * the rows (1M rows take many minutes) and later starts open it in seconds. The server reloads it
 * when its data code changed; if that fails on the old files, the folder is cleared once.
 */
async function startKeptDatastore(rows: number): Promise<RunningDatastore> {
  const dir = path.join('bench', 'data', `rows-${rows}`)
  try {
    return await startDatastore(rows, ['--data-dir', dir])
  } catch (error) {
    log(
      `  the ${rows}-row server failed on ${dir} (${(error as Error).message.split('\n')[0]}); loading afresh`,
    )
    rmSync(path.join(repoRoot, dir), { recursive: true, force: true })
    return startDatastore(rows, ['--data-dir', dir])
  }
}

// ---------------------------------------------------------------------------------------------
// Page helpers

// tsx (esbuild) wraps named functions in `__name(...)` calls, which the page does not define

const LAUNCH_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

interface Opened {
  context: BrowserContext
  page: Page
  /** Node-side log of datastore_search requests (for counts). */
  requests: { at: number; url: string }[]
  errors: string[]
}

async function openGrid(browser: Browser, grid: GridName, setup: GridSetup): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 })
  await context.addInitScript({ content: PROBE_SCRIPT })
  const page = await context.newPage()
  const requests: Opened['requests'] = []
  const errors: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('datastore_search')) requests.push({ at: Date.now(), url: request.url() })
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(gridUrl(grid, setup))
  return { context, page, requests, errors }
}

function waitRows(page: Page, condition: RowCondition, timeoutMs = 30_000) {
  return page.evaluate(([cond, timeout]) => window.__probe!.waitFor(cond, timeout), [
    condition,
    timeoutMs,
  ] as const)
}

function isPainted(result: Painted | { timeout: true; rows: VisibleRow[] }): result is Painted {
  return !('timeout' in result)
}

/**
 * Opens the grid and waits for its first rows. null (page closed, failure logged as `what`) when they
 * never came.
 */
async function openLoaded(
  browser: Browser,
  grid: GridName,
  setup: GridSetup,
  what: string,
): Promise<{ opened: Opened; ready: Painted } | null> {
  const opened = await openGrid(browser, grid, setup)
  const ready = await waitRows(opened.page, { kind: 'first' })
  if (isPainted(ready)) return { opened, ready }
  log(`  ${grid} ${what}: the table did not load`)
  await opened.context.close()
  return null
}

interface ResourceEntry {
  name: string
  startTime: number
  responseEnd: number
}

function searchEntries(page: Page): Promise<ResourceEntry[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('datastore_search'))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming
        return { name: timing.name, startTime: timing.startTime, responseEnd: timing.responseEnd }
      }),
  )
}

/** The response that brought the rows: the last datastore_search to end before they were seen. */
function deliveringResponse(
  entries: ResourceEntry[],
  detectedAt: number,
  after = 0,
): ResourceEntry | undefined {
  return entries
    .filter((entry) => entry.startTime >= after && entry.responseEnd > 0 && entry.responseEnd <= detectedAt)
    .sort((a, b) => b.responseEnd - a.responseEnd)[0]
}

/** Waits until no datastore_search has started for `quietMs` (at most `maxMs`). */
async function networkQuiet(opened: Opened, quietMs = 1000, maxMs = 15_000): Promise<void> {
  const since = Date.now()
  const until = since + maxMs
  while (Date.now() < until) {
    const last = Math.max(since, opened.requests.at(-1)?.at ?? 0)
    if (Date.now() - last >= quietMs) return
    await sleep(100)
  }
}

/** Waits until the server answers a one-row search quickly, so leftovers of one grid's test
 *  (requests it abandoned) do not slow the next grid's. */
async function serverQuiet(server: RunningDatastore, maxMs = 60_000): Promise<void> {
  const url = `${server.url}/api/3/action/datastore_search?resource_id=${RESOURCE_ID}&limit=1&include_total=false`
  const until = Date.now() + maxMs
  let fast = 0
  while (Date.now() < until && fast < 2) {
    const started = performance.now()
    await fetch(url).then((response) => response.text())
    fast = performance.now() - started < 60 ? fast + 1 : 0
    if (fast < 2) await sleep(200)
  }
}

async function heapMiB(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  await session.send('HeapProfiler.collectGarbage')
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
  await session.detach()
  return usage.usedSize / MIB
}

// ---------------------------------------------------------------------------------------------
// Measurements

class Recorder {
  readonly data: Measurements = {}
  add(grid: GridName, metric: string, value: number | null): void {
    const byMetric = (this.data[grid] ??= {})
    ;(byMetric[metric] ??= []).push(value)
  }
}

function sizeLabel(rows: number): string {
  return rows >= 1_000_000 ? `${rows / 1_000_000}M` : rows >= 1000 ? `${rows / 1000}k` : String(rows)
}

/** Opens the grid on a resource and times response → first rows painted. Leaves the page open. */
async function firstRows(
  browser: Browser,
  grid: GridName,
  setup: GridSetup,
  rows: number,
  recorder: Recorder,
): Promise<Opened | null> {
  const opened = await openGrid(browser, grid, setup)
  const painted = await waitRows(opened.page, { kind: 'first' })
  const label = sizeLabel(rows)
  if (!isPainted(painted)) {
    log(
      `  ${grid} ${label}: first rows not painted within 30 s (rows seen: ${JSON.stringify(painted.rows.slice(0, 3))}) ${opened.errors.join('; ')}`,
    )
    recorder.add(grid, `first.${label}`, null)
    recorder.add(grid, `load.${label}`, null)
    await opened.context.close()
    return null
  }
  const response = deliveringResponse(await searchEntries(opened.page), painted.detectedAt)
  const value = response ? painted.paintedAt - response.responseEnd : null
  recorder.add(grid, `first.${label}`, value)
  recorder.add(grid, `load.${label}`, painted.paintedAt)
  log(
    `  ${grid} ${label}: response → painted ${value?.toFixed(1)} ms (load → painted ${painted.paintedAt.toFixed(0)} ms)`,
  )
  return opened
}

/** 50 px a frame: about 3,000 px (94 rows) a second at 60 frames per second. */
const STEADY_PX_PER_FRAME = 50

function longTasksIn(page: Page, run: ScrollRun): Promise<{ start: number; duration: number }[]> {
  return page.evaluate(
    ([from, to]) => window.__probe!.longTasks.filter((task) => task.start >= from && task.start <= to),
    [run.start, run.end] as const,
  )
}

function recordScroll(
  recorder: Recorder,
  grid: GridName,
  prefix: string,
  run: ScrollRun,
  tasks: { start: number; duration: number }[],
): void {
  const longest = tasks.reduce((max, task) => Math.max(max, task.duration), 0)
  const fps = (run.frames / (run.end - run.start)) * 1000
  recorder.add(grid, `${prefix}.longTasks`, tasks.length)
  recorder.add(grid, `${prefix}.longestTask`, longest)
  recorder.add(
    grid,
    `${prefix}.blocking`,
    tasks.reduce((sum, task) => sum + task.duration - 50, 0),
  )
  recorder.add(grid, `${prefix}.fps`, fps)
  recorder.add(grid, `${prefix}.maxFrameGap`, run.maxFrameGap)
  log(
    `  ${grid} ${prefix} scroll: ${tasks.length} long tasks (longest ${longest.toFixed(0)} ms), ${fps.toFixed(0)} fps, worst frame ${run.maxFrameGap.toFixed(0)} ms`,
  )
}

/** Drag to the middle (or `dragTo`; DOM rows there), then a steady 5-second scroll from the top. */
async function dragAndSteady(
  opened: Opened,
  grid: GridName,
  rows: number,
  recorder: Recorder,
  dragTo: number,
): Promise<void> {
  const { page } = opened
  await networkQuiet(opened, 500)
  recorder.add(grid, 'heap.start', await heapMiB(page))

  // Drag to the middle in one step.
  const shown = (await page.evaluate(() => window.__probe!.visibleRows().length)) || 15
  const expected = Math.round(dragTo * (rows - shown))
  const slack = Math.max(shown, Math.round(rows * 0.005))
  const jumpedAt = await page.evaluate((fraction) => window.__probe!.jumpTo(fraction), dragTo)
  const middle = await waitRows(page, { kind: 'window', lo: expected - slack, hi: expected + slack }, 30_000)
  if (isPainted(middle)) {
    const entries = await searchEntries(page)
    const response = deliveringResponse(entries, middle.detectedAt, jumpedAt)
    const total = middle.paintedAt - jumpedAt
    const roundTrip = response ? response.responseEnd - response.startTime : 0
    recorder.add(grid, 'drag.total', total)
    recorder.add(grid, 'drag.roundTrip', roundTrip)
    recorder.add(grid, 'drag.overhead', total - roundTrip)
    // where the rest goes: before the request starts, and from its response to the paint
    recorder.add(grid, 'drag.beforeRequest', response ? response.startTime - jumpedAt : null)
    recorder.add(grid, 'drag.afterResponse', response ? middle.paintedAt - response.responseEnd : null)
    recorder.add(
      grid,
      'drag.requests',
      entries.filter((e) => e.startTime >= jumpedAt && e.startTime <= middle.detectedAt).length,
    )
    log(
      `  ${grid} drag to middle: ${total.toFixed(0)} ms (round trip ${roundTrip.toFixed(0)} ms, rest ${(total - roundTrip).toFixed(0)} ms), first row ${middle.rows[0]?.pos}`,
    )
  } else {
    log(
      `  ${grid} drag to middle: wrong or missing rows after 30 s: ${JSON.stringify(middle.rows.slice(0, 3))}`,
    )
    for (const metric of ['drag.total', 'drag.roundTrip', 'drag.overhead', 'drag.requests'])
      recorder.add(grid, metric, null)
  }
  await sleep(300)
  recorder.add(grid, 'dom.middle', await page.evaluate(() => window.__probe!.domRows()))

  // A steady 5-second scroll from the top, as a fast wheel or flick would (50 px a frame).
  await page.evaluate(() => window.__probe!.scrollToTop())
  await waitRows(page, { kind: 'first' }, 30_000)
  await networkQuiet(opened, 1000)
  await sleep(500)
  const before = opened.requests.length
  const steady = await page.evaluate(([ms, px]) => window.__probe!.scrollSteady(ms, px), [
    SCROLL_MS,
    STEADY_PX_PER_FRAME,
  ] as const)
  recordScroll(recorder, grid, 'steady', steady, await longTasksIn(page, steady))
  recorder.add(grid, 'steady.requests', opened.requests.length - before)
}

/**
 * The 5-second scroll through everything, on a page of its own against a server of its own: the
 * requests a grid abandons on the way keep that server busy for minutes (it cannot cancel queued
 * statements), so the harness restarts it afterwards instead of letting them slow the next test.
 */
async function throughScroll(
  browser: Browser,
  grid: GridName,
  setup: GridSetup,
  rows: { estimated: number; actual: number },
  recorder: Recorder,
): Promise<void> {
  const loaded = await openLoaded(browser, grid, setup, 'scroll through')
  if (!loaded) return
  const { opened } = loaded
  const { page } = opened
  await networkQuiet(opened, 1000)
  await sleep(300)
  // the rows on screen now: the first frame may have shown fewer (the explorer draws the rows inside
  // the browser window first, then the rest of the grid)
  const shown = (await page.evaluate(() => window.__probe!.visibleRows().length)) || 15
  const before = opened.requests.length
  const scroll = await page.evaluate((ms) => window.__probe!.scrollThrough(ms), SCROLL_MS)
  recordScroll(recorder, grid, 'scroll', scroll, await longTasksIn(page, scroll))
  recorder.add(grid, 'scroll.requests', opened.requests.length - before)

  // The end is where the grid says the rows end: the estimated total's end, or the real one for a
  // grid that corrects an estimate from the pages it loads (the explorer does).
  const endRows = await waitRows(
    page,
    { kind: 'window', lo: rows.estimated - 2 * shown - 5, hi: rows.actual },
    END_WAIT_MS,
  )
  recorder.add(grid, 'scroll.endPainted', isPainted(endRows) ? endRows.paintedAt - scroll.end : null)
  await sleep(300)
  recorder.add(grid, 'dom.end', await page.evaluate(() => window.__probe!.domRows()))
  recorder.add(grid, 'dom.elements', await page.evaluate(() => document.getElementsByTagName('*').length))
  await networkQuiet(opened, 1000, 5000)
  const heap = await heapMiB(page)
  recorder.add(grid, 'heap.afterScroll', heap)
  log(
    `  ${grid} after scroll: end rows ${isPainted(endRows) ? 'shown' : `NOT shown (${JSON.stringify(endRows.rows.slice(0, 2))}…)`}, heap ${heap.toFixed(1)} MiB`,
  )
  await opened.context.close()
}

/** How long to wait for the last rows after the scroll through everything. */
const END_WAIT_MS = 20_000

async function sortBenchmark(
  browser: Browser,
  grid: GridName,
  setup: GridSetup,
  firstId: number,
  recorder: Recorder,
): Promise<void> {
  const loaded = await openLoaded(browser, grid, setup, 'sort')
  if (!loaded) {
    recorder.add(grid, 'sort.time', null)
    recorder.add(grid, 'sort.requests', null)
    return
  }
  const { opened } = loaded
  const { page } = opened
  await networkQuiet(opened, 500)
  const point = await headerPoint(grid, page)
  const before = opened.requests.length
  const sorted = waitRows(page, { kind: 'sorted', firstId }, 30_000)
  await page.mouse.click(point.x, point.y)
  const result = await sorted
  await sleep(500)
  const requests = opened.requests.length - before
  if (isPainted(result)) {
    const clickedAt = await page.evaluate(() => window.__probe!.lastClick)
    recorder.add(grid, 'sort.time', result.paintedAt - clickedAt)
    recorder.add(grid, 'sort.requests', requests)
    log(`  ${grid} sort: ${(result.paintedAt - clickedAt).toFixed(0)} ms, ${requests} request(s)`)
  } else {
    log(`  ${grid} sort: sorted rows not shown within 30 s (${JSON.stringify(result.rows.slice(0, 2))})`)
    recorder.add(grid, 'sort.time', null)
    recorder.add(grid, 'sort.requests', requests)
  }
  await opened.context.close()
}

async function typingBenchmark(
  browser: Browser,
  grid: GridName,
  setup: GridSetup,
  recorder: Recorder,
): Promise<void> {
  const loaded = await openLoaded(browser, grid, setup, 'typing')
  if (!loaded) return
  const { opened } = loaded
  const { page } = opened
  const box = await searchBox(grid, page)
  if (!box) {
    await opened.context.close()
    return
  }
  await networkQuiet(opened, 500)
  await page.click(box)
  const before = opened.requests.length
  // a steady typist: 120 ms between keys
  await page.keyboard.type(TYPED_WORD, { delay: 120 })
  await networkQuiet(opened, 2000, 20_000)
  const requests = opened.requests.length - before
  recorder.add(grid, 'typing.requests', requests)
  log(`  ${grid} typing "${TYPED_WORD}": ${requests} request(s)`)
  await opened.context.close()
}

// ---------------------------------------------------------------------------------------------
// Main

async function expectedFirstId(server: RunningDatastore): Promise<number> {
  const query = new URLSearchParams({
    resource_id: RESOURCE_ID,
    sort: `${SORT_COLUMN} asc`,
    limit: '1',
    include_total: 'false',
  })
  const response = await fetch(`${server.url}/api/3/action/datastore_search?${query.toString()}`)
  const body = (await response.json()) as { result: { records: { _id: number }[] } }
  return body.result.records[0]!._id
}

async function shownTotal(server: RunningDatastore): Promise<number> {
  const query = new URLSearchParams({
    resource_id: RESOURCE_ID,
    limit: '0',
    total_estimation_threshold: '100000',
  })
  const response = await fetch(`${server.url}/api/3/action/datastore_search?${query.toString()}`)
  const body = (await response.json()) as { result: { total: number } }
  return body.result.total
}

/**
 * The server of the scroll through everything: the big resource again, from a copy of its kept
 * database (two servers cannot share one folder), restarted after every use.
 */
function startScrollServer(rows: number): Promise<RunningDatastore> {
  return startDatastore(rows, ['--data-dir', path.join('bench', 'data', `rows-${rows}-scroll`)])
}

const DATA_KEY_FILE = 'datastore-explorer-data-key'

/** Whether the copy for the scroll server holds the same data as the main folder (else it is copied). */
function scrollCopyIsCurrent(rows: number): boolean {
  const main = path.join(repoRoot, 'bench', 'data', `rows-${rows}`)
  const key = (dir: string) =>
    existsSync(path.join(dir, DATA_KEY_FILE)) ? readFileSync(path.join(dir, DATA_KEY_FILE), 'utf8') : ''
  return key(main) !== '' && key(main) === key(`${main}-scroll`)
}

function copyForScrollServer(rows: number): void {
  const main = path.join(repoRoot, 'bench', 'data', `rows-${rows}`)
  rmSync(`${main}-scroll`, { recursive: true, force: true })
  cpSync(main, `${main}-scroll`, { recursive: true })
}

async function ourGridHeight(browser: Browser, setup: GridSetup): Promise<number> {
  const opened = await openGrid(browser, 'ours', setup)
  await waitRows(opened.page, { kind: 'first' })
  const height = await opened.page.evaluate(
    (selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0,
    OURS_GRID,
  )
  await opened.context.close()
  return Math.round(height) || 560
}

function machine(): string {
  const cpus = os.cpus()
  return `${cpus.length}-core VM (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`
}

export async function main(argv = process.argv.slice(2)): Promise<BenchReport> {
  const options = parseOptions(argv)
  const sizes = options.sizes
  buildAll()
  const initialJs: Record<string, number> = {
    ours: initialJsGzipBytes(path.join(repoRoot, 'dist', 'index.html')).bytes,
  }
  for (const grid of GRIDS.filter((g) => g !== 'ours' && g !== 'before')) {
    initialJs[grid] = initialJsGzipBytes(path.join(repoRoot, 'bench', '.peers-dist', `${grid}.html`)).bytes
  }
  if (options.before !== null)
    initialJs.before = initialJsGzipBytes(path.join(options.before, 'index.html')).bytes

  log(
    `Starting datastore servers with ${sizes.map(sizeLabel).join(', ')} rows (the first load of 1M rows takes many minutes; later starts reuse bench/data/)…`,
  )
  const servers: RunningDatastore[] = []
  const peers = await serveStatic(path.join(repoRoot, 'bench', '.peers-dist'))
  let browser: Browser | undefined
  let scrollServer: RunningDatastore | undefined
  let stopFronts = async (): Promise<unknown> => undefined
  try {
    // one at a time: loading is CPU-bound, and parallel loads only slow each other on 2 cores
    for (const rows of sizes) {
      const running = options.servers.get(rows)
      const server: RunningDatastore = running
        ? { url: running, rows, startLine: 'already running', startSeconds: 0, stop: async () => {} }
        : await startKeptDatastore(rows)
      servers.push(server)
      log(`  ${sizeLabel(rows)}: ${server.url} — ${server.startLine} (${server.startSeconds.toFixed(0)} s)`)
    }
    let big = servers.at(-1)!
    if (!scrollCopyIsCurrent(big.rows) && !options.servers.has(big.rows)) {
      // copy the freshly loaded database while no server has it open
      log('  copying the big database for the scroll server…')
      await big.stop()
      copyForScrollServer(big.rows)
      big = await startKeptDatastore(big.rows)
      servers[servers.length - 1] = big
    }
    const firstId = await expectedFirstId(big)
    // the rows each grid shows: the total the server reports (estimated above 100,000 rows, as every
    // grid here asks for it), which sets where the middle and the end are
    const totals = new Map<RunningDatastore, number>()
    for (const server of servers) totals.set(server, await shownTotal(server))
    log(`  totals shown: ${servers.map((server) => totals.get(server)!.toLocaleString('en')).join(', ')}`)
    // started now, ready by the first run (the browser and the grid height come meanwhile)
    const scrollServerStarting = startScrollServer(big.rows)
    const executablePath = resolveChromium()
    browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: LAUNCH_ARGS })
    // the earlier build (--before), served with each server's API forwarded; the scroll server's
    // front follows it across its restarts
    const beforeDir = options.before
    const fronts = new Map<string, StaticServer>()
    if (beforeDir !== null) {
      for (const server of servers) fronts.set(server.url, await serveAppWithApi(beforeDir, () => server.url))
      fronts.set('scroll', await serveAppWithApi(beforeDir, () => scrollServer!.url))
    }
    stopFronts = () => Promise.all([...fronts.values()].map((front) => front.stop()))
    const setupFor = (server: RunningDatastore, height: number): GridSetup => ({
      api: server.url,
      peers: peers.url,
      height,
      before: fronts.get(server === scrollServer ? 'scroll' : server.url)?.url,
    })
    const height = await ourGridHeight(browser, setupFor(big, 560))
    scrollServer = await scrollServerStarting
    /** Every server idle, not only the one measured: on 2 cores a busy neighbour slows the page too. */
    const allQuiet = async (): Promise<void> => {
      for (const server of [...servers, scrollServer!]) await serverQuiet(server)
    }
    log(`Chromium ${browser.version()}; the explorer's grid is ${height} px tall, the peers get the same.`)

    const recorder = new Recorder()
    for (let r = 0; r < options.runs; r++) {
      // rotate the order, so no grid always goes first (or last) in a run
      const order = options.grids.map((_, i) => options.grids[(i + r) % options.grids.length]!)
      log(`Run ${r + 1}/${options.runs}: ${order.join(', ')}`)
      for (const grid of order) {
        for (const server of servers) {
          await allQuiet()
          const shownRows = totals.get(server)!
          const opened = await firstRows(browser, grid, setupFor(server, height), server.rows, recorder)
          if (opened && server === big) await dragAndSteady(opened, grid, shownRows, recorder, options.dragTo)
          await opened?.context.close()
        }
        await serverQuiet(big)
        await sortBenchmark(browser, grid, setupFor(big, height), firstId, recorder)
        if (GRIDS_WITH_SEARCH.includes(grid)) {
          await serverQuiet(big)
          await typingBenchmark(browser, grid, setupFor(big, height), recorder)
        }
        await serverQuiet(scrollServer)
        await throughScroll(
          browser,
          grid,
          setupFor(scrollServer, height),
          { estimated: totals.get(big)!, actual: big.rows },
          recorder,
        )
        // drop whatever the scroll left queued: restart it, and wait, so no grid is measured while a
        // server process starts next to it (on 2 cores that slowed whichever grid came next)
        await scrollServer.stop()
        scrollServer = await startScrollServer(big.rows)
      }
    }

    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machine(),
      chromium: browser.version(),
      runs: options.runs,
      sizes,
      gridHeight: height,
      servers: servers.map((server) => ({ rows: server.rows, start: server.startLine })),
      initialJs,
      measurements: recorder.data,
      grids: options.grids,
    }
    const runsDir = path.join(repoRoot, 'bench', '.runs')
    mkdirSync(runsDir, { recursive: true })
    writeFileSync(
      path.join(runsDir, `browser-${report.date.replace(/[:.]/g, '-')}.json`),
      JSON.stringify(report, null, 2),
    )
    const section = renderResultsSection(report)
    log('\n' + section)
    if (options.write) {
      const resultsFile = path.join(repoRoot, 'bench', 'RESULTS.md')
      const current = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : ''
      writeFileSync(resultsFile, replaceSection(current, '## Browser benchmarks', section))
      writeFileSync(path.join(repoRoot, 'bench', 'README-table.md'), renderReadmeTable(report))
      log('Wrote bench/RESULTS.md (section "## Browser benchmarks") and bench/README-table.md.')
    }
    return report
  } finally {
    await browser?.close()
    await peers.stop()
    await stopFronts()
    for (const server of servers) await server.stop()
    await scrollServer?.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`)
    process.exit(1)
  })
}
