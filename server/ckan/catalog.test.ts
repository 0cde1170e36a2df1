import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actions } from './actions.ts'
import { createFixtureDb } from './test-db.ts'
import type { Db, Json, SearchContext } from './types.ts'

let db: Db & { close(): Promise<void> }

beforeAll(async () => {
  db = await createFixtureDb()
})

afterAll(async () => {
  await db?.close()
})

function ctx(authorised = false): SearchContext {
  return {
    db,
    config: { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english' },
    caller: { authorised, name: authorised ? 'admin' : '' },
    currentPath: '/api/3/action/package_search',
    currentQuery: '',
    overHttp: true,
  }
}

async function call(action: string, data: Record<string, Json>, authorised = false) {
  const run = actions[action]
  if (!run) throw new Error('no action ' + action)
  return run(data, ctx(authorised))
}

describe('resource_show', () => {
  it('returns the datastore resource dict', async () => {
    const outcome = await call('resource_show', { id: '22222222-2222-4222-8222-222222222222' })
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Books',
        description: 'Tolstoy novels',
        datastore_active: true,
        format: 'CSV',
        url_type: 'datastore',
        state: 'active',
        position: 0,
      },
    })
  })

  it('answers 409 without id, 404 for unknown ids and 403 for private resources', async () => {
    expect(await call('resource_show', {})).toMatchObject({ status: 409, error: { id: ['Missing value'] } })
    expect(await call('resource_show', { id: 'books3' })).toMatchObject({
      status: 404,
      error: { __type: 'Not Found Error', message: 'Not found' },
    })
    const secret = '66666666-6666-4666-8666-000000000067'
    expect(await call('resource_show', { id: secret })).toMatchObject({
      status: 403,
      error: { message: `Access denied: User  not authorized to read resource ${secret}` },
    })
    expect(await call('resource_show', { id: secret }, true)).toMatchObject({ ok: true })
  })
})

describe('package_search', () => {
  it('finds datasets by title or resource name, case-insensitively', async () => {
    const outcome = await call('package_search', { q: 'TOLSTOY', fq: 'res_extras_datastore_active:true' })
    expect(outcome).toMatchObject({ ok: true, result: { count: 1 } })
    if (!outcome.ok) return
    const [dataset] = outcome.result['results'] as Array<Record<string, Json>>
    expect(dataset).toMatchObject({
      title: 'F2 books',
      resources: [{ name: 'Books', datastore_active: true }],
    })
  })

  it('groups resources of one package and pages with rows/start', async () => {
    const all = await call('package_search', { rows: 1000 })
    if (!all.ok) throw new Error('search failed')
    const count = all.result['count'] as number
    const f4 = (all.result['results'] as Array<Record<string, Json>>).find((d) => d['id'] === 'pkg-f4')
    expect((f4?.['resources'] as Json[]).length).toBe(2)
    const page = await call('package_search', { rows: '2', start: '1' })
    expect(page).toMatchObject({ ok: true, result: { count } })
    if (page.ok) expect((page.result['results'] as Json[]).length).toBe(2)
    expect(await call('package_search', { rows: -1 })).toMatchObject({
      status: 409,
      error: { rows: ['Must be a natural number'] },
    })
  })

  it('shows private datasets only with include_private and an authorised caller', async () => {
    const hidden = await call('package_search', { q: 'Private dataset', include_private: true })
    expect(hidden).toMatchObject({ result: { count: 0 } })
    const notAsked = await call('package_search', { q: 'Private dataset' }, true)
    expect(notAsked).toMatchObject({ result: { count: 0 } })
    const shown = await call('package_search', { q: 'Private dataset', include_private: 'true' }, true)
    expect(shown).toMatchObject({ result: { count: 1 } })
  })

  it('treats LIKE wildcards in q literally', async () => {
    expect(await call('package_search', { q: '%' })).toMatchObject({ result: { count: 0 } })
  })
})
