// Range counts from the marks (range-count.ts) give exactly the number CKAN's `count(*)` gives, on
// random ranges over columns with repeated values and empty cells; and a search counts a range from
// the marks, not by reading every matching record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PgDb } from '../db/pg-db.ts'
import { freshDatabase } from '../test/backends.ts'
import { datastoreSearch } from './datastore-search.ts'
import { createResource, initDatastore } from './datastore-create.ts'
import { filterCondition, Params } from './filter-sql.ts'
import { parseFilters } from './filters.ts'
import { quoteIdent } from './identifiers.ts'
import { columnRange, countRange } from './range-count.ts'
import { createTestDb, searchContext } from './test-db.ts'
import type { Db, Json } from './types.ts'

const TABLE = '88888888-8888-4888-8888-000000000001'
const SMALL = '88888888-8888-4888-8888-000000000002'
const ROWS = 3000
const types = { n: 'int4', x: 'float8', m: 'numeric', d: 'date', t: 'timestamp' } as const
type Field = keyof typeof types

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

function isoDate(day: number): string {
  return new Date(Date.UTC(2000, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)
}

function tableRecords(): Record<string, Json>[] {
  const next = random(7)
  return Array.from({ length: ROWS }, (_, i) => {
    const empty = next() < 0.1
    return {
      // few distinct values, many repeats: marks fall on the same value
      n: empty ? null : Math.floor(next() * 40),
      x: empty ? null : Math.round(next() * 10_000) / 100,
      m: i % 17 === 0 ? null : (Math.floor(next() * 1e6) / 1e3).toFixed(3),
      d: i % 23 === 0 ? null : isoDate(Math.floor(next() * 400)),
      t: `${isoDate(i % 50)}T${String(i % 24).padStart(2, '0')}:00:00`,
    }
  })
}

/** A value for a bound of `field`: inside, at, or outside the column's values. */
function boundValue(field: Field, next: () => number): Json {
  const pick = next()
  switch (field) {
    case 'n':
      return Math.floor(pick * 50) - 5
    case 'x':
      return pick < 0.5 ? Math.round(pick * 22_000 - 500) / 100 : Math.floor(pick * 100)
    case 'm':
      return pick < 0.3 ? String(Math.floor(pick * 3e6) / 1e3) : pick * 1100 - 50
    case 'd':
      return isoDate(Math.floor(pick * 440) - 20)
    case 't':
      return `${isoDate(Math.floor(pick * 55) - 2)}T${String(Math.floor(next() * 24)).padStart(2, '0')}:30:00`
  }
}

function randomFilters(next: () => number): Record<string, Json> {
  const fields = Object.keys(types) as Field[]
  const field = fields[Math.floor(next() * fields.length)]!
  const shape = next()
  if (shape < 0.1) return { [field]: boundValue(field, next) }
  const ops: Record<string, Json> = {}
  if (shape < 0.75) ops[next() < 0.5 ? 'gt' : 'gte'] = boundValue(field, next)
  if (shape > 0.4) ops[next() < 0.5 ? 'lt' : 'lte'] = boundValue(field, next)
  return { [field]: ops }
}

/** CKAN's count: `count(*)` over the filters' WHERE condition. */
async function plainCount(db: Db, filters: Record<string, Json>): Promise<number> {
  const params = new Params()
  const parsed = parseFilters(filters, new Set(Object.keys(types)))!
  const where = filterCondition(params, parsed, new Map(Object.entries(types)))
  const { rows } = await db.query<{ total: string }>(
    `SELECT count(*)::text AS total FROM public.${quoteIdent(TABLE)} WHERE ${where}`,
    params.values,
  )
  return Number(rows[0]!.total)
}

async function markedCount(db: Db, filters: Record<string, Json>): Promise<number | undefined> {
  const range = columnRange(parseFilters(filters, new Set(Object.keys(types))))
  if (!range) throw new Error(`not a range: ${JSON.stringify(filters)}`)
  return countRange(db, TABLE, range, types[range.field as Field])
}

/** Every statement the search ran, beside running it. */
function recording(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = []
  return {
    statements,
    db: {
      query: (sql, params) => {
        statements.push(sql)
        return db.query(sql, params)
      },
      exec: (sql) => db.exec(sql),
    },
  }
}

const columns = Object.entries(types).map(([id, type]) => ({ id, type }))

const backends: Array<{ name: string; open: () => Promise<Db & { close(): Promise<void> }> }> = [
  { name: 'PGlite', open: createTestDb },
]
const adminUrl = process.env.DSE_TEST_PG_URL
if (adminUrl) {
  backends.push({
    name: 'PostgreSQL',
    open: async () => new PgDb(await freshDatabase(adminUrl, 'dse_range'), 0),
  })
}

for (const backend of backends) {
  describe(`range counts from the marks, on ${backend.name}`, () => {
    let db: Db & { close(): Promise<void> }

    beforeAll(async () => {
      db = await backend.open()
      await initDatastore(db)
      const fields = columns.map((column) => column.id)
      await createResource(
        db,
        { resource_id: TABLE, fields: columns, records: tableRecords(), indexes: fields },
        {
          markRangesFrom: 1,
        },
      )
      await createResource(db, {
        resource_id: SMALL,
        fields: [{ id: 'n', type: 'int4' }],
        records: [{ n: 1 }, { n: 2 }],
        indexes: ['n'],
      })
    }, 60_000)

    afterAll(async () => {
      await db?.close()
    })

    it('gives the count CKAN gives, on 400 random ranges of five types', async () => {
      const next = random(42)
      const differences: string[] = []
      for (let i = 0; i < 400; i++) {
        const filters = randomFilters(next)
        const expected = await plainCount(db, filters)
        const counted = await markedCount(db, filters)
        if (counted !== expected) differences.push(`${JSON.stringify(filters)}: ${counted} ≠ ${expected}`)
      }
      expect(differences).toEqual([])
    })

    it('counts every value, none, and the empty range', async () => {
      expect(await markedCount(db, { n: { gte: -1 } })).toBe(await plainCount(db, { n: { gte: -1 } }))
      expect(await markedCount(db, { n: { gt: 1000 } })).toBe(0)
      expect(await markedCount(db, { n: { gte: 30, lt: 10 } })).toBe(0)
      expect(await markedCount(db, { d: { lte: '1999-01-01' } })).toBe(0)
    })

    it('has no marks for a small table: the plain count answers', async () => {
      expect(
        await countRange(db, SMALL, { field: 'n', lower: { op: 'gt', value: 0 } }, 'int4'),
      ).toBeUndefined()
      const search = await datastoreSearch(
        { resource_id: SMALL, filters: { n: { gt: 1 } } },
        searchContext(db),
      )
      expect(search.ok && (search.result as Record<string, Json>)['total']).toBe(1)
    })

    it("answers a range's total from the marks, and two columns' with CKAN's count", async () => {
      const range = recording(db)
      const answer = await datastoreSearch(
        { resource_id: TABLE, filters: { x: { gte: 10, lt: 90 } }, limit: 1 },
        searchContext(range.db),
      )
      expect(answer.ok && (answer.result as Record<string, Json>)['total']).toBe(
        await plainCount(db, { x: { gte: 10, lt: 90 } }),
      )
      expect(
        range.statements.filter((sql) => sql.startsWith('SELECT count(*)::text AS total FROM (')),
      ).toEqual([])

      const two = recording(db)
      const both = await datastoreSearch(
        { resource_id: TABLE, filters: { x: { gte: 10 }, n: { lt: 20 } }, limit: 1 },
        searchContext(two.db),
      )
      expect(both.ok && (both.result as Record<string, Json>)['total']).toBe(
        await plainCount(db, { x: { gte: 10 }, n: { lt: 20 } }),
      )
      expect(
        two.statements.filter((sql) => sql.startsWith('SELECT count(*)::text AS total FROM (')),
      ).toHaveLength(1)
    })
  })
}

describe('columnRange: which filters are one column’s range', () => {
  const fields = new Set(['a', 'b'])
  const range = (filters: Json) => columnRange(parseFilters(filters, fields))

  it('takes bounds, both bounds, and an equal value as from-and-to', () => {
    expect(range({ a: { gte: 1, lt: 5 } })).toEqual({
      field: 'a',
      lower: { op: 'gte', value: 1 },
      upper: { op: 'lt', value: 5 },
    })
    expect(range({ a: { gt: '2014-03-01' } })).toEqual({
      field: 'a',
      lower: { op: 'gt', value: '2014-03-01' },
    })
    expect(range({ a: 3 })).toEqual({
      field: 'a',
      lower: { op: 'gte', value: 3 },
      upper: { op: 'lte', value: 3 },
    })
  })

  it('leaves everything else to the plain count', () => {
    expect(range({ a: { gte: 1 }, b: { lt: 2 } })).toBeUndefined()
    expect(range({ a: [1, 2] })).toBeUndefined()
    expect(range({ a: { in: [1, 2] } })).toBeUndefined()
    expect(range({ $or: [{ a: { gt: 1 } }, { a: { lt: 0 } }] })).toBeUndefined()
    expect(range({ a: { gt: 1, eq: 3 } })).toBeUndefined()
    expect(range({ a: null })).toBeUndefined()
    expect(range({})).toBeUndefined()
  })
})
