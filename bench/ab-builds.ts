// An A/B of the first screen between two builds of the explorer (two `dist/` folders, e.g. main's
// and a change's), against one datastore server, the two opened in turn (order swapped each round)
// so both meet the same machine load. Three figures per page load:
//  - response → first rows painted (the budget of issue 29), the delivering search's responseEnd to
//    the frame after the rows (the browser bench's probe);
//  - page start → first rows painted;
//  - page start → the first search's request.
// `--latency MS` holds every API answer back that long, as a portal across the internet would. On
// the local server (an answer in 20–40 ms) the first page's answer meets the page still starting up,
// and "response → first rows" counts part of that start; with a latency it measures the rows alone.
// A benchmark: it prints medians and ranges and never fails on a missed budget.
//
//   node --import tsx bench/ab-builds.ts --a ../base/dist --b dist [--runs 16] [--rows 1000] [--latency 0]
//   (`--a` and `--b` default to the same build: an A/A run shows the spread alone)
import { chromium } from '@playwright/test'
import { createServer, request as forward, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { resolveChromium } from '../e2e/browser.ts'
import { firstScreen, type FirstScreenLoad as Load } from './lib/first-screen.ts'
import { summarize } from './lib/stats.ts'
import { serveAppWithApi, startDatastore } from './servers.ts'
import { option } from './lib/cli.ts'

/** An HTTP forwarder that waits `latencyMs` before passing each request on to `target`. */
async function delayingForwarder(
  target: string,
  latencyMs: number,
): Promise<{ url: string; server: Server }> {
  const { hostname, port } = new URL(target)
  const server = createServer((incoming, outgoing) => {
    setTimeout(() => {
      const upstream = forward(
        { host: hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      upstream.on('error', () => outgoing.destroy())
      incoming.pipe(upstream)
    }, latencyMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '16'))
  const rows = Number(option('rows', '1000'))
  const latency = Number(option('latency', '0'))
  const builds = { A: path.resolve(option('a', 'dist')), B: path.resolve(option('b', 'dist')) }
  const datastore = await startDatastore(rows, ['--data-dir', path.join('bench', 'data', `rows-${rows}`)])
  const forwarder = latency > 0 ? await delayingForwarder(datastore.url, latency) : null
  const api = forwarder?.url ?? datastore.url
  const fronts = {
    A: await serveAppWithApi(builds.A, () => api),
    B: await serveAppWithApi(builds.B, () => api),
  }
  const executablePath = resolveChromium()
  const browser = await chromium.launch(executablePath ? { executablePath } : {})
  const loads: Record<'A' | 'B', Load[]> = { A: [], B: [] }
  // B ÷ A of the same round (both loaded or the round is left out): the machine's drift cancels
  const ratios: number[] = []
  try {
    // one load of each first: compiles and caches what a first visit would
    for (const side of ['A', 'B'] as const) await firstScreen(browser, fronts[side].url)
    for (let round = 0; round < runs; round++) {
      const pair: Partial<Record<'A' | 'B', Load>> = {}
      for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        const load = await firstScreen(browser, fronts[side].url)
        if (load) loads[side].push((pair[side] = load))
      }
      if (pair.A && pair.B) ratios.push(pair.B.responseToRows / pair.A.responseToRows)
    }
  } finally {
    await browser.close()
    await fronts.A.stop()
    await fronts.B.stop()
    forwarder?.server.close()
    await datastore.stop()
  }
  console.log(`${rows} rows, ${runs} rounds, API latency ${latency} ms; A = ${builds.A}, B = ${builds.B}`)
  for (const side of ['A', 'B'] as const) {
    const figure = (key: keyof Load) => {
      const summary = summarize(loads[side].map((load) => load[key]))
      return summary
        ? `${summary.median.toFixed(1)} (${summary.min.toFixed(0)}–${summary.max.toFixed(0)})`
        : 'no measurement'
    }
    console.log(
      `${side}: response → first rows ${figure('responseToRows')} ms | page start → first rows ` +
        `${figure('startToRows')} ms | page start → first request ${figure('startToRequest')} ms (n=${loads[side].length})`,
    )
  }
  const ratio = summarize(ratios)
  if (ratio)
    console.log(
      `B ÷ A, response → first rows, round by round: median ${ratio.median.toFixed(2)}× ` +
        `(${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}), n=${ratio.n}`,
    )
}

await main()
process.exit(0)
