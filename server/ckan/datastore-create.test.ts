import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  columnType,
  createResource,
  initDatastore,
  ResourceDefinitionError,
  resourceExists,
} from './datastore-create.ts'
import { createTestDb, fixtureDefinitions } from './test-db.ts'
import type { Db } from './types.ts'

let db: Db & { close(): Promise<void> }

beforeAll(async () => {
  db = await createTestDb()
  await initDatastore(db)
  await initDatastore(db) // a reused data directory runs it again
  for (const def of fixtureDefinitions()) await createResource(db, def)
})

afterAll(async () => {
  await db?.close()
})

describe('createResource', () => {
  it('fills _full_text exactly like CKAN populate_full_text_trigger for every fixture row', async () => {
    for (const def of fixtureDefinitions()) {
      const { rows } = await db.query<{ differing: number }>(
        `SELECT count(*)::int AS differing FROM public."${def.resource_id}" t
          WHERE t._full_text IS DISTINCT FROM (
            SELECT to_tsvector(string_agg(value, ' ')) FROM json_each_text(row_to_json(t.*)) WHERE key NOT LIKE '\\_%')`,
      )
      expect(rows[0]?.differing, def.resource_id).toBe(0)
    }
  })

  it('numbers rows 1..n in record order, with _id first and the declared types', async () => {
    const { rows } = await db.query<{ name: string; type: string }>(
      `SELECT attname::text AS name, format_type(atttypid, NULL) AS type FROM pg_attribute
        WHERE attrelid = 'public."33333333-3333-4333-8333-333333333333"'::regclass AND attnum > 0 ORDER BY attnum`,
    )
    expect(rows.map((row) => `${row.name}:${row.type}`).slice(0, 4)).toEqual([
      '_id:integer',
      '_full_text:tsvector',
      'id:integer',
      'date:date',
    ])
    const ids = await db.query<{ id: number; title: string }>(
      'SELECT _id AS id, title FROM public."33333333-3333-4333-8333-333333333333" ORDER BY _id',
    )
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(ids.rows[5]?.title).toBe('sixth 53.56')
  })

  it('lists tables and aliases in _table_metadata with CKAN 16-hex ids', async () => {
    const { rows } = await db.query<{ _id: string; alias_of: string | null }>(
      `SELECT _id, alias_of::text FROM "_table_metadata" WHERE name = 'books3'`,
    )
    expect(rows).toEqual([
      { _id: expect.stringMatching(/^[0-9a-f]{16}$/), alias_of: '22222222-2222-4222-8222-222222222222' },
    ])
  })

  it('accepts array records in field order and keeps nested JSON, arrays and nulls', async () => {
    await createResource(db, {
      resource_id: 'arrays-in-order',
      fields: [
        { id: 'n', type: 'int8' },
        { id: 'tags', type: 'text[]' },
        { id: 'doc', type: 'nested' },
        { id: 'quote', type: 'text' },
      ],
      records: [
        [1, ['a "b"', 'c\\d', null], { k: [1, 2] }, 'x'],
        [null, null, null, null],
      ],
    })
    const { rows } = await db.query<{ j: string }>(
      `SELECT row_to_json(t)::text AS j FROM (SELECT _id, n, tags, doc, quote FROM public."arrays-in-order" ORDER BY _id) t`,
    )
    expect(rows.map((row) => row.j)).toEqual([
      '{"_id":1,"n":1,"tags":["a \\"b\\"","c\\\\d",null],"doc":{"k":[1,2]},"quote":"x"}',
      '{"_id":2,"n":null,"tags":null,"doc":null,"quote":null}',
    ])
  })

  it('rejects names CKAN would reject, before creating anything', async () => {
    const bad = ['a"b', '_hidden', ' padded', '', 'tab\there', 'x'.repeat(64)]
    for (const id of bad) {
      await expect(
        createResource(db, { resource_id: 'bad-names', fields: [{ id, type: 'text' }], records: [] }),
      ).rejects.toBeInstanceOf(ResourceDefinitionError)
    }
    await expect(createResource(db, { resource_id: 'a%b', fields: [], records: [] })).rejects.toThrow(/%/)
    await expect(
      createResource(db, {
        resource_id: 'bad-type',
        fields: [{ id: 'x', type: 'text; drop table y' }],
        records: [],
      }),
    ).rejects.toThrow(/not a valid field type/)
    await expect(
      createResource(db, {
        resource_id: 'extra-keys',
        fields: [{ id: 'x', type: 'text' }],
        records: [{ y: 1 }],
      }),
    ).rejects.toThrow(/extra keys "y"/)
    expect(await resourceExists(db, 'bad-names')).toBe(false)
  })

  it('accepts hostile but valid names and keeps them literal', async () => {
    const names = ['; drop table x; --', 'constructor', 'hasOwnProperty', "it's", 'bük %s']
    await createResource(db, {
      resource_id: "robert'); drop table students; --",
      fields: names.map((id) => ({ id, type: 'text' })),
      records: [Object.fromEntries(names.map((id) => [id, id]))],
    })
    const { rows } = await db.query<{ j: string }>(
      `SELECT row_to_json(t)::text AS j FROM public."robert'); drop table students; --" t`,
    )
    for (const name of names) expect(rows[0]?.j).toContain(JSON.stringify(name))
  })

  it('builds a GIN index on _full_text unless full_text_index is false', async () => {
    await createResource(db, {
      resource_id: 'no-fts-index',
      fields: [{ id: 'a', type: 'text' }],
      records: [['x']],
      full_text_index: false,
    })
    const { rows } = await db.query<{ table: string; method: string }>(
      `SELECT t.relname::text AS table, am.amname::text AS method FROM pg_index x
         JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_am am ON am.oid = i.relam
        WHERE t.relname IN ('no-fts-index', '11111111-1111-4111-8111-111111111111') ORDER BY 1, 2`,
    )
    expect(rows).toEqual([
      { table: '11111111-1111-4111-8111-111111111111', method: 'btree' },
      { table: '11111111-1111-4111-8111-111111111111', method: 'gin' },
      { table: 'no-fts-index', method: 'btree' },
    ])
  })

  it('refuses an alias that already names another relation', async () => {
    await expect(
      createResource(db, { resource_id: 'alias-clash', fields: [], records: [], aliases: ['books3'] }),
    ).rejects.toThrow(/already exists/)
  })

  it('replaces an existing resource when created again', async () => {
    await createResource(db, {
      resource_id: 'again',
      fields: [{ id: 'a', type: 'int' }],
      records: [[1], [2]],
    })
    await createResource(db, { resource_id: 'again', fields: [{ id: 'a', type: 'int' }], records: [[3]] })
    const { rows } = await db.query<{ a: number }>('SELECT a FROM public."again"')
    expect(rows).toEqual([{ a: 3 }])
  })

  it('loads 20,000 generated rows in batches and analyses them for estimates', async () => {
    const records = Array.from({ length: 20_000 }, (_, i) => [i, `row ${i}`, i / 4])
    const started = performance.now()
    await createResource(db, {
      resource_id: 'generated',
      fields: [
        { id: 'i', type: 'int' },
        { id: 'label', type: 'text' },
        { id: 'quarter', type: 'numeric' },
      ],
      records,
      indexes: ['quarter'],
    })
    const seconds = (performance.now() - started) / 1000
    const { rows } = await db.query<{ estimate: number; last: string }>(
      `SELECT (SELECT reltuples::int FROM pg_class WHERE relname = 'generated') AS estimate,
              (SELECT quarter::text FROM public.generated WHERE _id = 20000) AS last`,
    )
    expect(rows[0]).toEqual({ estimate: 20_000, last: '4999.75' })
    expect(seconds).toBeLessThan(20)
  })

  it('serves an indexed column in both directions from an index, empty values last', async () => {
    for (const order of ['"quarter", "_id"', '"quarter" desc nulls last, "_id" desc']) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT * FROM public.generated ORDER BY ${order} LIMIT 100 OFFSET 5000`,
      )
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n')
      expect(plan, order).toMatch(/Index Scan/)
      expect(plan, order).not.toMatch(/Sort/)
    }
  })

  it('lists a resource while it loads, with its progress, when asked to', async () => {
    const seen: string[] = []
    const watching: Db = {
      query: async (sql, params, options) => {
        const result = await db.query(sql, params, options)
        if (/UPDATE ckan_catalog\.resource SET rows_loaded/.test(sql)) {
          const { rows } = await db.query<{ loading: boolean; rows_loaded: string; row_count: string }>(
            `SELECT loading, rows_loaded::text, row_count::text FROM ckan_catalog.resource WHERE id = 'progressing'`,
          )
          seen.push(`${rows[0]?.loading} ${rows[0]?.rows_loaded}/${rows[0]?.row_count}`)
        }
        return result as never
      },
      exec: (sql) => db.exec(sql),
    }
    await createResource(
      watching,
      {
        resource_id: 'progressing',
        fields: [{ id: 'i', type: 'int' }],
        records: Array.from({ length: 45_000 }, (_, i) => [i]),
      },
      { listWhileLoading: true },
    )
    expect(seen).toEqual(['true 0/45000', 'true 20000/45000', 'true 40000/45000', 'true 45000/45000'])
    const { rows } = await db.query<{ loading: boolean; rows_loaded: string | null; row_count: string }>(
      `SELECT loading, rows_loaded::text, row_count::text FROM ckan_catalog.resource WHERE id = 'progressing'`,
    )
    expect(rows[0]).toEqual({ loading: false, rows_loaded: null, row_count: '45000' })
  })
})

describe('columnType', () => {
  it('maps CKAN type names to PostgreSQL type names', () => {
    expect(columnType('int')).toBe('int4')
    expect(columnType('float')).toBe('float8')
    expect(columnType('_numeric')).toBe('_numeric')
    expect(columnType('text[]')).toBe('_text')
    expect(columnType('nested')).toBe('json')
    expect(columnType(undefined)).toBe('text')
    expect(columnType('_json')).toBeUndefined()
    expect(columnType('int; drop')).toBeUndefined()
  })
})
