// Load on the bundled server (issue 32), with autocannon, from this machine:
//   get      GET of 100 rows of seattle-weather, 20 connections;
//   post     POST with a search and filters on the 100,000-row generated table, 20 connections,
//            rotating through a realistic set of different searches (so no cached answer can win);
//   dump     CSV dump of US zip codes, 10 connections;
//   hostile  "hostile neighbours": one expensive request at a time, sent again as soon as it ends,
//            while 20 connections read 100 rows of seattle-weather and a probe asks for one row
//            every 250 ms. Twice: the longest `q` the input limit lets through (`--hostile-terms`
//            prefix terms ORed), and a per-column search that no limit catches (it computes
//            `to_tsvector` of every row). Reports the probe's latency and the readers' p50/p99.
//
//   node --import tsx bench/load-bench.ts [--url http://127.0.0.1:PORT] [--duration 20]
//        [--only get,post,dump,hostile] [--hostile-terms 100]
// Without --url it starts this checkout's server (default data, 100,000 generated rows).
import os from 'node:os'
import autocannon from 'autocannon'
import { COUNTRIES, GENERATED_RESOURCE_ID } from '../server/data/generated.ts'
import { startDatastore } from './servers.ts'

const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}
const DURATION = Number(option('duration') ?? 20)
const ONLY = new Set((option('only') ?? 'get,post,dump,hostile').split(','))
const HOSTILE_TERMS = Number(option('hostile-terms') ?? 100)
const TABLE = GENERATED_RESOURCE_ID
const ACTION = '/api/3/action/datastore_search'
const ONE_ROW = `${ACTION}?resource_id=seattle-weather&limit=1`
const HUNDRED_ROWS = `${ACTION}?resource_id=seattle-weather&limit=100`

