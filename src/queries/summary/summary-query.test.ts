import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { CkanClient } from '../../api/ckan/ckan-client'
import type { CkanField, CkanRecord, SearchRequest, SearchResult } from '../../api/ckan/types'
import { streamFailure } from '../../api/ckan/view-stream'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { summaryQueryOptions, summaryScope, type SummaryState } from './summary-query'

const fields: CkanField[] = [
  { id: 'country', type: 'text' },
  { id: 'population', type: 'int8' },
]
const table = Array.from({ length: 1000 }, (_, index) => ({
  country: ['DE', 'FR', null][index % 3],
  population: index,
}))
const spec: SummarySpec = {
  groups: [{ field: 'country', by: 'value' }],
  measures: [{ kind: 'count' }, { kind: 'sum', field: 'population' }],
}
const view: SearchRequest = {
  resourceId: 'cities',
  q: 'ber:*',
  plain: false,
  sort: [{ field: 'year', desc: true }],
  limit: 100,
  offset: 200,
}

/** A portal reached through the proxy (no dump), 100 records a page; `onPage` sees each page asked for. */
function fakeApi(onPage: (request: SearchRequest) => void = () => {}) {
  const requests: SearchRequest[] = []
  const api = {
    throughProxy: () => true,
    datastoreSearch: async (_portal: unknown, request: SearchRequest): Promise<SearchResult> => {
      requests.push(request)
      await new Promise((resolve) => setTimeout(resolve, 1))
      if (request.limit === 0)
        return { fields, records: [], total: table.length, totalWasEstimated: false, offset: 0 }
      onPage(request)
      const offset = request.offset ?? 0
      return {
        fields,
        records: table.slice(offset, offset + 100),
        totalWasEstimated: false,
        offset,
        limit: 100,
      }
    },
  } as unknown as CkanClient
  return { api, requests }
}

const portal = { baseUrl: 'http://portal.test/en' }

describe('a summary query', () => {
  it('summarises every matching record of the view, showing what it counted while it runs', async () => {
    const client = new QueryClient()
    const { api, requests } = fakeApi()
    const options = summaryQueryOptions(api, portal, view, spec, fields)
    const seen: SummaryState[] = []
    client.getQueryCache().subscribe((event) => {
      const data = event.query.state.data as SummaryState | undefined
      if (event.type === 'updated' && data) seen.push(data)
    })
    const state = await client.fetchQuery(options)
    expect(state).toMatchObject({ status: 'done', read: 1000, total: 1000, where: 'page' })
    const groups = Object.fromEntries(
      state.snapshot.groups.map((group) => [group.key[0], [group.count, group.sum[0]]]),
    )
    const sum = (country: string | null) =>
      table.filter((row) => row.country === country).reduce((total, row) => total + row.population, 0)
    expect(groups).toEqual({ vDE: [334, sum('DE')], vFR: [333, sum('FR')], e: [333, sum(null)] })
    // it showed its progress on the way
    expect(seen.some((data) => data.status === 'running' && data.read > 0 && data.read < 1000)).toBe(true)
    // the view's search and filters, never its sort or paging; only the columns needed, by `_id`
    const page = requests.find((request) => request.limit > 0)!
    expect(page).toMatchObject({
      resourceId: 'cities',
      q: 'ber:*',
      plain: false,
      fields: ['country', 'population'],
    })
    expect(page.sort).toEqual([{ field: '_id', desc: false }])
    // the same view and summary are not read twice
    const again = await client.fetchQuery(options)
    expect(again).toBe(state)
  })

  it('keeps what it counted when the reader cancels, and says how many records that is', async () => {
    const client = new QueryClient()
    const { api } = fakeApi((request) => {
      if ((request.offset ?? 0) === 300) {
        const running = client.getQueryData(options.queryKey)
        running?.cancel?.()
      }
    })
    const options = summaryQueryOptions(api, portal, view, spec, fields)
    const state = await client.fetchQuery(options)
    expect(state.status).toBe('cancelled')
    expect(state.read).toBe(state.snapshot.records)
    expect(state.read).toBeGreaterThanOrEqual(300)
    expect(state.read).toBeLessThan(1000)
    expect(state.snapshot.groups.reduce((sum, group) => sum + group.count, 0)).toBe(state.read)
  })

  it('is the same query for views that differ only in their sort and paging', () => {
    expect(summaryScope(view)).toEqual(summaryScope({ ...view, sort: [], limit: 5, offset: 0 }))
  })

  describe('on a portal before CKAN 2.12 (no range filters)', () => {
    /** A CKAN 2.11 portal: it applies plain values only, and sends at most `cap` records an answer. */
    function oldPortal(cap = 32_000) {
      const requests: SearchRequest[] = []
      const api = {
        throughProxy: () => false,
        filterOperators: async () => false,
        datastoreSearch: async (_portal: unknown, request: SearchRequest): Promise<SearchResult> => {
          requests.push(request)
          const filters = (request.filters ?? {}) as Record<string, unknown>
          const matching = table.filter((row) =>
            Object.entries(filters).every(([field, value]) => {
              if (typeof value === 'object' && value !== null && !Array.isArray(value))
                throw new Error('a 2.11 portal cannot apply an operator')
              return (Array.isArray(value) ? value : [value]).includes(row[field as keyof typeof row])
            }),
          )
          const offset = request.offset ?? 0
          const limit = Math.min(request.limit, cap)
          return {
            fields,
            records: matching.slice(offset, offset + limit) as CkanRecord[],
            total: matching.length,
            totalWasEstimated: false,
            offset,
            limit,
          }
        },
      } as unknown as CkanClient
      return { api, requests }
    }
    const ranged: SearchRequest = {
      resourceId: 'cities',
      filters: { country: 'DE', population: { gte: 500 } },
      limit: 100,
    }

    it('sends the values and matches the ranges in the browser, as the table does, never by the dump', async () => {
      const { api, requests } = oldPortal()
      const state = await new QueryClient().fetchQuery(summaryQueryOptions(api, portal, ranged, spec, fields))
      const expected = table.filter((row) => row.country === 'DE' && row.population >= 500)
      expect(state.status).toBe('done')
      expect(state.total).toBe(expected.length)
      expect(state.snapshot.groups.map((group) => [group.key[0], group.count, group.sum[0]])).toEqual([
        ['vDE', expected.length, expected.reduce((sum, row) => sum + row.population, 0)],
      ])
      // the portal was only ever asked for what it can apply
      expect(requests.length).toBeGreaterThan(0)
      for (const request of requests) expect(request.filters).toEqual({ country: 'DE' })
    })

    it('fails plainly, saying why, when more records match the values than one answer holds', async () => {
      const { api } = oldPortal(100)
      const state = await new QueryClient().fetchQuery(summaryQueryOptions(api, portal, ranged, spec, fields))
      expect(state.status).toBe('failed')
      expect(state.read).toBe(0)
      expect(streamFailure(state.error)).toEqual({ kind: 'operators' })
    })
  })
})
