// Exporting every row of the generated table as CSV (issue 19's budget), three ways on one database:
//   1. PostgreSQL writing the rows itself: `COPY (SELECT …) TO STDOUT WITH CSV` through psql (the floor);
//   2. the bundled server's dump endpoint alone (`/datastore/dump/…?format=csv`), read by Node;
//   3. the explorer's Download in Chromium: the dump streamed into a file (a normal download, and the
//      File System Access API writing to the origin's private file system), timed from the click to
//      "Saved", with the page's JS heap sampled every 100 ms through the DevTools protocol, and the
//      resident memory of Chromium's renderer processes (byte buffers live outside the JS heap).
// The database is a throwaway PostgreSQL cluster (scripts/throwaway-postgres.sh), loaded by the
// server through DATABASE_URL, so that COPY and the dump read the very same table. With `--pglite
// DIR` it is the bundled PGlite in the data directory DIR instead, and the floor is PGlite's own
// `COPY … TO '/dev/blob'` on that directory, run before the server opens it (two PGlites never
// share a directory).
//   node --import tsx bench/export-bench.ts [--rows 1000000] [--runs 3] [--pglite DIR]
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { resolveChromium } from '../e2e/browser.ts'
import { summarize, type Summary } from './lib/stats.ts'
import { repoRoot, startDatastore } from './servers.ts'

const args = process.argv.slice(2)
const stringOption = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}
const option = (name: string, fallback: number) => Number(stringOption(name) ?? fallback)
const ROWS = option('rows', 1_000_000)
const RUNS = option('runs', 3)
const PGLITE_DIR = stringOption('pglite')
const TABLE = 'generated-cities'
const MIB = 1024 * 1024

