import { describe, expect, it } from 'vitest'

import { createPortalMemory, datastoreSearch, toSearchParams, toSearchResult } from '../datastore-search'
import { CkanError } from '../errors'

function recordingFetch(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} })
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json;charset=utf-8' },
    })
  }
  return { calls, fetch: fetchImpl as typeof fetch }
}

const okBody = {
  help: 'https://x.org/api/3/action/help_show?name=datastore_search',
  success: true,
  result: {
    resource_id: 'r1',
    limit: 32000,
    fields: [
      { id: '_id', type: 'int' },
      { id: 'year', type: 'int4', info: { label: 'Year' } },
      { id: '_full_text', type: 'tsvector' },
      { id: 'rank', type: 'float' },
    ],
    records: [{ _id: 1, year: 2013, rank: 0.1, extra: 'x' }],
    total: 1,
    total_was_estimated: true,
  },
}

describe('toSearchParams', () => {
  it('uses CKAN wire names and sends only what is set', () => {
    expect(toSearchParams({ resourceId: 'r1', limit: 100 })).toEqual({ resource_id: 'r1', limit: 100 })
    expect(
      toSearchParams({
        resourceId: 'r1',
        q: "'berl':*",
        plain: false,
        language: 'simple',
        filters: { country: ['DE', 'UK'] },
        limit: 50,
        offset: 100,
        sort: [
          { field: 'year', desc: true },
          { field: 'the name', desc: false },
          { field: '_id', desc: false },
        ],
        fields: ['year', 'rank'],
        includeTotal: true,
        totalEstimationThreshold: 100000,
        distinct: true,
      }),
    ).toEqual({
      resource_id: 'r1',
      q: "'berl':*",
      plain: false,
      language: 'simple',
      filters: { country: ['DE', 'UK'] },
      limit: 50,
      offset: 100,
      sort: ['year desc nulls last', '"the name"', '_id'],
      fields: ['year', 'rank'],
      include_total: true,
      total_estimation_threshold: 100000,
      distinct: true,
    })
  })

  it('keeps a quoted sort name with a comma in one clause', () => {
    const sort = [
      { field: 'a, b', desc: true },
      { field: 'c', desc: false },
    ]
    expect(toSearchParams({ resourceId: 'r', limit: 1, sort }).sort).toEqual(['"a, b" desc nulls last', 'c'])
  })

  it('puts empty values last in a descending sort, unless the portal is too old for it', () => {
    const sort = [
      { field: 'year', desc: true },
      { field: 'name', desc: false },
    ]
    expect(toSearchParams({ resourceId: 'r', limit: 1, sort }).sort).toEqual(['year desc nulls last', 'name'])
    expect(toSearchParams({ resourceId: 'r', limit: 1, sort }, { nullsLast: false }).sort).toEqual([
      'year desc',
      'name',
    ])
  })

  it('leaves out plain and language without q, and the threshold without totals', () => {
    const params = toSearchParams({
      resourceId: 'r',
      limit: 1,
      q: '',
      plain: false,
      includeTotal: false,
      totalEstimationThreshold: 5,
    })
    expect(params).toEqual({ resource_id: 'r', limit: 1, include_total: false })
  })
})

