import { describe, expect, it } from 'vitest'
import { validateSearchSchema } from './search-schema.ts'
import type { DataDict } from './types.ts'

const config = { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english' }
const validate = (data: DataDict) => validateSearchSchema(data, config)
const validate2_11 = (data: DataDict) => validateSearchSchema(data, { ...config, ckanVersion: '2.11' })

function valid(data: DataDict) {
  const outcome = validate(data)
  if (outcome.kind !== 'valid') throw new Error('expected valid, got ' + JSON.stringify(outcome))
  return outcome.data
}

describe('datastore_search schema stage', () => {
  it('requires a non-empty resource_id', () => {
    expect(validate({})).toEqual({ kind: 'invalid', errors: { resource_id: ['Missing value'] } })
    expect(validate({ resource_id: '' })).toEqual({
      kind: 'invalid',
      errors: { resource_id: ['Missing value'] },
    })
  })

  it('lets a truthy id override resource_id, and keeps an empty id', () => {
    expect(valid({ resource_id: 'a', id: 'b' }).resourceId).toBe('b')
    const kept = valid({ resource_id: 'a', id: '' })
    expect(kept.resourceId).toBe('a')
    expect(kept.echo.get('id')).toBe('')
  })

  it('renders non-string ids like json.dumps(sort_keys=True)', () => {
    expect(valid({ resource_id: { b: 1, a: [true, null] } }).resourceId).toBe('{"a": [true, null], "b": 1}')
  })

  it('lists junk keys as Python tuples, quoting like repr()', () => {
    expect(validate({ resource_id: 'a', foo: 1, "it's": 2 })).toEqual({
      kind: 'invalid',
      errors: { __junk: [`The input field [('foo',), ("it's",)] was not expected.`] },
    })
  })

  it('does not treat callback as junk', () => {
    expect(validate({ resource_id: 'a', callback: 'fn' }).kind).toBe('valid')
  })

  it('parses limit like CKAN: default, cap, natural numbers, Python int()', () => {
    expect(valid({ resource_id: 'a' }).limit).toBe(100)
    expect(valid({ resource_id: 'a', limit: 99999 }).limit).toBe(32000)
    expect(valid({ resource_id: 'a', limit: ' 1_0 ' }).limit).toBe(10)
    expect(valid({ resource_id: 'a', limit: 10.0 }).limit).toBe(10)
    expect(valid({ resource_id: 'a', limit: '' }).limit).toBe(100)
    expect(validate({ resource_id: 'a', limit: 1.5 })).toMatchObject({
      errors: { limit: ['Invalid integer'] },
    })
    expect(validate({ resource_id: 'a', limit: 'all' })).toMatchObject({
      errors: { limit: ['Invalid integer'] },
    })
    expect(validate({ resource_id: 'a', limit: -1 })).toMatchObject({
      errors: { limit: ['Must be a natural number'] },
    })
    // blank: CKAN 2.11 answers 500; here it is not an integer
    expect(validate({ resource_id: 'a', limit: '  ' })).toMatchObject({
      kind: 'invalid',
      errors: { limit: ['Invalid integer'] },
    })
  })

  it('keeps a blank offset as None and rejects words', () => {
    expect(valid({ resource_id: 'a', offset: '' }).offset).toBeNull()
    expect(valid({ resource_id: 'a' }).offset).toBeUndefined()
    expect(validate({ resource_id: 'a', offset: 'bad' })).toMatchObject({
      errors: { offset: ['Invalid integer'] },
    })
  })

  it('parses booleans from strings, and other values by their truthiness (CKAN 2.11 crashes on them)', () => {
    expect(valid({ resource_id: 'a', include_total: 'FALSE' }).includeTotal).toBe(false)
    expect(valid({ resource_id: 'a', plain: 'yes' }).plain).toBe(true)
    expect(valid({ resource_id: 'a', distinct: 'no' }).distinct).toBe(false)
    expect(valid({ resource_id: 'a', include_total: 0 }).includeTotal).toBe(false)
    expect(valid({ resource_id: 'a', distinct: [] }).distinct).toBe(false)
    expect(valid({ resource_id: 'a', plain: 1 }).plain).toBe(true)
  })

  it('turns q into a dict only for JSON objects', () => {
    expect(valid({ resource_id: 'a', q: '{"a": "b"}' }).q).toEqual({ a: 'b' })
    expect(valid({ resource_id: 'a', q: '"{}"' }).q).toBe('"{}"')
    expect(valid({ resource_id: 'a', q: '123' }).q).toBe('123')
    expect(valid({ resource_id: 'a', q: ['x', 1] }).q).toBe("['x', 1]")
    // a number or boolean is searched as its text (CKAN 2.11 crashes on it)
    expect(valid({ resource_id: 'a', q: 5 }).q).toBe('5')
    expect(valid({ resource_id: 'a', q: true }).q).toBe('True')
  })

  it('parses filters from JSON text and reports unparsable text', () => {
    expect(valid({ resource_id: 'a', filters: '{"b": [1, 2]}' }).filters).toEqual({ b: [1, 2] })
    expect(validate({ resource_id: 'a', filters: 'the-filter' })).toMatchObject({
      errors: { filters: ['Cannot parse JSON'] },
    })
  })

  it('accepts fields/sort as a string or a list of strings only', () => {
    expect(valid({ resource_id: 'a', fields: 'a, b' }).fields).toBe('a, b')
    expect(validate({ resource_id: 'a', sort: 5 })).toMatchObject({ errors: { sort: ['Not a list'] } })
    expect(validate({ resource_id: 'a', fields: ['a', 2] })).toMatchObject({
      errors: { fields: ['Neither a string nor a list: 2'] },
    })
    // CKAN takes a list as an item, and then fails on it with a 500
    expect(validate({ resource_id: 'a', sort: [['a']] })).toMatchObject({
      errors: { sort: ["Not a string: ['a']"] },
    })
  })

  it('checks records_format with the one_of message', () => {
    expect(validate({ resource_id: 'a', records_format: 'xml' })).toMatchObject({
      errors: { records_format: ["Value must be one of ['objects', 'lists', 'csv', 'tsv']"] },
    })
    expect(valid({ resource_id: 'a', records_format: '' }).recordsFormat).toBe('objects')
  })

  it('collects errors of several fields at once', () => {
    const outcome = validate({ limit: 'x', offset: 'y' })
    expect(outcome).toMatchObject({
      errors: { resource_id: ['Missing value'], limit: ['Invalid integer'], offset: ['Invalid integer'] },
    })
  })

  it('2.12: include_next_page defaults to false and is echoed; 2.11 does not know it', () => {
    expect(valid({ resource_id: 'a' }).includeNextPage).toBe(false)
    expect(valid({ resource_id: 'a' }).echo.get('include_next_page')).toBe(false)
    expect(valid({ resource_id: 'a', include_next_page: 'true' }).includeNextPage).toBe(true)
    expect(validate2_11({ resource_id: 'a', include_next_page: true })).toEqual({
      kind: 'invalid',
      errors: { __junk: ["The input field [('include_next_page',)] was not expected."] },
    })
  })

  it('2.12: total_estimation_threshold is accepted whatever it is, and dropped; 2.11 checks and echoes it', () => {
    for (const threshold of [5, 'many', [{ a: 1 }]]) {
      const search = valid({ resource_id: 'a', total_estimation_threshold: threshold })
      expect(search.totalEstimationThreshold).toBeNull()
      expect(search.echo.has('total_estimation_threshold')).toBe(false)
    }
    expect(validate2_11({ resource_id: 'a', total_estimation_threshold: 'many' })).toMatchObject({
      errors: { total_estimation_threshold: ['Invalid integer'] },
    })
  })

  it('2.12: a list of dicts is never flattened: it is a value, or one junk key', () => {
    expect(valid({ resource_id: 'a', filters: [{ a: 1 }, { b: 2 }] }).filters).toEqual([{ a: 1 }, { b: 2 }])
    expect(validate({ resource_id: 'a', other: [{ a: 1 }], fields: [{ id: 'x' }] })).toEqual({
      kind: 'invalid',
      errors: {
        fields: ["Neither a string nor a list: {'id': 'x'}"],
        __junk: ["The input field [('other',)] was not expected."],
      },
    })
    expect(validate2_11({ resource_id: 'a', filters: [{ a: 1 }, { b: 2 }] })).toEqual({
      kind: 'invalid',
      errors: { __junk: ["The input field [('filters', 0, 'a'), ('filters', 1, 'b')] was not expected."] },
    })
  })

  it('2.12 leaves the shape of filters to the backend stage; 2.11 refuses a non-dict here', () => {
    expect(valid({ resource_id: 'a', filters: '5' }).filters).toBe(5)
    expect(validate2_11({ resource_id: 'a', filters: '5' })).toMatchObject({
      errors: { filters: ['Filters must be defined as a dict or a list of dicts'] },
    })
  })
})
