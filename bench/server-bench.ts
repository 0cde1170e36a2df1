// Benchmark of the datastore server: time from spawn to the first answered datastore_search, and
// p50/p95 latency of typical queries at 100k and 1M generated rows. A plain script, not a test:
//   node --import tsx bench/server-bench.ts [--rows 100000,1000000] [--runs 30] [--postgres URL]
// With --postgres (an admin URL of a PostgreSQL server), each size also runs on that server through
// DATABASE_URL, in a fresh database, and the two are printed side by side.
import { freshDatabase } from '../server/test/backends.ts'
import { startServer } from '../server/test/start-server.ts'

interface Query {
  name: string
  path: (rows: number) => string
}

const search = (params: Record<string, string>): string =>
  `/api/3/action/datastore_search?${new URLSearchParams({ resource_id: 'generated', ...params }).toString()}`

const QUERIES: Query[] = [
  { name: 'first page (limit 100, with total)', path: () => search({ limit: '100' }) },
  { name: 'full-text q=Nairobi', path: () => search({ q: 'Nairobi', limit: '100' }) },
  {
    name: 'filters country+year',
    path: () => search({ filters: JSON.stringify({ country: 'Japan', year: '2000' }), limit: '100' }),
  },
  { name: 'sort population desc', path: () => search({ sort: 'population desc', limit: '100' }) },
  { name: 'sort unindexed "score"', path: () => search({ sort: 'score asc', limit: '100' }) },
  {
    name: 'deep offset (last page, sort _id)',
    path: (rows) => search({ sort: '_id', offset: String(rows - 100), limit: '100' }),
  },
  { name: 'page of 32000 rows', path: () => search({ limit: '32000', include_total: 'false' }) },
]

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(name)
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]!
}

async function timeRequest(url: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return performance.now() - started
}

interface Timings {
  listeningS: number
  firstAnswerS: number
  /** Per query: p50, p95 and min in ms. */
  queries: Array<{ name: string; p50: number; p95: number; min: number }>
}

async function benchRows(rows: number, runs: number, env: NodeJS.ProcessEnv): Promise<Timings> {
  const spawned = performance.now()
  // A first start with 1M rows loads them (minutes); later starts open the cached snapshot.
  const server = await startServer(['--rows', String(rows), '--quiet'], env, { startTimeoutMs: 60 * 60_000 })
  const listeningS = (performance.now() - spawned) / 1000
  await timeRequest(`${server.url}${search({ limit: '1' })}`)
  const firstAnswerS = (performance.now() - spawned) / 1000
  const queries: Timings['queries'] = []
  try {
    for (const query of QUERIES) {
      const url = `${server.url}${query.path(rows)}`
      for (let i = 0; i < 3; i++) await timeRequest(url) // warm-up
      const times: number[] = []
      for (let i = 0; i < runs; i++) times.push(await timeRequest(url))
      times.sort((a, b) => a - b)
      queries.push({
        name: query.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        min: times[0]!,
      })
    }
  } finally {
    await server.stop()
  }
  return { listeningS, firstAnswerS, queries }
}

const rowCounts = argument('--rows', '100000,1000000').split(',').map(Number)
const runs = Number(argument('--runs', '30'))
const postgres = argument('--postgres', '')
console.log(`server bench, Node ${process.version}, ${new Date().toISOString()}`)
for (const rows of rowCounts) {
  const pglite = await benchRows(rows, runs, { DATABASE_URL: '' })
  const real = postgres
    ? await benchRows(rows, runs, { DATABASE_URL: await freshDatabase(postgres, `dse_bench_${rows}`) })
    : null
  console.log(`\n### ${rows.toLocaleString('en')} rows`)
  console.log(
    `startup (PGlite): listening after ${pglite.listeningS.toFixed(1)} s, first datastore_search answered after ${pglite.firstAnswerS.toFixed(1)} s`,
  )
  if (real) {
    console.log(
      `startup (PostgreSQL, loading a fresh database): listening after ${real.listeningS.toFixed(1)} s, first answer after ${real.firstAnswerS.toFixed(1)} s`,
    )
    console.log(
      '\n| query | PGlite p50 / p95 ms | PostgreSQL p50 / p95 ms | PostgreSQL ÷ PGlite (p50) |\n|---|---|---|---|',
    )
    pglite.queries.forEach((query, index) => {
      const other = real.queries[index]!
      console.log(
        `| ${query.name} | ${query.p50.toFixed(0)} / ${query.p95.toFixed(0)} | ${other.p50.toFixed(0)} / ${other.p95.toFixed(0)} | ${(other.p50 / query.p50).toFixed(2)}× |`,
      )
    })
  } else {
    console.log('\n| query | p50 ms | p95 ms | min ms |\n|---|---|---|---|')
    for (const query of pglite.queries)
      console.log(
        `| ${query.name} | ${query.p50.toFixed(0)} | ${query.p95.toFixed(0)} | ${query.min.toFixed(0)} |`,
      )
  }
}
