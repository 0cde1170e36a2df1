// The client core against the project's own CKAN-compatible actions (server/ckan) on PGlite:
// the state → request bridge, GET/POST encoding, prefix search on CKAN's `_full_text`, filters,
// sort with the `_id` tiebreak, and error mapping, end to end except for the socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createFixtureDb } from '../../../server/ckan/test-db'
import { serverFetch as serverFetchOf, type SeenRequest } from '../../testing/server-fetch'
import { listTableMetadata, searchResources, showResource } from '../../api/ckan/catalog'
import { datastoreSearch } from '../../api/ckan/datastore-search'
import { describeError } from '../describe-error'
import { errorsCatalogue } from '../../i18n/catalogues/errors'
import { testTranslator } from '../../testing/i18n'
import type { Portal } from '../../api/ckan/types'
import { parseExplorerState } from '../../model/url-codec'
import { toSearchRequest } from '../../model/to-search-request'

const BOOKS = '22222222-2222-4222-8222-222222222222'
const GEO = '33333333-3333-4333-8333-333333333333'
const SECRET = '66666666-6666-4666-8666-000000000067'

let db: Awaited<ReturnType<typeof createFixtureDb>>
const seen: SeenRequest[] = []

const serverFetch = ((...args: Parameters<typeof fetch>) =>
  serverFetchOf(db, { seen })(...args)) as typeof fetch

const portal: Portal = { baseUrl: 'http://portal.test/data/en' }

async function view(search: string, page = { pageOffset: 0, pageLimit: 100, includeTotal: true }) {
  const { state } = parseExplorerState(search)
  return datastoreSearch(portal, toSearchRequest(state, page), { fetch: serverFetch })
}

beforeAll(async () => {
  db = await createFixtureDb()
})

afterAll(async () => {
  await db.close()
})

describe('client core against the project’s CKAN actions', () => {
  it('opens a table from its URL with a GET and stable _id order', async () => {
    const result = await view(`resource_id=${BOOKS}`)
    expect(result.total).toBe(2)
    expect(result.limit).toBe(100)
    expect(result.records.map((record) => record._id)).toEqual([1, 2])
    expect(result.fields.map((field) => field.id)).toEqual([
      '_id',
      'bük',
      'author',
      'published',
      'characters',
      'rating with %',
      'nested',
    ])
    const last = seen.at(-1)
    expect(last?.method).toBe('GET')
    expect(last?.url.searchParams.get('sort')).toBe('_id')
  })

  it('finds rows by word starts, without the rank column', async () => {
    const result = await view(`resource_id=${BOOKS}&q=tolst%20annak`)
    expect(result.records.map((record) => record.bük)).toEqual(['annakarenina'])
    expect(result.fields.map((field) => field.id)).not.toContain('rank')
    expect(seen.at(-1)?.url.searchParams.get('plain')).toBe('false')
  })

  it('survives hostile search text (prefix mode never makes an invalid query)', async () => {
    const result = await view(`resource_id=${BOOKS}&q=${encodeURIComponent("warand':* | !( \\ 'tolst")}`)
    expect(result.records.map((record) => record.bük)).toEqual(['warandpeace'])
  })

  it('uses CKAN’s plain whole-word search when asked', async () => {
    expect((await view(`resource_id=${BOOKS}&search=plain&q=annak`)).total).toBe(0)
    expect((await view(`resource_id=${BOOKS}&search=plain&q=annakarenina`)).total).toBe(1)
  })

  it('applies filters and sorts by a quoted name, then pages stably', async () => {
    const filters = encodeURIComponent('{"bük":["annakarenina","warandpeace"]}')
    const result = await view(
      `resource_id=${BOOKS}&filters=${filters}&sort=${encodeURIComponent('"rating with %" desc')}`,
    )
    expect(result.records.map((record) => record['rating with %'])).toEqual(['99%', '60%'])
    const second = await view(`resource_id=${BOOKS}&sort=author`, {
      pageOffset: 1,
      pageLimit: 1,
      includeTotal: false,
    })
    expect(second.records.map((record) => record._id)).toEqual([2])
    expect(second.total).toBeUndefined()
  })

  it('reads a geo table by a decimal and a date', async () => {
    expect((await view(`resource_id=${GEO}&q=53.5`)).records.map((record) => record.title)).toEqual([
      'sixth 53.56',
    ])
    expect((await view(`resource_id=${GEO}&q=2011-04`)).total).toBe(1)
  })

  it('switches to POST with the token, and only then reads a private table', async () => {
    await expect(
      datastoreSearch(portal, { resourceId: SECRET, limit: 1 }, { fetch: serverFetch }),
    ).rejects.toMatchObject({ kind: 'forbidden', status: 403 })
    const result = await datastoreSearch(
      { ...portal, token: 'secret-token' },
      { resourceId: SECRET, limit: 1 },
      { fetch: serverFetch },
    )
    expect(result.records).toEqual([{ _id: 1, name: 'hidden' }])
    const last = seen.at(-1)
    expect(last?.method).toBe('POST')
    expect(last?.url.search).toBe('')
  })

  it('explains a refused filter and a missing table in plain words', async () => {
    const badFilter = view(`resource_id=${BOOKS}&filters=${encodeURIComponent('{"nope":"x"}')}`)
    await expect(badFilter).rejects.toMatchObject({ kind: 'validation' })
    expect(
      describeError(await badFilter.catch((error: unknown) => error), testTranslator(errorsCatalogue)).title,
    ).toBe('The portal did not accept the filter on “nope”')
    await expect(view('resource_id=no-such-table')).rejects.toMatchObject({ kind: 'not-found', status: 404 })
  })

  it('names tables from the catalogue and the DataStore list', async () => {
    expect(await showResource(portal, BOOKS, { fetch: serverFetch })).toMatchObject({
      id: BOOKS,
      name: 'Books',
    })
    expect(
      (await searchResources(portal, 'Tolstoy', { fetch: serverFetch })).map((entry) => entry.id),
    ).toContain(BOOKS)
    const tables = await listTableMetadata(portal, { fetch: serverFetch })
    expect(tables.map((table) => table.id)).toContain(BOOKS)
    expect(tables.map((table) => table.id)).not.toContain('books3')
  })
})
