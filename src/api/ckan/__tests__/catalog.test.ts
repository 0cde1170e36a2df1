import { describe, expect, it } from 'vitest'

import { displayText, escapeSolr, listTableMetadata, searchResources, showResource } from '../catalog'

const portal = { baseUrl: 'https://x.org/data/en' }

interface Route {
  match: (url: URL) => boolean
  status?: number
  body: unknown
}

function router(routes: Route[]) {
  const seen: URL[] = []
  const fetchImpl = async (input: string | URL | Request) => {
    const url = new URL(String(input))
    seen.push(url)
    const route = routes.find((candidate) => candidate.match(url))
    if (!route)
      return new Response('<html>404</html>', { status: 404, headers: { 'content-type': 'text/html' } })
    return new Response(JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { seen, fetch: fetchImpl as typeof fetch }
}

const ok = (result: unknown) => ({ help: 'h', success: true, result })

const packages = {
  count: 2,
  results: [
    {
      id: 'p1',
      name: 'air-quality',
      title: 'Air quality',
      resources: [
        { id: 'r1', name: 'Stations 2023', description: ' Hourly ', datastore_active: true },
        { id: 'r2', name: 'Report PDF', datastore_active: false },
        { id: 'r3', name: '', datastore_active: 'True' },
      ],
    },
    { id: 'p2', name: 'no-resources', title: null },
  ],
}

describe('searchResources', () => {
  it('asks for datasets with DataStore tables and lists only those tables', async () => {
    const fake = router([{ match: (url) => url.pathname.endsWith('/package_search'), body: ok(packages) }])
    const found = await searchResources(portal, ' air ', fake)
    expect(found).toEqual([
      { id: 'r1', name: 'Stations 2023', datasetTitle: 'Air quality', description: 'Hourly' },
      { id: 'r3', name: 'r3', datasetTitle: 'Air quality' },
    ])
    expect(Object.fromEntries(fake.seen[0]?.searchParams ?? [])).toEqual({
      q: 'air',
      fq: 'res_extras_datastore_active:true',
      rows: '20',
    })
  })

  it('searches without the filter query when the portal refuses it', async () => {
    const fake = router([
      {
        match: (url) => url.searchParams.has('fq'),
        status: 409,
        body: { success: false, error: { __type: 'Validation Error', fq: ['bad'] } },
      },
      { match: (url) => url.pathname.endsWith('/package_search'), body: ok(packages) },
    ])
    expect((await searchResources(portal, '', fake)).map((resource) => resource.id)).toEqual(['r1', 'r3'])
    expect(fake.seen[1]?.searchParams.get('q')).toBe('*:*')
  })

  it('falls back to the DataStore table list when there is no catalogue search', async () => {
    const fake = router([
      {
        match: (url) => url.pathname.endsWith('/package_search'),
        status: 400,
        body: 'Bad request - Action name not known: package_search',
      },
      {
        match: (url) => url.pathname.endsWith('/datastore_search'),
        body: ok({
          fields: [],
          records: [
            { _id: 'a1', name: 'abc-123', oid: 1, alias_of: null },
            { _id: 'a2', name: 'my_alias', oid: 2, alias_of: 'abc-123' },
            { _id: 'a3', name: '_table_metadata', oid: 3, alias_of: null },
          ],
        }),
      },
    ])
    expect(await searchResources(portal, 'ABC', fake)).toEqual([{ id: 'abc-123', name: 'abc-123' }])
  })

  it('does not hide a portal that is down behind a fallback', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof fetch
    await expect(searchResources(portal, 'x', { fetch: failing })).rejects.toMatchObject({ kind: 'network' })
  })
})

describe('multilingual catalogues', () => {
  it('reads per-language names and titles (ckanext-fluent)', async () => {
    const fluent = {
      count: 1,
      results: [
        {
          id: 'p',
          name: 'air',
          title: { fr: 'Qualité de l’air', en: 'Air quality' },
          resources: [{ id: 'r', name: { fr: 'Stations' }, description: { en: '' }, datastore_active: true }],
        },
      ],
    }
    const fake = router([{ match: () => true, body: ok(fluent) }])
    expect(await searchResources(portal, 'air', fake)).toEqual([
      { id: 'r', name: 'Stations', datasetTitle: 'Air quality' },
    ])
  })

  it('prefers the user’s language, then English, then any text', () => {
    const text = { en: 'Air', fr: 'Air (fr)', de: 'Luft' }
    expect(displayText(text, 'fr-CA')).toBe('Air (fr)')
    expect(displayText(text, 'it')).toBe('Air')
    expect(displayText({ de: 'Luft' }, 'it')).toBe('Luft')
    expect(displayText({ de: 3 }, 'it')).toBeUndefined()
    expect(displayText('  ', 'en')).toBeUndefined()
  })
})

describe('escapeSolr', () => {
  it('makes Solr syntax plain words', () => {
    expect(escapeSolr('covid (2021): a+b "x" c/d')).toBe('covid \\(2021\\)\\: a\\+b \\"x\\" c\\/d')
    expect(escapeSolr('air quality')).toBe('air quality')
  })

  it('is what the catalogue search sends', async () => {
    const fake = router([{ match: () => true, body: ok(packages) }])
    await searchResources(portal, 'a:b', fake)
    expect(fake.seen[0]?.searchParams.get('q')).toBe('a\\:b')
  })
})

describe('showResource', () => {
  it('names a resource by its name, or by its id when unnamed', async () => {
    const fake = router([{ match: () => true, body: ok({ id: 'r9', name: null, package_id: 'p' }) }])
    expect(await showResource(portal, 'r9', fake)).toEqual({ id: 'r9', name: 'r9' })
    expect(fake.seen[0]?.pathname).toBe('/data/en/api/3/action/resource_show')
    expect(fake.seen[0]?.searchParams.get('id')).toBe('r9')
  })
})

describe('listTableMetadata', () => {
  it('skips aliases and internal tables', async () => {
    const fake = router([
      {
        match: (url) => url.searchParams.get('resource_id') === '_table_metadata',
        body: ok({
          fields: [{ id: '_id', type: 'int' }],
          records: [
            { _id: 'x', name: 'r-1', alias_of: null },
            { _id: 'y', name: 'alias', alias_of: 'r-1' },
            { _id: 'z', name: '_private', alias_of: null },
          ],
        }),
      },
    ])
    expect(await listTableMetadata(portal, fake)).toEqual([{ id: 'r-1', name: 'r-1' }])
  })
})
