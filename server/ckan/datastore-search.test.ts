import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveRawJson, toCkanJson } from './ckan-json.ts'
import { datastoreSearch } from './datastore-search.ts'
import { createResource } from './datastore-create.ts'
import { createFixtureDb, searchContext } from './test-db.ts'
import {
  type ActionOutcome,
  type Db,
  type Json,
  QueryTimeoutError,
  RawJson,
  type SearchContext,
} from './types.ts'

const books = '22222222-2222-4222-8222-222222222222'
const geo = '33333333-3333-4333-8333-333333333333'
const fmt = '44444444-4444-4444-8444-444444444444'
const nulls = '44444444-4444-4444-8444-444444444446'
const secret = '66666666-6666-4666-8666-000000000067'

let db: Db & { close(): Promise<void> }

beforeAll(async () => {
  db = await createFixtureDb()
})

afterAll(async () => {
  await db?.close()
})

/** The server's settings as CKAN 2.11.5 (`--ckan-version 2.11`): the behaviours 2.12 changed. */
const as2_11 = {
  config: { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english', ckanVersion: '2.11' as const },
}

function context(overrides: Partial<SearchContext> = {}): SearchContext {
  return searchContext(db, overrides)
}

async function search(data: Record<string, Json>, overrides: Partial<SearchContext> = {}) {
  const outcome: ActionOutcome = await datastoreSearch(data, context(overrides))
  if (!outcome.ok) return { ok: false as const, status: outcome.status, error: outcome.error }
  return {
    ok: true as const,
    result: resolveRawJson(outcome.result) as Record<string, Json>,
    raw: outcome.result,
  }
}

async function okResult(data: Record<string, Json>, overrides: Partial<SearchContext> = {}) {
  const answer = await search(data, overrides)
  if (!answer.ok) throw new Error('expected success, got ' + JSON.stringify(answer.error))
  return answer.result
}

function ids(result: Record<string, Json>): Json[] {
  return (result['records'] as Array<Record<string, Json>>).map((record) => record['_id'] ?? null)
}

describe('datastore_search result shape', () => {
  it('echoes validated keys alphabetically, then records, fields, total (2.12)', async () => {
    const result = await okResult({ resource_id: books, q: 'tolstoy', total_estimation_threshold: 1 })
    expect(Object.keys(result)).toEqual([
      'include_next_page',
      'include_total',
      'limit',
      'q',
      'records_format',
      'resource_id',
      'records',
      'fields',
      'total',
    ])
    expect(result['include_next_page']).toBe(false)
    expect(result['total']).toBe(2)
  })

  it('2.11: echoes validated keys alphabetically, then records, fields, _links, total', async () => {
    const result = await okResult({ resource_id: books, q: 'tolstoy' }, as2_11)
    expect(Object.keys(result)).toEqual([
      'include_total',
      'limit',
      'q',
      'records_format',
      'resource_id',
      'total_estimation_threshold',
      'records',
      'fields',
      '_links',
      'total',
      'total_was_estimated',
    ])
    expect(result['total_estimation_threshold']).toBeNull()
  })

  it('keeps PostgreSQL JSON text verbatim so numeric digits survive', async () => {
    const answer = await search({ resource_id: geo, filters: { id: 0 } })
    if (!answer.ok) throw new Error('search failed')
    const records = answer.raw['records'] as unknown
    expect(records).toBeInstanceOf(RawJson)
    expect((records as RawJson).text).toContain('"lat":52.56')
    expect(toCkanJson(answer.raw)).toContain('"records": [{"_id":1,"id":0,"date":"2011-01-01"')
  })

  it('reports the rank column as float and the data dictionary info when present', async () => {
    const result = await okResult({ resource_id: books, q: 'tolstoy', fields: ['author', 'rank'] })
    expect(result['fields']).toEqual([
      { id: 'author', type: 'text' },
      { id: 'rank', type: 'float' },
    ])
    const withInfo = await okResult({ resource_id: '66666666-6666-4666-8666-000000000014' })
    expect(withInfo['fields']).toEqual([
      { id: '_id', type: 'int' },
      { id: 'bo%ok', type: 'text', info: { label: 'Book', notes: false } },
      { id: 'author', type: 'text' },
    ])
  })

  it('2.12 has no _links, not even over HTTP', async () => {
    const overHttp = await okResult(
      { resource_id: books, limit: '1' },
      { overHttp: true, currentQuery: `resource_id=${books}&limit=1` },
    )
    expect(overHttp).not.toHaveProperty('_links')
  })

  it('2.11: adds _links only for HTTP calls, from the request query string', async () => {
    const inProcess = await okResult({ resource_id: books }, as2_11)
    expect(inProcess['_links']).toEqual({})
    const overHttp = await okResult(
      { resource_id: books, limit: '1', offset: '3' },
      { ...as2_11, overHttp: true, currentQuery: `resource_id=${books}&limit=1&offset=3&q=` },
    )
    expect(overHttp['_links']).toEqual({
      start: `/api/3/action/datastore_search?resource_id=${books}&limit=1`,
      next: `/api/3/action/datastore_search?resource_id=${books}&limit=1&offset=4`,
      prev: `/api/3/action/datastore_search?resource_id=${books}&limit=1&offset=2`,
    })
  })
})

describe('datastore_search validation stages', () => {
  it('answers a schema error before looking the resource up', async () => {
    const answer = await search({ resource_id: 'no-such-table', limit: 'bad' })
    expect(answer).toMatchObject({
      status: 409,
      error: { limit: ['Invalid integer'], __type: 'Validation Error' },
    })
  })

  it('reports unknown parameters as __junk, and a list of dicts as a value (2.12)', async () => {
    const answer = await search({ resource_id: books, _: '1699999', fields: [{ id: 'bad' }] })
    expect(answer).toMatchObject({
      status: 409,
      error: {
        __junk: ["The input field [('_',)] was not expected."],
        fields: ["Neither a string nor a list: {'id': 'bad'}"],
      },
    })
  })

  it('2.11: reports unknown parameters as __junk with the flattened key tuples', async () => {
    const answer = await search({ resource_id: books, _: '1699999', fields: [{ id: 'bad' }] }, as2_11)
    expect(answer).toMatchObject({
      status: 409,
      error: { __junk: ["The input field [('_',), ('fields', 0, 'id')] was not expected."] },
    })
  })

  it('answers 404 for an unknown resource and 403 for a private one', async () => {
    expect(await search({ resource_id: 'nope' })).toMatchObject({
      status: 404,
      error: { __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' },
    })
    expect(await search({ resource_id: secret })).toMatchObject({
      status: 403,
      error: { message: `Access denied: User  not authorized to read resource ${secret}` },
    })
    const allowed = await search({ resource_id: secret }, { caller: { authorised: true, name: 'token' } })
    expect(allowed.ok).toBe(true)
  })

  it('resolves aliases to the real resource id', async () => {
    const result = await okResult({ resource_id: 'books3' })
    expect(result['resource_id']).toBe(books)
    expect(result['total']).toBe(2)
  })

  it('checks names against the table in the backend stage', async () => {
    expect(await search({ resource_id: books, filters: { nope: 1 } })).toMatchObject({
      status: 409,
      error: { filters: ['Unknown field: nope'] },
    })
    expect(await search({ resource_id: books, filters: { nope: 1 } }, as2_11)).toMatchObject({
      status: 409,
      error: { filters: ['invalid value "nope"'] },
    })
    expect(await search({ resource_id: books, sort: 'rank', q: 'x' })).toMatchObject({
      status: 409,
      error: { sort: ['invalid value "rank"'] },
    })
    expect(await search({ resource_id: books, offset: -1 })).toMatchObject({
      status: 409,
      error: { offset: ['invalid value "-1"'] },
    })
  })

  it('answers a 409 where CKAN 2.11 crashes with a 500 (never a 5xx): booleans by truthiness, non-dict filters', async () => {
    const asNumber = await search({ resource_id: books, include_total: 0 })
    expect(asNumber).toMatchObject({ ok: true })
    for (const filters of ['5', '[1]', 'null', '-1', '"str"']) {
      expect(await search({ resource_id: books, filters })).toMatchObject({
        status: 409,
        error: {
          filters: ['Filters must be defined as a dict or a list of dicts'],
          __type: 'Validation Error',
        },
      })
    }
    expect(await search({ resource_id: books, limit: '  ' })).toMatchObject({
      status: 409,
      error: { limit: ['Invalid integer'] },
    })
    expect(await search({ resource_id: books, q: 123 })).toMatchObject({ ok: true })
    expect(await search({ resource_id: books, q: true })).toMatchObject({ ok: true })
    expect(await search({ resource_id: books, distinct: [] })).toMatchObject({ ok: true })
  })

  it('maps a statement timeout to "Search took too long"', async () => {
    const slowDb: Db = {
      query: () => Promise.reject(new QueryTimeoutError()),
      exec: () => Promise.reject(new QueryTimeoutError()),
    }
    expect(await search({ resource_id: books }, { db: slowDb })).toMatchObject({
      status: 409,
      error: { query: ['Search took too long'], __type: 'Validation Error' },
    })
  })

  it('answers Invalid query with the statement for bad tsquery syntax', async () => {
    const answer = await search({ resource_id: geo, q: 'DE UK', plain: false })
    expect(answer).toMatchObject({ status: 409, error: { query: ['Invalid query'] } })
    if (answer.ok) return
    const info = answer.error['info'] as Record<string, Json[]>
    expect(info['orig']?.[0]).toContain('syntax error in tsquery')
    expect(JSON.stringify(answer.error)).not.toMatch(/\bat\s.*\.ts:\d+/)
  })
})

describe('datastore_search query semantics', () => {
  it('applies limit defaults and caps from the config', async () => {
    const capped = await okResult(
      { resource_id: books, limit: 50 },
      { config: { rowsDefault: 1, rowsMax: 1, defaultFtsLang: 'english' } },
    )
    expect(capped['limit']).toBe(1)
    expect(ids(capped)).toEqual([1])
    // CKAN caps the configured default too when rows_max is below it (conformance item 8).
    const defaultCapped = await okResult(
      { resource_id: books },
      { config: { rowsDefault: 100, rowsMax: 1, defaultFtsLang: 'english' } },
    )
    expect(defaultCapped['limit']).toBe(1)
    expect(ids(defaultCapped)).toEqual([1])
  })

  it('filters text columns by string form, arrays as a whole with eq (2.12)', async () => {
    const whole = { characters: { eq: ['Princess Anna', 'Sergius'] } }
    expect((await okResult({ resource_id: books, filters: whole }))['total']).toBe(1)
    expect(
      (await okResult({ resource_id: books, filters: { characters: { eq: ['Sergius'] } } }))['total'],
    ).toBe(0)
    // a plain list means any of, which PostgreSQL cannot compare with an array column
    expect(await search({ resource_id: books, filters: { characters: ['Sergius'] } })).toMatchObject({
      status: 409,
      error: { query: ['Invalid query'] },
    })
    const text = '66666666-6666-4666-8666-000000000015'
    expect((await okResult({ resource_id: text, filters: { text_field: 25 } }))['total']).toBe(1)
  })

  it('2.11: filters text columns by string form and arrays by whole-array equality', async () => {
    const whole = { characters: ['Princess Anna', 'Sergius'] }
    expect((await okResult({ resource_id: books, filters: whole }, as2_11))['total']).toBe(1)
    expect(
      (await okResult({ resource_id: books, filters: { characters: ['Sergius'] } }, as2_11))['total'],
    ).toBe(0)
    const text = '66666666-6666-4666-8666-000000000015'
    expect((await okResult({ resource_id: text, filters: { text_field: 25 } }, as2_11))['total']).toBe(1)
  })

  it('sorts with nulls first/last and arrays', async () => {
    const result = await okResult({ resource_id: nulls, sort: 'lst nulls first, num nulls last' })
    expect(ids(result)).toEqual([2, 4, 1, 3])
  })

  it('renders lists and csv like CKAN, timestamps with milliseconds from 2.12 on', async () => {
    const lists = await okResult({ resource_id: fmt, records_format: 'lists', sort: 'num, dt' })
    expect(lists['records']).toEqual([
      [3, 9, '2020-01-01T00:00:00.000', 'aaac'],
      [2, 9, '2020-01-02T00:00:00.000', 'aaab'],
      [1, 10, '2020-01-01T00:00:00.000', 'aaab'],
    ])
    const lists2_11 = await okResult({ resource_id: fmt, records_format: 'lists', sort: 'num, dt' }, as2_11)
    expect(lists2_11['records']).toEqual([
      [3, 9, '2020-01-01T00:00:00', 'aaac'],
      [2, 9, '2020-01-02T00:00:00', 'aaab'],
      [1, 10, '2020-01-01T00:00:00', 'aaab'],
    ])
    const tsv = await okResult({ resource_id: books, records_format: 'tsv', fields: 'bük, nested' })
    expect(tsv['records']).toBe('annakarenina\t"[""b"",{""moo"":""moo""}]"\nwarandpeace\t"{""a"":""b""}"\n')
  })

  it('uses the language only on the query side and validates it', async () => {
    const simple = await okResult({ resource_id: books, q: 'tolstoy', language: 'simple' })
    expect(simple['total']).toBe(2)
    const bad = await search({ resource_id: books, q: 'x', language: "english'); drop table x; --" })
    expect(bad).toMatchObject({ status: 409, error: { query: ['Invalid query'] } })
  })

  it('2.11: estimates totals from reltuples only without filters, q or distinct', async () => {
    const hundred = '66666666-6666-4666-8666-000000000100'
    const estimated = await okResult({ resource_id: hundred, total_estimation_threshold: 50 }, as2_11)
    expect(estimated).toMatchObject({ total: 100, total_was_estimated: true })
    const filtered = await okResult(
      { resource_id: hundred, total_estimation_threshold: 5, filters: { 'the year': 1901 } },
      as2_11,
    )
    expect(filtered).toMatchObject({ total: 1, total_was_estimated: false })
  })

  it('2.12: an unfiltered total is the cached row count of the catalogue, a filtered one a count', async () => {
    const hundred = '66666666-6666-4666-8666-000000000100'
    // the cached count is what the load left; a count(*) would say 101 after this row
    await db.query(`INSERT INTO "${hundred}" ("the year") VALUES (1)`)
    try {
      expect((await okResult({ resource_id: hundred }))['total']).toBe(100)
      expect((await okResult({ resource_id: hundred }, as2_11))['total']).toBe(101)
      expect((await okResult({ resource_id: hundred, filters: { 'the year': 1 } }))['total']).toBe(1)
    } finally {
      await db.query(`DELETE FROM "${hundred}" WHERE "the year" = 1`)
    }
  })

  it('2.12: a table dropped after the alias lookup is not found (2.11: Invalid query)', async () => {
    // the race CKAN 2.12 answers since #9286: `_table_metadata` listed the name, then the table went
    for (const [overrides, expected] of [
      [{}, { status: 404, error: { message: 'Not found: DataStore table "soon-gone" was not found.' } }],
      [as2_11, { status: 409, error: { query: ['Invalid query'] } }],
    ] as const) {
      await createResource(db, {
        resource_id: 'soon-gone',
        fields: [{ id: 'a', type: 'int' }],
        records: [{ a: 1 }],
      })
      const dropsTheTable: Db = {
        ...db,
        query: async (sql, params, options) => {
          if (sql.includes('pg_catalog.pg_attribute')) await db.exec('DROP TABLE "soon-gone" CASCADE')
          return db.query(sql, params, options)
        },
      }
      expect(await search({ resource_id: 'soon-gone' }, { ...overrides, db: dropsTheTable })).toMatchObject(
        expected,
      )
    }
  })
})

describe('datastore_search with hostile input', () => {
  const hostile = ['"; drop table x; --', '__proto__', 'constructor', 'a"b', "'); select pg_sleep(10); --"]

  it.each(hostile)('treats %j as an unknown name everywhere, and the table survives', async (name) => {
    expect(await search({ resource_id: books, fields: [name] })).toMatchObject({ status: 409 })
    expect(await search({ resource_id: books, sort: [name] })).toMatchObject({ status: 409 })
    expect(await search({ resource_id: books, filters: { [name]: 'x' } })).toMatchObject({ status: 409 })
    expect(await search({ resource_id: books, q: { [name]: 'x' } })).toMatchObject({ status: 409 })
    expect(await search({ resource_id: name })).toMatchObject({ status: 404 })
    const q = await okResult({ resource_id: books, q: name, filters: { author: name } })
    expect(q['total']).toBe(0)
    expect((await okResult({ resource_id: books }))['total']).toBe(2)
  })

  it('keeps __proto__ as a plain key', async () => {
    const filters = JSON.parse('{"__proto__": "x"}') as Json
    const answer = await search({ resource_id: books, filters })
    expect(answer).toMatchObject({ status: 409, error: { filters: ['Unknown field: __proto__'] } })
    const answer2_11 = await search({ resource_id: books, filters }, as2_11)
    expect(answer2_11).toMatchObject({ status: 409, error: { filters: ['invalid value "__proto__"'] } })
  })
})
