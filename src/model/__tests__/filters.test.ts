import { describe, expect, it } from 'vitest'
import { readFilters, writeFilters, type FilterCondition } from '../filters'

const read = (json: unknown) => readFilters(typeof json === 'string' ? json : JSON.stringify(json))
const roundTrip = (json: unknown) => writeFilters(read(json).conditions)

describe('readFilters', () => {
  it('reads 2.9–2.11 links as before: a value or a list per column', () => {
    expect(read({ country: ['DE', 'UK'], year: 2013 }).conditions).toEqual([
      { kind: 'values', field: 'country', values: ['DE', 'UK'] },
      { kind: 'values', field: 'year', values: [2013] },
    ])
  })

  it('reads CKAN 2.12 ranges, eq and in, $and members and $$ names', () => {
    expect(
      read({
        elevation: { gte: 1000, lte: 5000 },
        date: { gt: '2014-03-01' },
        a: { eq: 1 },
        b: { in: [1, 2] },
      }).conditions,
    ).toEqual([
      {
        kind: 'range',
        field: 'elevation',
        lower: { value: 1000, inclusive: true },
        upper: { value: 5000, inclusive: true },
      },
      { kind: 'range', field: 'date', lower: { value: '2014-03-01', inclusive: false } },
      { kind: 'values', field: 'a', values: [1] },
      { kind: 'values', field: 'b', values: [1, 2] },
    ])
    expect(read({ $and: [{ n: { gte: 1 } }, { n: { lt: 5 } }], $$AUD: 3 }).conditions).toEqual([
      { kind: 'range', field: 'n', lower: { value: 1, inclusive: true } },
      { kind: 'range', field: 'n', upper: { value: 5, inclusive: false } },
      { kind: 'values', field: '$AUD', values: [3] },
    ])
  })

  it('keeps every form the dialog cannot build, as it was, never dropped', () => {
    const or = [{ country: 'DE' }, { year: 2013 }]
    expect(read(or).conditions).toEqual([{ kind: 'other', filters: { $or: or } }])
    expect(
      read({ $or: or, year: { ne: 3 }, n: [1, { gt: 5 }], m: { gt: 1, gte: 2 }, e: [] }).conditions,
    ).toEqual([
      { kind: 'other', filters: { $or: or } },
      { kind: 'other', filters: { year: { ne: 3 } } },
      { kind: 'other', filters: { n: [1, { gt: 5 }] } },
      { kind: 'other', filters: { m: { gt: 1, gte: 2 } } },
      { kind: 'other', filters: { e: [] } },
    ])
  })

  it('says why filters could not be read at all', () => {
    expect(readFilters('{')).toEqual({ conditions: [], problem: 'bad-json' })
    expect(readFilters('5')).toEqual({ conditions: [], problem: 'not-object' })
    expect(readFilters('[1]')).toEqual({ conditions: [], problem: 'not-object' })
    expect(readFilters('[]')).toEqual({ conditions: [] })
    expect(readFilters('[{"a": 1}]')).toEqual({ conditions: [{ kind: 'values', field: 'a', values: [1] }] })
  })

  it('keeps a column called __proto__ as data', () => {
    const { conditions } = readFilters('{"__proto__": {"gte": 1}}')
    expect(conditions).toEqual([{ kind: 'range', field: '__proto__', lower: { value: 1, inclusive: true } }])
    expect(Object.keys(writeFilters(conditions)!)).toEqual(['__proto__'])
  })
})

describe('writeFilters', () => {
  it('writes one value as a value, several as a list, a range as its operators', () => {
    const conditions: FilterCondition[] = [
      { kind: 'values', field: 'year', values: [2013] },
      { kind: 'values', field: 'country', values: ['DE', 'UK'] },
      {
        kind: 'range',
        field: 'elevation',
        lower: { value: 1000, inclusive: true },
        upper: { value: 5000, inclusive: false },
      },
    ]
    expect(JSON.stringify(writeFilters(conditions))).toBe(
      '{"year":2013,"country":["DE","UK"],"elevation":{"gte":1000,"lt":5000}}',
    )
    expect(writeFilters([])).toBeNull()
    expect(writeFilters([{ kind: 'values', field: 'a', values: [] }])).toBeNull()
  })

  it('writes a second condition on a column inside $and, and a field starting with $ as $$', () => {
    expect(
      writeFilters([
        { kind: 'range', field: 'n', lower: { value: 1000, inclusive: true } },
        { kind: 'values', field: '$AUD', values: [1] },
        { kind: 'range', field: 'n', upper: { value: 5000, inclusive: true } },
      ]),
    ).toEqual({ n: { gte: 1000 }, $$AUD: 1, $and: [{ n: { lte: 5000 } }] })
  })

  it('reads back what it wrote: the same conditions, in the same order', () => {
    const conditions: FilterCondition[] = [
      { kind: 'range', field: 'n', lower: { value: 1, inclusive: false } },
      { kind: 'values', field: 'state', values: ['IL'] },
      { kind: 'values', field: 'n', values: [3, 4] },
      { kind: 'other', filters: { $or: [{ a: 1 }, { b: 2 }] } },
      { kind: 'other', filters: { $or: [{ c: 1 }, { d: 2 }] } },
      { kind: 'range', field: 'n', upper: { value: 9, inclusive: true } },
    ]
    expect(readFilters(JSON.stringify(writeFilters(conditions))).conditions).toEqual(conditions)
  })

  it('is canonical: what it writes is written again unchanged', () => {
    for (const json of [
      { a: 1, b: [1, 2] },
      [{ a: 1 }, { b: 2 }],
      { a: { lte: 5, gte: 1 } },
      { a: { in: [1, 2], gte: 1 } },
      { $and: [{ a: 1 }, { $or: [{ b: 1 }, { c: 1 }] }] },
    ]) {
      const once = roundTrip(json)
      expect(roundTrip(once)).toEqual(once)
    }
  })
})
