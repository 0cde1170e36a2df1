// Range filters on the generated table (issue 25's budget: ≤ 100 ms on 1,000,000 rows on the bundled
// server): the explorer's first request for a range, a page of 100 in `_id` order with its exact
// total, timed one after another for ranges that match from 0.1 % to all of the table.
//
//   node --import tsx bench/range-bench.ts [--rows 1000000] [--runs 7] [--data-dir bench/data/rows-1000000]
//   node --import tsx bench/range-bench.ts --url http://127.0.0.1:8080   (a server already running)
import path from 'node:path'
import { parseArgs } from 'node:util'
import { summarize } from './lib/stats.ts'
import { repoRoot, startDatastore } from './servers.ts'

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '7' },
    'data-dir': { type: 'string' },
    url: { type: 'string' },
  },
})
const rows = Number(values.rows)
const runs = Number(values.runs)

/** Each range with what it matches of the generated table (population runs 817 to 5e9, evenly). */
const ranges: Array<{ label: string; filters: Record<string, unknown> }> = [
  { label: 'population, 0.1 %', filters: { population: { gte: 2_500_000_000, lt: 2_505_000_000 } } },
  { label: 'population, 1 %', filters: { population: { gte: 2_500_000_000, lt: 2_550_000_000 } } },
  { label: 'population, 10 %', filters: { population: { gte: 1_000_000_000, lt: 1_500_000_000 } } },
  { label: 'population, 50 %', filters: { population: { gte: 2_500_000_000 } } },
  { label: 'population, 95 %', filters: { population: { gt: 250_000_000 } } },
  { label: 'year 2000–2005', filters: { year: { gte: 2000, lte: 2005 } } },
  { label: 'year ≥ 1950 (every record)', filters: { year: { gte: 1950 } } },
  { label: 'population = one value', filters: { population: 817 } },
]

async function timeSearch(
  url: string,
  filters: Record<string, unknown>,
): Promise<{ ms: number; total: number }> {
  const started = performance.now()
  const response = await fetch(`${url}/api/3/action/datastore_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ resource_id: 'generated-cities', filters, limit: 100, sort: '_id' }),
  })
  const body = (await response.json()) as { success: boolean; result?: { total: number } }
  const ms = performance.now() - started
  if (!body.success || !body.result) throw new Error(`search failed: ${JSON.stringify(body)}`)
  return { ms, total: body.result.total }
}

const dataDir = values['data-dir'] ?? path.join('bench', 'data', `rows-${rows}`)
const server = values.url
  ? undefined
  : await startDatastore(rows, ['--data-dir', path.resolve(repoRoot, dataDir)])
const url = values.url ?? server!.url
if (server) console.log(`${server.startLine} (${server.startSeconds.toFixed(1)} s)`)
try {
  console.log(`| range | matching | median ms (min–max), ${runs} runs |`)
  console.log('|---|---:|---|')
  for (const { label, filters } of ranges) {
    await timeSearch(url, filters) // warm: the first answer reads the pages from disk
    const times: number[] = []
    let total = 0
    for (let run = 0; run < runs; run++) {
      const answer = await timeSearch(url, filters)
      times.push(answer.ms)
      total = answer.total
    }
    const { median, min, max } = summarize(times)!
    console.log(
      `| ${label} | ${total.toLocaleString('en')} | ${median.toFixed(1)} (${min.toFixed(1)}–${max.toFixed(1)}) |`,
    )
  }
} finally {
  await server?.stop()
}