function log(text: string): void {
  process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`)
}

/** Runs a command and counts its output bytes without keeping them. */
function timedOutput(command: string, commandArgs: string[]): Promise<{ seconds: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] })
    let bytes = 0
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - started) / 1000, bytes })
        : reject(new Error(`${command} exited with ${code}`)),
    )
  })
}

async function timedFetch(url: string): Promise<{ seconds: number; bytes: number; lines: number }> {
  const started = performance.now()
  const response = await fetch(url)
  if (!response.ok || !response.body) throw new Error(`dump answered ${response.status}`)
  let bytes = 0
  let lines = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length
    for (let index = 0; index < chunk.length; index++) if (chunk[index] === 10) lines++
  }
  return { seconds: (performance.now() - started) / 1000, bytes, lines }
}

interface BrowserRun {
  seconds: number
  peakHeapMiB: number
  baseHeapMiB: number
  /** The renderers' resident memory at its highest, and before the click. */
  peakRendererMiB: number
  baseRendererMiB: number
  bytes: number
}

/** Resident memory of every Chromium renderer process (Linux /proc), in bytes. */
function rendererRss(): number {
  let total = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      total += Number(rss?.[1] ?? 0) * 1024
    } catch {
      // the process ended meanwhile
    }
  }
  return total
}

/** One Download of every row, from the click to "Saved". */
async function browserExport(page: Page, appUrl: string, picker: boolean): Promise<BrowserRun> {
  await page.goto(`${appUrl}/?resource_id=${TABLE}&limit=all`)
  await page.getByRole('grid', { name: 'Records' }).waitFor()
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Download…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Download the records' })
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const heap = async () => ((await session.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize
  const base = await heap()
  let peak = base
  const baseRss = rendererRss()
  let peakRss = baseRss
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await heap().catch(() => 0))
      peakRss = Math.max(peakRss, rendererRss())
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const downloading = picker ? null : page.waitForEvent('download', { timeout: 30 * 60_000 })
  const started = performance.now()
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await dialog
    .getByRole('status')
    .filter({ hasText: /^Saved / })
    .waitFor({ timeout: 30 * 60_000 })
  const seconds = (performance.now() - started) / 1000
  sampling = false
  await sampler
  await session.detach()
  let bytes: number
  if (downloading) {
    const download = await downloading
    const file = await download.path()
    bytes = Number(spawnSync('stat', ['-c', '%s', file!], { encoding: 'utf8' }).stdout.trim())
    await download.delete()
  } else {
    bytes = await page.evaluate(async () => {
      const directory = await navigator.storage.getDirectory()
      let size = 0
      for await (const [name, handle] of (
        directory as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
      ).entries()) {
        size += (await handle.getFile()).size
        await directory.removeEntry(name)
      }
      return size
    })
  }
  return {
    seconds,
    peakHeapMiB: peak / MIB,
    baseHeapMiB: base / MIB,
    peakRendererMiB: peakRss / MIB,
    baseRendererMiB: baseRss / MIB,
    bytes,
  }
}

/** A save picker that hands out a file of the origin private file system (a real writable). */
const PICKER_SCRIPT = `window.showSaveFilePicker = async (options) =>
  (await navigator.storage.getDirectory()).getFileHandle(options.suggestedName, { create: true })`
/** A browser without the File System Access API: a normal download. */
const NO_PICKER_SCRIPT = 'delete window.showSaveFilePicker'

const fmt = (summary: Summary | undefined, digits = 1) =>
  summary
    ? `${summary.median.toFixed(digits)} (${summary.min.toFixed(digits)}–${summary.max.toFixed(digits)})`
    : '—'

/** The explorer's default view of the generated table: every column but `_id`, in `_id` order. */
async function viewColumns(url: string): Promise<string[]> {
  const meta = (await (
    await fetch(`${url}/api/3/action/datastore_search?resource_id=${TABLE}&limit=0`)
  ).json()) as { result: { fields: { id: string }[]; total: number } }
  if (meta.result.total !== ROWS) throw new Error(`the table has ${meta.result.total} rows`)
  return meta.result.fields.map((field) => field.id).filter((id) => id !== '_id')
}

const copySelect = (ids: string[]) =>
  `SELECT ${ids.map((id) => `"${id.replace(/"/g, '""')}"`).join(', ')} FROM "${TABLE}" ORDER BY _id`

/** PGlite's own COPY of the view, `runs` times, on a data directory no server has open. */
async function pgliteCopy(
  dataDir: string,
  ids: string[],
  runs: number,
): Promise<{ seconds: number[]; bytes: number }> {
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create({ dataDir })
  const seconds: number[] = []
  let bytes = 0
  try {
    for (let run = 1; run <= runs; run++) {
      const started = performance.now()
      const result = await db.query(`COPY (${copySelect(ids)}) TO '/dev/blob' WITH CSV HEADER`)
      seconds.push((performance.now() - started) / 1000)
      bytes = result.blob?.size ?? 0
      log(`PGlite COPY ${run}: ${seconds.at(-1)!.toFixed(1)} s, ${(bytes / MIB).toFixed(0)} MiB`)
    }
  } finally {
    await db.close()
  }
  return { seconds, bytes }
}

async function main(): Promise<void> {
  const pgDir = path.join(os.tmpdir(), `dse-export-bench-pg-${process.pid}`)
  const script = path.join(repoRoot, 'scripts', 'throwaway-postgres.sh')
  let databaseUrl = ''
  let pgliteFloor: { seconds: number[]; bytes: number } | undefined
  if (PGLITE_DIR) {
    const loading = await startDatastore(ROWS, ['--data-dir', PGLITE_DIR])
    log(`${ROWS} rows in ${PGLITE_DIR} after ${loading.startSeconds.toFixed(0)} s`)
    const ids = await viewColumns(loading.url)
    await loading.stop()
    pgliteFloor = await pgliteCopy(PGLITE_DIR, ids, RUNS)
  } else {
    databaseUrl = spawnSync(script, ['start', pgDir], { encoding: 'utf8' }).stdout.trim()
    if (!databaseUrl.startsWith('postgresql://')) throw new Error('could not start a throwaway PostgreSQL')
    log(`PostgreSQL at ${databaseUrl}`)
    process.env.DATABASE_URL = databaseUrl
  }
  const server = await startDatastore(ROWS, PGLITE_DIR ? ['--data-dir', PGLITE_DIR] : [])
  log(`${ROWS} rows loaded in ${server.startSeconds.toFixed(0)} s; server at ${server.url}`)
  try {
    const ids = await viewColumns(server.url)
    const copySql = `COPY (${copySelect(ids)}) TO STDOUT WITH CSV HEADER`
    const dumpUrl = `${server.url}/datastore/dump/${TABLE}?format=csv&sort=_id&fields=${encodeURIComponent(ids.join(','))}`

    const copy: number[] = []
    const dump: number[] = []
    const download: BrowserRun[] = []
    const picked: BrowserRun[] = []
    let sizes = ''
    const browser = await chromium.launch({
      ...(resolveChromium() ? { executablePath: resolveChromium()! } : {}),
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
    })
    try {
      for (let run = 1; run <= RUNS; run++) {
        const c = pgliteFloor
          ? { seconds: pgliteFloor.seconds[run - 1]!, bytes: pgliteFloor.bytes }
          : await timedOutput('psql', [databaseUrl, '-X', '-q', '-c', copySql])
        copy.push(c.seconds)
        log(`run ${run}: COPY ${c.seconds.toFixed(1)} s, ${(c.bytes / MIB).toFixed(0)} MiB`)
        const d = await timedFetch(dumpUrl)
        dump.push(d.seconds)
        log(`run ${run}: dump ${d.seconds.toFixed(1)} s, ${(d.bytes / MIB).toFixed(0)} MiB, ${d.lines} lines`)
        sizes = `COPY ${(c.bytes / MIB).toFixed(0)} MiB, dump ${(d.bytes / MIB).toFixed(0)} MiB`

        for (const usePicker of [false, true]) {
          const context = await browser.newContext({ acceptDownloads: true })
          const page = await context.newPage()
          page.on('crash', () => log('the page crashed'))
          page.on('pageerror', (error) => log(`page error: ${error.message}`))
          page.on('console', (message) => {
            if (message.type() === 'error') log(`console: ${message.text()}`)
          })
          // as text: tsx would wrap a function's inner functions in a helper the page does not have
          await page.addInitScript(usePicker ? PICKER_SCRIPT : NO_PICKER_SCRIPT)
          const result = await browserExport(page, server.url, usePicker)
          ;(usePicker ? picked : download).push(result)
          log(
            `run ${run}: browser ${usePicker ? 'file system access' : 'download'} ${result.seconds.toFixed(1)} s, ` +
              `heap ${result.baseHeapMiB.toFixed(0)} → peak ${result.peakHeapMiB.toFixed(0)} MiB, ` +
              `renderers ${result.baseRendererMiB.toFixed(0)} → ${result.peakRendererMiB.toFixed(0)} MiB, ${(result.bytes / MIB).toFixed(0)} MiB file`,
          )
          await context.close()
        }
      }
    } finally {
      await browser.close()
    }

    const copyS = summarize(copy)
    const ratio = (values: number[]) => {
      const s = summarize(values)
      return s && copyS ? `${(s.median / copyS.median).toFixed(1)}×` : '—'
    }
    const lines = [
      `| how (${ROWS.toLocaleString('en')} rows, ${ids.length} columns, CSV) | seconds, median (min–max) | vs COPY | page JS heap peak, MiB | renderers' RSS peak, MiB |`,
      '|---|---|---|---|---|',
      pgliteFloor
        ? `| PGlite \`COPY … TO '/dev/blob' WITH CSV\` (before the server) | ${fmt(copyS)} | 1× | — | — |`
        : `| PostgreSQL \`COPY … TO STDOUT WITH CSV\` (psql) | ${fmt(copyS)} | 1× | — | — |`,
      `| dump endpoint alone (Node reads it) | ${fmt(summarize(dump))} | ${ratio(dump)} | — | — |`,
      ...(
        [
          ['normal download (Blob)', download],
          ['File System Access API', picked],
        ] as const
      ).map(
        ([how, runs]) =>
          `| explorer Download, ${how} | ${fmt(summarize(runs.map((r) => r.seconds)))} | ${ratio(runs.map((r) => r.seconds))} | ` +
          `${fmt(summarize(runs.map((r) => r.peakHeapMiB)), 0)} | ${fmt(summarize(runs.map((r) => r.peakRendererMiB)), 0)} |`,
      ),
    ]
    process.stdout.write(
      `\n${lines.join('\n')}\n\nFile sizes: ${sizes}, browser ${((download[0]?.bytes ?? 0) / MIB) | 0} MiB. ` +
        `Heap before the click: ${fmt(summarize(download.map((r) => r.baseHeapMiB)), 0)} MiB; ` +
        `renderers' RSS before the click: ${fmt(summarize(download.map((r) => r.baseRendererMiB)), 0)} MiB. ` +
        `Load average at the end: ${os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(', ')}.\n`,
    )
  } finally {
    await server.stop()
    if (!PGLITE_DIR) spawnSync(script, ['stop', pgDir])
  }
}

await main()
