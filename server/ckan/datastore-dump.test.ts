// The dump's existence and access rules are datastore_search's: here a table whose background load
// is not complete, which datastore_search answers "still being loaded" and the dump answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogSchema } from './datastore-create.ts'
import { prepareDump, xmlElementNames } from './datastore-dump.ts'
import { datastoreSearch } from './datastore-search.ts'
import { createFixtureDb } from './test-db.ts'
import type { Db, SearchContext } from './types.ts'

const books = '22222222-2222-4222-8222-222222222222'

let db: Db & { close(): Promise<void> }

beforeAll(async () => {
  db = await createFixtureDb()
})

afterAll(async () => {
  await db?.close()
})

const context = (): SearchContext => ({
  db,
  config: { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english' },
  caller: { authorised: false, name: '' },
  currentPath: `/datastore/dump/${books}`,
  currentQuery: '',
  overHttp: true,
})

const setLoading = (loading: boolean) =>
  db.query(`UPDATE ${catalogSchema}.resource SET loading = $1 WHERE id = $2`, [loading, books])

describe('prepareDump while the table is still loading', () => {
  it("is the dump's 404, by id and by alias, as datastore_search is not found; then dumps once loaded", async () => {
    await setLoading(true)
    try {
      for (const id of [books, 'books3']) {
        expect(await prepareDump(id, new URLSearchParams(), context()), id).toEqual({
          status: 404,
          message: 'DataStore resource not found',
        })
        const search = await datastoreSearch({ resource_id: id }, context())
        expect(search, id).toMatchObject({
          ok: false,
          status: 404,
          error: { message: `Not found: Resource "${id}" is still being loaded.` },
        })
      }
    } finally {
      await setLoading(false)
    }
    expect(await prepareDump(books, new URLSearchParams(), context())).toMatchObject({ status: 200 })
  })
})

describe('XML element names (CKAN 2.12, #8340)', () => {
  it('follow test_dump_xml_col_name_conformity: XML rules, then a counter for names already taken', () => {
    expect(
      xmlElementNames(['278bad_name', 'xmlbad_name', 'bad name', 'bad_(name)', '.bad_name', '-bad_name']),
    ).toEqual(['bad_name', 'bad_name_0', 'bad_name_1', 'bad_name_2', 'bad_name_3', 'bad_name_4'])
    expect(xmlElementNames(['bük', 'größe %', 'année'])).toEqual(['bük', 'größe_', 'année'])
  })
})
