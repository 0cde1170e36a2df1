// The summary's JavaScript program is run here, with a stand-in `fetch` (a portal that sends at most
// two records a call): it must ask for exactly the records the summary streams (the view's search
// and filters, its columns, in `_id` order, never the table's sort) and print the same groups.
import { describe, expect, it } from 'vitest'
import type { CkanRecord, SearchRequest } from '../../api/ckan/types'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { summarySnippets } from './summary-snippets'

const BASE = 'https://portal.example/data/en'
const ACTION = `${BASE}/api/3/action/datastore_search`
const RECORDS: CkanRecord[] = [
  { _id: 1, country: 'DE', population: 10 },
  { _id: 2, country: 'UK', population: 5 },
  { _id: 3, country: 'DE', population: 30 },
  { _id: 4, country: 'DE', population: null },
  { _id: 5, country: 'UK', population: 7 },
]
const VIEW: SearchRequest = {
  resourceId: 'cities',
  q: 'berl',
  plain: true,
  filters: { country: ['DE', 'UK'] },
  sort: [{ field: 'population', desc: true }],
  limit: 50,
  offset: 100,
}
const SPEC: SummarySpec = {
  groups: [{ field: 'country', by: 'value' }],
  measures: [{ kind: 'count' }, { kind: 'sum', field: 'population' }],
}

/** Runs the program; returns the bodies it sent and the rows it printed. */
async function runJavascript(code: string) {
  const bodies: Record<string, unknown>[] = []
  const printed: unknown[] = []
  const fetch = async (url: string, init: { body: string }) => {
    expect(url).toBe(ACTION)
    const body = JSON.parse(init.body) as Record<string, unknown>
    bodies.push(body)
    const offset = body.offset as number
    const records = RECORDS.slice(offset, offset + Math.min(2, body.limit as number))
    return { ok: true, json: async () => ({ result: { records } }) }
  }
  const console = { table: (rows: unknown) => printed.push(rows) }
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>
  await new AsyncFunction('fetch', 'console', code)(fetch, console)
  return { bodies, printed }
}

describe('the summary as code', () => {
  it('reads the records the summary streams, page after page, and prints its groups', async () => {
    const { bodies, printed } = await runJavascript(summarySnippets({ baseUrl: BASE }, VIEW, SPEC).javascript)
    expect(bodies.map((body) => body.offset)).toEqual([0, 2, 4, 5])
    for (const body of bodies) {
      const { offset: _offset, limit: _limit, ...query } = body
      expect(query).toEqual({
        resource_id: 'cities',
        q: 'berl',
        plain: true,
        filters: { country: ['DE', 'UK'] },
        sort: ['_id'],
        fields: ['country', 'population'],
      })
    }
    expect(printed).toEqual([
      [
        { country: 'DE', count: 3, sum_population: 40 },
        { country: 'UK', count: 2, sum_population: 12 },
      ],
    ])
  })

  it('asks for every record when the view has no search or filters', async () => {
    const { bodies } = await runJavascript(
      summarySnippets({ baseUrl: BASE }, { resourceId: 'cities', q: '', filters: {}, limit: 10 }, SPEC)
        .javascript,
    )
    const { offset: _offset, limit: _limit, ...query } = bodies[0]!
    expect(query).toEqual({ resource_id: 'cities', sort: ['_id'], fields: ['country', 'population'] })
  })
})