function log(text: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`)
}

const PLACES = ['Nairobi', 'Köln', 'Montréal', 'Chennai', 'Málaga', 'Toronto', 'Kisumu', 'Orléans', 'Belém']
const WORDS = ['historic', 'port', 'coastal', 'capital', 'university', 'mountain', 'industrial', 'lorem']
const SORTS = [undefined, 'population desc, _id desc', 'year, _id', 'name, _id']

/**
 * What the explorer sends for a page of a search with filters: a word-start (`plain=false`) or
 * whole-word search, one or two filters, a sort with the `_id` tiebreak, and an estimated total.
 * Deterministic, and all different: 9 places × 10 countries × 4 sorts, mixed with tag words.
 */
export function searchBodies(): string[] {
  const bodies: string[] = []
  let n = 0
  for (const country of COUNTRIES) {
    for (const place of PLACES) {
      const sort = SORTS[n % SORTS.length]
      const word = n % 2 === 0 ? place : WORDS[n % WORDS.length]!
      const prefix = n % 3 !== 0
      const filters: Record<string, unknown[]> = { country: [country] }
      if (n % 4 === 1) filters.active = [n % 8 === 1]
      if (n % 5 === 2) filters.year = [1990 + (n % 30), 1991 + (n % 30)]
      bodies.push(
        JSON.stringify({
          resource_id: TABLE,
          q: prefix ? `'${word.toLowerCase().slice(0, 4)}':*` : word,
          ...(prefix ? { plain: false } : {}),
          filters,
          ...(sort ? { sort } : {}),
          limit: 100,
          total_estimation_threshold: 100_000,
        }),
      )
      n++
    }
  }
  return bodies
}

/** The longest `q` the input limit lets through, of terms that match nothing: prefixes ORed. */
function longQueryBody(terms: number): string {
  const words = Array.from({ length: terms }, (_, i) => `'w${(i * 7919).toString(36)}x':*`)
  return JSON.stringify({ resource_id: TABLE, q: words.join(' | '), plain: false })
}

/** A search of one text column: `to_tsvector` of every row, whatever limit the input has. */
const COLUMN_SEARCH_BODY = JSON.stringify({ resource_id: TABLE, q: { notes: 'lorem' } })

interface Row {
  what: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  statuses: string
  extra?: string
}

function statuses(result: autocannon.Result): string {
  const stats = result.statusCodeStats ?? {}
  return Object.entries(stats)
    .map(([code, { count }]) => `${code}×${count ?? 0}`)
    .join(' ')
}

async function cannon(
  what: string,
  options: autocannon.Options,
): Promise<{ row: Row; result: autocannon.Result }> {
  log(`${what}…`)
  const result = await autocannon({ duration: DURATION, timeout: 120, ...options })
  const row: Row = {
    what,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses: statuses(result),
  }
  return { row, result }
}

/** Sends `body` again and again, one at a time, until `stop`; returns each one's time and status. */
async function hostileLoop(
  baseUrl: string,
  body: string,
  stop: AbortSignal,
): Promise<Array<{ ms: number; status: number }>> {
  const runs: Array<{ ms: number; status: number }> = []
  while (!stop.aborted) {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${ACTION}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    await response.arrayBuffer()
    runs.push({ ms: performance.now() - started, status: response.status })
  }
  return runs
}

/** A one-row query every 250 ms until `stop`: each one's latency. */
async function probeLoop(baseUrl: string, stop: AbortSignal): Promise<number[]> {
  const latencies: number[] = []
  while (!stop.aborted) {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${ONE_ROW}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`the one-row probe answered ${response.status}`)
    latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return latencies
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function hostileRun(baseUrl: string, what: string, body: string): Promise<Row> {
  const stop = new AbortController()
  const hostile = hostileLoop(baseUrl, body, stop.signal)
  // the first expensive statement is running before the readers start
  await new Promise((resolve) => setTimeout(resolve, 500))
  const probe = probeLoop(baseUrl, stop.signal)
  const { row } = await cannon(`hostile: ${what}`, { url: `${baseUrl}${HUNDRED_ROWS}`, connections: 20 })
  stop.abort()
  const [runs, probes] = await Promise.all([hostile, probe])
  const hostileStatuses = [...new Set(runs.map((run) => run.status))].join('/')
  const probeText =
    `one-row probe: p50 ${percentile(probes, 50).toFixed(0)} ms, max ${Math.max(...probes).toFixed(0)} ms ` +
    `(${probes.length} probes); the hostile request: ${runs.length}×, ` +
    `${percentile(
      runs.map((run) => run.ms),
      50,
    ).toFixed(0)} ms each (p50), status ${hostileStatuses}`
  return { ...row, extra: probeText }
}

async function main(): Promise<void> {
  let url = option('url')
  let stop: (() => Promise<void>) | undefined
  if (!url) {
    log('starting this checkout’s server…')
    const server = await startDatastore(100_000)
    url = server.url
    stop = server.stop
  }
  const baseUrl = url.replace(/\/$/, '')
  const rows: Row[] = []
  try {
    if (ONLY.has('get')) {
      rows.push(
        (
          await cannon('GET 100 rows of seattle-weather, 20 connections', {
            url: `${baseUrl}${HUNDRED_ROWS}`,
            connections: 20,
          })
        ).row,
      )
    }
    if (ONLY.has('post')) {
      const bodies = searchBodies()
      let next = 0
      rows.push(
        (
          await cannon(`POST search + filters on ${TABLE}, 20 connections (${bodies.length} different)`, {
            url: `${baseUrl}${ACTION}`,
            connections: 20,
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            setupClient: (client) => {
              client.setBody(bodies[next++ % bodies.length]!)
              client.on('response', () => client.setBody(bodies[next++ % bodies.length]!))
            },
          })
        ).row,
      )
    }
    if (ONLY.has('dump')) {
      const { row, result } = await cannon('CSV dump of us-zipcodes, 10 connections', {
        url: `${baseUrl}/datastore/dump/us-zipcodes?format=csv`,
        connections: 10,
      })
      rows.push({ ...row, extra: `${(result.throughput.average / 1e6).toFixed(1)} MB/s` })
    }
    if (ONLY.has('hostile')) {
      rows.push(
        await hostileRun(
          baseUrl,
          `q of ${HOSTILE_TERMS} prefix terms ORed, 20 connections read 100 rows`,
          longQueryBody(HOSTILE_TERMS),
        ),
      )
      rows.push(
        await hostileRun(
          baseUrl,
          'q {"notes": "lorem"} (to_tsvector of every row), 20 connections read 100 rows',
          COLUMN_SEARCH_BODY,
        ),
      )
    }
  } finally {
    await stop?.()
  }
  const cpus = os.cpus()
  process.stdout.write(
    `\n${new Date().toISOString()} · ${cpus.length} × ${cpus[0]?.model ?? 'CPU'} · Node ${process.version} · ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} · ${DURATION} s per run\n\n` +
      '| run | requests/s | p50 | p99 | errors | statuses | notes |\n|---|---|---|---|---|---|---|\n',
  )
  for (const row of rows) {
    process.stdout.write(
      `| ${row.what} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${row.statuses} | ${row.extra ?? ''} |\n`,
    )
  }
}

await main()
