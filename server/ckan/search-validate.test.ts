import { describe, expect, it } from 'vitest'
import type { CkanVersion } from './ckan-version.ts'
import { validateSearchSchema } from './search-schema.ts'
import { type FieldTypes, getList, parseSortClause, validateAgainstColumns } from './search-validate.ts'
import type { DataDict } from './types.ts'

const types: FieldTypes = new Map([
  ['_id', 'int'],
  ['the year', 'int4'],
  ['bük', 'text'],
])

function backend(data: DataDict, ckanVersion: CkanVersion = '2.12') {
  const schema = validateSearchSchema(
    { resource_id: 'r', ...data },
    {
      rowsDefault: 100,
      rowsMax: 32000,
      defaultFtsLang: 'english',
      ckanVersion,
    },
  )
  if (schema.kind !== 'valid') throw new Error('schema failed')
  return validateAgainstColumns(schema.data, types)
}

describe('get_list', () => {
  it('splits strings on commas, strips whitespace and surrounding quotes', () => {
    expect(getList('a, "the year" ,b')).toEqual(['a', 'the year', 'b'])
    expect(getList('')).toEqual([])
    expect(getList([' x ', 'y'])).toEqual(['x', 'y'])
    expect(getList([' x '], false)).toEqual([' x '])
  })
})

describe('sort clauses', () => {
  it('parses direction and nulls ordering case-insensitively', () => {
    expect(parseSortClause('"the year" DESC NULLS LAST', types)).toEqual({
      field: 'the year',
      direction: 'desc',
      nulls: 'last',
    })
    expect(parseSortClause('bük', types)).toEqual({ field: 'bük', direction: 'asc' })
  })

  it('rejects unknown fields, injection attempts and rank', () => {
    expect(parseSortClause('rank', types)).toBeUndefined()
    expect(parseSortClause('_id; drop table x', types)).toBeUndefined()
    expect(parseSortClause('"the year" desc, x', types)).toBeUndefined()
    expect(parseSortClause('bük\nasc', types)).toBeUndefined()
  })
})

describe('backend validation', () => {
  it('accepts known names, rank with a string q, and rank <field> with a dict q', () => {
    expect(backend({ fields: ['bük', 'rank'], q: 'x' })).toEqual({ kind: 'valid' })
    expect(backend({ fields: 'rank bük', q: { bük: 'x' } })).toEqual({ kind: 'valid' })
    expect(backend({ fields: ['rank'], q: { bük: 'x' } })).toMatchObject({
      errors: { fields: ['invalid value "rank"'] },
    })
  })

  it('reports the whole sort clause, the first unknown filter key (2.11) and non-string q values', () => {
    expect(backend({ sort: 'füü asc' })).toMatchObject({ errors: { sort: ['invalid value "füü asc"'] } })
    expect(backend({ filters: { bük: 1, nope: 2, other: 3 } }, '2.11')).toMatchObject({
      errors: { filters: ['invalid value "nope"'] },
    })
    expect(backend({ q: { bük: ['a'] } })).toMatchObject({ errors: { q: ['invalid value "bük"'] } })
  })

  it('reports the first leftover in request order', () => {
    expect(backend({ sort: 'x', fields: 'y' })).toMatchObject({ errors: { sort: ['invalid value "x"'] } })
    expect(backend({ fields: 'y', sort: 'x' })).toMatchObject({ errors: { fields: ['invalid value "y"'] } })
  })

  it('2.12: parses filters first, every unknown field reported, before any other leftover', () => {
    expect(backend({ sort: 'x', filters: { bük: 1, nope: 2, other: 3 } })).toEqual({
      kind: 'invalid',
      errors: { filters: ['Unknown field: nope', 'Unknown field: other'] },
    })
    const parsed = backend({ filters: { 'the year': { gte: 2000, lte: 2010 }, $$x: 1 } })
    expect(parsed).toMatchObject({ kind: 'invalid', errors: { filters: ['Unknown field: $x'] } })
    expect(backend({ filters: { 'the year': { gte: 2000 } } })).toEqual({
      kind: 'valid',
      filters: { op: 'gte', field: 'the year', value: 2000 },
    })
    // a plain list is not checked by the parser: the leftover check reports it, in request order
    expect(backend({ filters: { $or: [{ nope: ['x'] }, { other: [1] }] }, fields: 'also-nope' })).toEqual({
      kind: 'invalid',
      errors: { filters: ['invalid value "nope"'] },
    })
    expect(backend({ fields: 'also-nope', filters: { nope: ['x'] } })).toEqual({
      kind: 'invalid',
      errors: { fields: ['invalid value "also-nope"'] },
    })
    expect(backend({ filters: {} })).toEqual({ kind: 'valid' })
    expect(backend({ filters: '[]' })).toEqual({ kind: 'valid' })
    expect(backend({ filters: 'null' })).toMatchObject({
      errors: { filters: ['Filters must be defined as a dict or a list of dicts'] },
    })
  })

  it('refuses filters that are not a dict with CKAN 2.12’s message, even past the schema (2.11 answers 500)', () => {
    const schema = validateSearchSchema(
      { resource_id: 'r' },
      { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english', ckanVersion: '2.11' },
    )
    if (schema.kind !== 'valid') throw new Error('schema failed')
    expect(validateAgainstColumns({ ...schema.data, filters: [1, 2] }, types)).toMatchObject({
      kind: 'invalid',
      errors: { filters: ['Filters must be defined as a dict or a list of dicts'] },
    })
  })
})
