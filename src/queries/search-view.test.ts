// The explorer on portals with and without CKAN 2.12's operators, through its real client and query
// cache, against a portal in a function: the requests it makes, and that a range is never dropped.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createCkanClient } from '../api/ckan/ckan-client'
import type { SearchRequest } from '../api/ckan/types'
import { searchView } from './datastore-queries'

const PORTAL = { baseUrl: 'https://portal.example/en' }
const RECORDS = Array.from({ length: 30 }, (_, index) => ({
  _id: index + 1,
  state: index < 20 ? 'IL' : 'IN',
  elevation: index * 100,
}))

interface FakePortal {
  version: string | null
  rowsMax?: number
}

/** A CKAN portal: 2.12 applies every filter; older ones only values and lists, as 2.11.5 does. */
function fakePortal({ version, rowsMax = 32_000 }: FakePortal) {
  const calls: { action: string; params: Record<string, unknown> }[] = []
  const modern = version?.startsWith('2.12') ?? false
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const action = url.pathname.split('/').at(-1)!
    const params: Record<string, unknown> =
      init?.method === 'POST'
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : Object.fromEntries(
            [...url.searchParams].map(([key, value]) => [
              key,
              value.startsWith('{') ? JSON.parse(value) : value,
            ]),
          )
    calls.push({ action, params })
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (action === 'status_show') {
      return version === null
        ? json(400, 'Bad request - Action name not known: status_show')
        : json(200, { success: true, result: { ckan_version: version } })
    }
    const filters = (params.filters ?? {}) as Record<string, unknown>
    if (!modern && Object.values(filters).some((value) => typeof value === 'object' && !Array.isArray(value)))
      return json(409, { success: false, error: { query: ['Invalid query'], __type: 'Validation Error' } })
    let rows = RECORDS.filter((record) =>
      Object.entries(filters).every(([field, value]) => {
        const cell = record[field as keyof typeof record]
        if (Array.isArray(value)) return value.includes(cell)
        if (typeof value === 'object' && value !== null) {
          const { gte } = value as { gte?: number }
          return gte === undefined || Number(cell) >= gte
        }
        return cell === value
      }),
    )
    const total = rows.length
    const limit = Math.min(Number(params.limit ?? 100), rowsMax)
    rows = rows.slice(Number(params.offset ?? 0), Number(params.offset ?? 0) + limit)
    const result: Record<string, unknown> = {
      fields: [
        { id: '_id', type: 'int' },
        { id: 'state', type: 'text' },
        { id: 'elevation', type: 'int4' },
      ],
      records: rows,
      total,
      limit,
    }
    if (modern) result.include_next_page = false
    else result._links = { start: '/api/3/action/datastore_search' }
    return json(200, { success: true, result })
  }
  return { calls, fetch: fetchImpl as typeof fetch }
}

const view: SearchRequest = {
  resourceId: 'airports',
  filters: { state: 'IL', elevation: { gte: 1500 } },
  sort: [{ field: '_id', desc: false }],
  limit: 3,
  includeTotal: true,
}

function setUp(portal: FakePortal) {
  const fake = fakePortal(portal)
  const api = createCkanClient({ fetch: fake.fetch })
  const client = new QueryClient()
  const search = (request: SearchRequest) => searchView(api, PORTAL, request, undefined, client)
  const searches = () => fake.calls.filter((call) => call.action === 'datastore_search')
  return { fake, search, searches, api }
}

describe('searchView', () => {
  it('sends ranges as they are to a CKAN 2.12 portal, having asked its version once', async () => {
    const { fake, search, searches } = setUp({ version: '2.12.0' })
    const page = await search(view)
    expect(page.records.map((record) => record._id)).toEqual([16, 17, 18])
    expect(page.filteredInBrowser).toBeUndefined()
    await search({ ...view, offset: 3 })
    expect(fake.calls.filter((call) => call.action === 'status_show')).toHaveLength(1)
    expect(searches().map((call) => call.params.filters)).toEqual([view.filters, view.filters])
  })

  it('filters in the browser on CKAN 2.11: one request for the values part, every page read from it', async () => {
    const { search, searches } = setUp({ version: '2.11.5' })
    const first = await search(view)
    expect(first).toMatchObject({ total: 5, filteredInBrowser: true })
    expect(first.records.map((record) => record._id)).toEqual([16, 17, 18])
    const second = await search({ ...view, offset: 3, includeTotal: false })
    expect(second.records.map((record) => record._id)).toEqual([19, 20])
    // the profile's sample: no sort, read from the same answer
    const sample = await search({
      resourceId: 'airports',
      filters: view.filters,
      fields: ['elevation'],
      limit: 500,
    })
    expect(sample.records).toHaveLength(5)
    expect(searches()).toHaveLength(1)
    expect(searches()[0]!.params.filters).toEqual({ state: 'IL' })
    expect(Number(searches()[0]!.params.limit)).toBe(32_000)
  })

  it('refuses, in its own words, when the values part matches more records than the portal sends at once', async () => {
    const { search } = setUp({ version: '2.10.4', rowsMax: 10 })
    await expect(search(view)).rejects.toMatchObject({
      kind: 'operators-unsupported',
      tooMany: { matching: 20, cap: 10 },
    })
  })

  it('learns from the shape of an answer where status_show does not tell, never from its records', async () => {
    const { fake, search, api } = setUp({ version: null })
    const page = await search(view)
    expect(page.filteredInBrowser).toBe(true)
    // asked status_show, then looked at one answer's shape (it has _links: before 2.12)
    expect(fake.calls.map((call) => call.action)).toEqual([
      'status_show',
      'datastore_search',
      'datastore_search',
    ])
    expect(fake.calls[1]!.params.limit).toBe('0')
    await expect(api.filterOperators(PORTAL, 'airports')).resolves.toBe(false)
    expect(fake.calls).toHaveLength(3)
  })

  it('does not take a failure to reach the portal for a verdict: the next range asks again', async () => {
    let reachable = false
    const fake = fakePortal({ version: '2.12.0' })
    const api = createCkanClient({
      fetch: ((input: string | URL | Request, init?: RequestInit) =>
        reachable
          ? fake.fetch(input, init)
          : Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    })
    await expect(api.filterOperators(PORTAL, 'airports')).rejects.toBeDefined()
    reachable = true
    await expect(api.filterOperators(PORTAL, 'airports')).resolves.toBe(true)
  })

  it('asks nothing more for filters every portal applies', async () => {
    const { fake, search } = setUp({ version: '2.9.0' })
    await search({ ...view, filters: { state: ['IL', 'IN'] } })
    expect(fake.calls.map((call) => call.action)).toEqual(['datastore_search'])
  })
})