describe('toSearchResult', () => {
  it('hides internal columns and rank, keeps info objects, reads limit and estimation', () => {
    const result = toSearchResult(okBody.result)
    expect(result.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'year', type: 'int4', info: { label: 'Year' } },
    ])
    expect(result.records).toEqual([{ _id: 1, year: 2013, rank: 0.1, extra: 'x' }])
    expect(result).toMatchObject({ total: 1, totalWasEstimated: true, limit: 32000, offset: 0 })
  })

  it('keeps rank when it was asked for by name', () => {
    expect(toSearchResult(okBody.result, { fields: ['rank'] }).fields.map((field) => field.id)).toContain(
      'rank',
    )
  })

  it('tolerates missing limit/total/_links, counts as strings, and info of any shape', () => {
    const result = toSearchResult({
      fields: [
        { id: 'a', type: 'text', info: false },
        { id: 'b', type: 'numeric', info: 'notes' },
      ],
      records: [{ a: 'x', b: '1.5' }],
      total: '42',
      offset: '10',
    })
    expect(result.total).toBe(42)
    expect(result.offset).toBe(10)
    expect(result.limit).toBeUndefined()
    expect(result.totalWasEstimated).toBe(false)
    expect(result.fields).toEqual([
      { id: 'a', type: 'text' },
      { id: 'b', type: 'numeric' },
    ])
  })

  it('keeps the table id the portal answered with: for an alias, the table it points to', () => {
    // CKAN replaces an alias with the resource's id before searching (datastore_search in 2.11)
    const answer = { resource_id: 'generated-cities', fields: [], records: [] }
    expect(toSearchResult(answer).resourceId).toBe('generated-cities')
    expect(toSearchResult({ fields: [], records: [] }).resourceId).toBeUndefined()
    expect(toSearchResult({ resource_id: 7, fields: [], records: [] }).resourceId).toBeUndefined()
  })

  it('has no total when include_total was false', () => {
    expect(toSearchResult({ fields: [], records: [], limit: 10 }).total).toBeUndefined()
  })

  it.each([
    ['records not objects', { fields: [{ id: 'a', type: 'text' }], records: [[1, 2]] }],
    ['field without type', { fields: [{ id: 'a' }], records: [] }],
    ['field id not text', { fields: [{ id: 3, type: 'int' }], records: [] }],
    ['no records', { fields: [] }],
    ['negative total', { fields: [], records: [], total: -1 }],
    ['not an object', 'hello'],
  ])('throws a contract error for %s', (_name, body) => {
    expect(() => toSearchResult(body)).toThrow(expect.objectContaining({ kind: 'contract' }))
  })
})

describe('datastoreSearch', () => {
  it('sends one GET to the portal and maps the answer', async () => {
    const recorder = recordingFetch(okBody)
    const result = await datastoreSearch(
      { baseUrl: 'https://open.canada.ca/data/en' },
      { resourceId: 'r1', limit: 10, filters: { year: [2013] } },
      { fetch: recorder.fetch },
    )
    expect(result.records).toHaveLength(1)
    expect(recorder.calls).toHaveLength(1)
    const url = new URL(recorder.calls[0]?.url ?? '')
    expect(url.pathname).toBe('/data/en/api/3/action/datastore_search')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      resource_id: 'r1',
      filters: '{"year":[2013]}',
      limit: '10',
    })
  })

  it('reports a CKAN error body as CkanError', async () => {
    const recorder = recordingFetch(
      {
        success: false,
        error: { __type: 'Not Found Error', message: 'Not found: Resource "r1" was not found.' },
      },
      404,
    )
    const failure = datastoreSearch({ baseUrl: 'https://x.org' }, { resourceId: 'r1', limit: 1 }, recorder)
    await expect(failure).rejects.toBeInstanceOf(CkanError)
    await expect(failure).rejects.toMatchObject({ kind: 'not-found', status: 404 })
  })
})

