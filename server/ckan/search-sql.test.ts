import { describe, expect, it } from 'vitest'
import { validateSearchSchema } from './search-schema.ts'
import { buildSearchPlan } from './search-sql.ts'
import type { FieldTypes } from './search-validate.ts'
import type { DataDict } from './types.ts'

const types: FieldTypes = new Map([
  ['_id', 'int'],
  ['name', 'text'],
  ['n', 'int4'],
  ['tags', '_text'],
  ['when', 'timestamp'],
  ['flag', 'bool'],
])

function plan(data: DataDict, resourceId = 'res') {
  const schema = validateSearchSchema(
    { resource_id: resourceId, ...data },
    {
      rowsDefault: 100,
      rowsMax: 32000,
      defaultFtsLang: 'english',
    },
  )
  if (schema.kind !== 'valid') throw new Error('schema failed')
  return buildSearchPlan(schema.data, resourceId, types, 'english')
}

describe('search SQL', () => {
  it('binds every value and never splices request text into SQL', () => {
    const evil = "x'); drop table res; --"
    const built = plan({ q: evil, filters: { name: evil, n: [1, 2] }, limit: 5, offset: 7 })
    expect(built.records.sql).not.toContain('drop table')
    expect(built.records.params).toEqual(["x'); drop table res; --", '1', '2', 'english', evil, 5, 7])
    expect(built.records.sql).toContain('"name" = $1')
    expect(built.records.sql).toContain('"n" in ($2::int8,$3::int8)')
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

  it('formats timestamps without fractions and arrays as JSON', () => {
    const sql = plan({}).records.sql
    expect(sql).toContain(`to_char("when", 'YYYY-MM-DD"T"HH24:MI:SS') AS "when"`)
    expect(sql).toContain(`coalesce(array_to_json("tags"),'null') AS "tags"`)
  })

  it('compares text columns with the Python str() of the value and arrays as a whole', () => {
    const built = plan({ filters: { name: null, tags: ['a', 'b'], flag: true } })
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
    expect(plan({}).estimable).toBe(true)
    expect(plan({ filters: {} }).estimable).toBe(true)
    expect(plan({ filters: { n: 1 } }).estimable).toBe(false)
    expect(plan({ distinct: true }).estimable).toBe(false)
  })

  it('writes a blank offset as OFFSET None, which PostgreSQL rejects like CKAN', () => {
    expect(plan({ offset: '' }).records.sql).toContain('OFFSET None')
  })
})
