// An A/B of one budget, "response → first rows painted", between two checkouts of the explorer (for
// example the commit before a restructuring and after it): each serves its own build and data, and
// the two are opened in turn, the order swapped each round, so both meet the same machine load.
// A benchmark: it prints medians and the ratio, and never fails on a missed budget.
//
//   node --import tsx bench/ab-first-rows.ts --a ../before --b . [--runs 15] [--rows 100000]
//   (each checkout built with `npm run build`; its datastore in <checkout>/bench/data/rows-N)
import { chromium, type Browser } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { resolveChromium } from '../e2e/browser.ts'
import { RESOURCE_ID } from './grids.ts'
import { waitForTable } from './servers.ts'
import { firstScreen } from './lib/first-screen.ts'
import { summarize, type Summary } from './lib/stats.ts'
import { option } from './lib/cli.ts'

interface Served {
  label: string
  url: string
  child: ChildProcess
}

function serve(label: string, checkout: string, rows: number): Promise<Served> {
  const dataDir = path.join(checkout, 'bench', 'data', `rows-${rows}`)
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/main.ts',
      '--port',
      '0',
      '--rows',
      String(rows),
      '--quiet',
      '--data-dir',
      dataDir,
    ],
    { cwd: checkout, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  let listening = false
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running at (http:\/\/\S+)/.exec(output)
      if (!match || listening) return
      listening = true
      const url = match[1]!.replace(/\/$/, '')
      waitForTable(url, RESOURCE_ID).then(() => resolve({ label, url, child }), reject)
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`${label} server exited (${code}):\n${output}`)))
  })
}

/** One page load: response of the delivering datastore_search → the first rows painted (ms). */
async function firstRows(browser: Browser, url: string): Promise<number | null> {
  return (await firstScreen(browser, url))?.responseToRows ?? null
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '15'))
  const rows = Number(option('rows', '100000'))
  const servers = [
    await serve('A', path.resolve(option('a', '.')), rows),
    await serve('B', path.resolve(option('b', '.')), rows),
  ]
  const executablePath = resolveChromium()
  const browser = await chromium.launch(executablePath ? { executablePath } : {})
  const times: Record<string, number[]> = { A: [], B: [] }
  try {
    // one load of each first: compiles and caches what a first visit would
    for (const server of servers) await firstRows(browser, server.url)
    for (let round = 0; round < runs; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse()
      for (const server of order) {
        const value = await firstRows(browser, server.url)
        if (value !== null) times[server.label]!.push(value)
      }
      console.log(
        `round ${round + 1}: A ${times.A!.at(-1)?.toFixed(1)} ms, B ${times.B!.at(-1)?.toFixed(1)} ms`,
      )
    }
  } finally {
    await browser.close()
    for (const server of servers) server.child.kill('SIGTERM')
  }
  const text = (summary: Summary | undefined, unit: string) =>
    summary
      ? `median ${summary.median.toFixed(2)}${unit} (${summary.min.toFixed(2)}–${summary.max.toFixed(2)}), n=${summary.n}`
      : 'no measurement'
  const ratios = times.A!.map((value, index) => (times.B![index] ?? Number.NaN) / value)
  console.log(`A: ${text(summarize(times.A!), ' ms')}`)
  console.log(`B: ${text(summarize(times.B!), ' ms')}`)
  console.log(`B/A, pair by pair: ${text(summarize(ratios), '×')}`)
}

await main()