describe('datastoreSearch on older portals', () => {
  it('drops parameters an old portal rejects as junk, once, and remembers that portal', async () => {
    const urls: URL[] = []
    const fetchImpl = (async (input: string | URL | Request) => {
      const url = new URL(String(input))
      urls.push(url)
      if (url.searchParams.has('total_estimation_threshold')) {
        const body = {
          success: false,
          error: {
            __type: 'Validation Error',
            __junk: ["The input field [('total_estimation_threshold',)] was not expected."],
          },
        }
        return new Response(JSON.stringify(body), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        })
      }
      return new Response(JSON.stringify(okBody), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof fetch
    const oldPortal = { baseUrl: 'https://old.example/data' }
    const request = { resourceId: 'r1', limit: 10, includeTotal: true, totalEstimationThreshold: 100000 }
    const memory = createPortalMemory()
    await expect(datastoreSearch(oldPortal, request, { fetch: fetchImpl, memory })).resolves.toMatchObject({
      total: 1,
    })
    expect(urls).toHaveLength(2)
    expect(urls[1]?.searchParams.get('include_total')).toBe('true')
    await datastoreSearch(oldPortal, request, { fetch: fetchImpl, memory })
    expect(urls).toHaveLength(3)
    expect(urls[2]?.searchParams.has('total_estimation_threshold')).toBe(false)
    // what one explorer learnt is its own: another starts by asking with the parameter again
    await datastoreSearch(oldPortal, request, { fetch: fetchImpl, memory: createPortalMemory() })
    expect(urls[3]?.searchParams.has('total_estimation_threshold')).toBe(true)
  })

  it('sorts without `nulls last` on a portal that refuses it (CKAN 2.9), once, and remembers it', async () => {
    const sorts: (string | null)[] = []
    const fetchImpl = (async (input: string | URL | Request) => {
      const sort = new URL(String(input)).searchParams.get('sort')
      sorts.push(sort)
      if (sort?.includes('nulls last')) {
        const body = {
          success: false,
          error: { __type: 'Validation Error', sort: [`field "${sort}" not it table`] },
        }
        return new Response(JSON.stringify(body), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        })
      }
      return new Response(JSON.stringify(okBody), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof fetch
    const oldPortal = { baseUrl: 'https://old.example/data' }
    const request = { resourceId: 'r1', limit: 10, sort: [{ field: 'year', desc: true }] }
    const memory = createPortalMemory()
    await expect(datastoreSearch(oldPortal, request, { fetch: fetchImpl, memory })).resolves.toMatchObject({
      total: 1,
    })
    expect(sorts).toEqual(['year desc nulls last', 'year desc'])
    expect(memory.nullsLastRefused.has(oldPortal.baseUrl)).toBe(true)
    // the next search goes without it at once; another portal is asked with it
    await datastoreSearch(oldPortal, request, { fetch: fetchImpl, memory })
    expect(sorts.slice(2)).toEqual(['year desc'])
    await datastoreSearch({ baseUrl: 'https://new.example' }, request, { fetch: fetchImpl, memory })
    expect(sorts[3]).toBe('year desc nulls last')
  })

  it('reports a sort that fails without `nulls last` too, and does not remember the portal', async () => {
    const sorts: (string | null)[] = []
    const fetchImpl = (async (input: string | URL | Request) => {
      const sort = new URL(String(input)).searchParams.get('sort')
      sorts.push(sort)
      const body = {
        success: false,
        error: { __type: 'Validation Error', sort: [`invalid value "${sort}"`] },
      }
      return new Response(JSON.stringify(body), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof fetch
    const memory = createPortalMemory()
    const request = { resourceId: 'r1', limit: 10, sort: [{ field: 'nope', desc: true }] }
    await expect(
      datastoreSearch({ baseUrl: 'https://z.example' }, request, { fetch: fetchImpl, memory }),
    ).rejects.toMatchObject({ kind: 'validation', fieldErrors: { sort: ['invalid value "nope desc"'] } })
    expect(sorts).toEqual(['nope desc nulls last', 'nope desc'])
    expect(memory.nullsLastRefused.size).toBe(0)
  })

  it('does not retry other validation errors', async () => {
    let calls = 0
    const fetchImpl = (async () => {
      calls++
      const body = { success: false, error: { __type: 'Validation Error', filters: ['invalid value "x"'] } }
      return new Response(JSON.stringify(body), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      })
    }) as typeof fetch
    await expect(
      datastoreSearch(
        { baseUrl: 'https://y.example' },
        { resourceId: 'r', limit: 1, includeTotal: true },
        { fetch: fetchImpl },
      ),
    ).rejects.toMatchObject({ kind: 'validation' })
    expect(calls).toBe(1)
  })
})

describe('distinct values of a search', () => {
  const answer = (shape: Record<string, unknown>) =>
    recordingFetch({
      help: '',
      success: true,
      result: { fields: [{ id: 'country', type: 'text' }], records: [], ...shape },
    })
  const distinct = {
    resourceId: 'r',
    q: "'kis':*",
    plain: false,
    fields: ['country'],
    distinct: true,
    limit: 10,
  }

  it('are asked in their own order on CKAN 2.12, which cannot order DISTINCT by rank', async () => {
    const modern = answer({ include_next_page: false })
    const memory = createPortalMemory()
    const portal = { baseUrl: 'https://new.example/en' }
    await datastoreSearch(portal, { resourceId: 'r', limit: 1 }, { fetch: modern.fetch, memory })
    await datastoreSearch(portal, distinct, { fetch: modern.fetch, memory })
    expect(new URL(modern.calls[1]!.url).searchParams.get('sort')).toBe('country')
  })

  it('are asked unsorted before 2.12, where a sort makes DISTINCT read one page of rows', async () => {
    const old = answer({ _links: { start: '/' } })
    const memory = createPortalMemory()
    const portal = { baseUrl: 'https://old.example/en' }
    await datastoreSearch(portal, { resourceId: 'r', limit: 1 }, { fetch: old.fetch, memory })
    await datastoreSearch(portal, distinct, { fetch: old.fetch, memory })
    expect(new URL(old.calls[1]!.url).searchParams.has('sort')).toBe(false)
  })
})
