import { describe, expect, it } from 'vitest'
import type { CkanVersion } from './ckan-version.ts'
import { validateSearchSchema } from './search-schema.ts'
import { buildSearchPlan } from './search-sql.ts'
import { type FieldTypes, validateAgainstColumns } from './search-validate.ts'
import type { DataDict } from './types.ts'

const types: FieldTypes = new Map([
  ['_id', 'int'],
  ['name', 'text'],
  ['n', 'int4'],
  ['tags', '_text'],
  ['when', 'timestamp'],
  ['flag', 'bool'],
])

function plan(data: DataDict, resourceId = 'res', ckanVersion: CkanVersion = '2.12') {
  const schema = validateSearchSchema(
    { resource_id: resourceId, ...data },
    { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english', ckanVersion },
  )
  if (schema.kind !== 'valid') throw new Error('schema failed')
  const backend = validateAgainstColumns(schema.data, types)
  if (backend.kind !== 'valid') throw new Error('backend validation failed')
  return buildSearchPlan(schema.data, resourceId, types, 'english', backend.filters)
}

const plan2_11 = (data: DataDict, resourceId = 'res') => plan(data, resourceId, '2.11')

describe('search SQL', () => {
  it('binds every value and never splices request text into SQL', () => {
    const evil = "x'); drop table res; --"
    const built = plan({ q: evil, filters: { name: evil, n: [1, 2] }, limit: 5, offset: 7 })
    expect(built.records.sql).not.toContain('drop table')
    expect(built.records.params).toEqual(["x'); drop table res; --", '1', '2', 'english', evil, 5, 7])
    expect(built.records.sql).toContain('("name" = $1 AND "n" in ($2::int8,$3::int8))')
    expect(built.records.sql).toContain('plainto_tsquery($4::regconfig, $5) "query"')
    expect(built.count.params).toEqual(built.records.params.slice(0, 5))
  })

  it('quotes the table name, doubling embedded quotes', () => {
    const built = plan({}, 'we"ird')
    expect(built.records.sql).toContain('FROM "we""ird"')
  })

  it('orders by _id by default, by rank with q, and not at all with distinct', () => {
    expect(plan({}).records.sql).toContain('ORDER BY "_id" asc')
    expect(plan({ q: 'a' }).records.sql).toContain('ORDER BY ts_rank(_full_text, "query", 32) DESC')
    expect(plan({ distinct: true }).records.sql).not.toContain('ORDER BY')
    expect(plan({ sort: '"when" desc nulls first' }).records.sql).toContain(
      'ORDER BY "when" desc nulls first',
    )
  })

  it('formats timestamps with milliseconds (2.11: without) and arrays as JSON', () => {
    const sql = plan({}).records.sql
    expect(sql).toContain(`to_char("when", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "when"`)
    expect(sql).toContain(`coalesce(array_to_json("tags"),'null') AS "tags"`)
    expect(plan2_11({}).records.sql).toContain(`to_char("when", 'YYYY-MM-DD"T"HH24:MI:SS') AS "when"`)
  })

  it('2.12: binds a value by its JSON type, for PostgreSQL to read as the column type', () => {
    const built = plan({
      filters: { name: { gt: 5 }, n: { gte: '3', lt: 2.5 }, when: { gte: '2014-1-1' }, flag: [true, null] },
    })
    expect(built.records.sql).toContain(
      '("name" > $1 AND ("n" >= $2 AND "n" < $3::numeric) AND "when" >= $4 AND "flag" in ($5::boolean,$6))',
    )
    expect(built.records.params.slice(0, 6)).toEqual(['5', '3', '2.5', '2014-1-1', true, null])
    const wholeArray = plan({ filters: { tags: { eq: ['a', 'b'] } } })
    expect(wholeArray.records.sql).toContain('"tags" = $1')
    expect(wholeArray.records.params[0]).toEqual(['a', 'b'])
  })

  it('2.12: ORs a top-level list and $or, and an empty list or $or is false', () => {
    expect(plan({ filters: [{ n: 1 }, { name: 'a', flag: false }] }).records.sql).toContain(
      'WHERE (("n" = $1::int8 OR ("name" = $2 AND "flag" = $3::boolean)))',
    )
    expect(plan({ filters: { n: [] } }).records.sql).toContain('WHERE (false)')
    expect(plan({ filters: { $or: [{ n: [] }] } }).records.sql).toContain('WHERE ((false))')
  })

  it('2.12: next_page takes max(_id) of an _id asc page, min(_id) of _id desc, and nothing otherwise', () => {
    expect(plan({ include_next_page: true }).nextPage).toEqual({ operator: 'gt' })
    expect(plan({ include_next_page: true }).records.sql).toContain(
      '(SELECT max("_id")::text FROM records_page) AS next_id',
    )
    expect(plan({ include_next_page: true, sort: '_id desc' }).nextPage).toEqual({ operator: 'lt' })
    // CKAN tests the text of the clause: with "nulls last" it is not "desc"
    expect(plan({ include_next_page: true, sort: '_id desc nulls last' }).nextPage).toEqual({
      operator: 'gt',
    })
    const without: DataDict[] = [
      { include_next_page: true, sort: 'n' },
      { include_next_page: true, sort: '_id, n' },
      { include_next_page: true, q: 'x' },
      { include_next_page: true, distinct: true },
      {},
    ]
    for (const data of without) {
      expect(plan(data).nextPage, JSON.stringify(data)).toBeUndefined()
      expect(plan(data).records.sql).not.toContain('next_id')
    }
  })

  it('2.12 orders and cuts the page after DISTINCT; 2.11 takes DISTINCT of a page', () => {
    const after = plan({ distinct: true, fields: 'n', sort: 'n' }).records.sql
    expect(after).toContain(
      'select_cols AS (SELECT DISTINCT "n" AS "n" FROM records_page ORDER BY "n" asc LIMIT $1::int8 OFFSET $2::int8)',
    )
    const csv = plan({ distinct: true, fields: 'n', sort: 'n', records_format: 'csv' }).records.sql
    expect(csv).toContain('FROM records_page ORDER BY c0 asc LIMIT')
    const before = plan2_11({ distinct: true, fields: 'n', sort: 'n' }).records.sql
    expect(before).toContain(
      'ORDER BY "n" asc LIMIT $1::int8 OFFSET $2::int8), select_cols AS (SELECT DISTINCT',
    )
  })

  it('2.11: compares text columns with the Python str() of the value and arrays as a whole', () => {
    const built = plan2_11({ filters: { name: null, tags: ['a', 'b'], flag: true } })
    expect(built.records.params.slice(0, 3)).toEqual(['None', ['a', 'b'], true])
    expect(built.records.sql).toContain('"tags" = $2')
    expect(built.records.sql).toContain('"flag" = $3::boolean')
  })

  it('searches dict q per column, narrowing non-text columns with _full_text', () => {
    const built = plan({ q: { name: 'a', n: '5' } })
    expect(built.records.sql).toContain(`to_tsvector($1::regconfig, cast("name" as text)) @@ "query name"`)
    expect(built.records.sql).toContain('_full_text @@ "query n"')
    expect(built.records.sql).not.toContain('_full_text @@ "query name"')
    expect([...built.fieldTypes.keys()]).toContain('rank n')
  })

  it('estimates only without WHERE and DISTINCT', () => {
    for (const version of ['2.12', '2.11'] as const) {
      expect(plan({}, 'res', version).estimable).toBe(true)
      expect(plan({ filters: {} }, 'res', version).estimable).toBe(true)
      expect(plan({ filters: { n: 1 } }, 'res', version).estimable).toBe(false)
      expect(plan({ distinct: true }, 'res', version).estimable).toBe(false)
    }
    expect(plan({ filters: { n: { gt: 1 } } }).estimable).toBe(false)
  })

  it('writes a blank offset as OFFSET None, which PostgreSQL rejects like CKAN', () => {
    expect(plan({ offset: '' }).records.sql).toContain('OFFSET None')
  })
})
