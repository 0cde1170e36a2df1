import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import {
  groupConditions,
  groupLabel,
  resolveSummary,
  roundFigure,
  summaryCsv,
  type GroupWords,
} from './summary-fns'
import { groupTime } from '../../lib/summary/group-keys'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { writeFilters } from '../../model/filters'

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'country', type: 'text' },
  { id: 'year', type: 'int4' },
  { id: 'population', type: 'int8' },
  { id: 'active', type: 'bool' },
  { id: 'founded', type: 'date' },
  { id: 'updated', type: 'timestamp' },
  { id: 'tags', type: '_text' },
]
const sample = [{ country: 'DE' }, { country: 'FR' }]

const words: GroupWords = {
  number: (value) => value.toLocaleString('en'),
  date: (text) => `date ${text}`,
  month: (year, month) => `${['Jan', 'Feb', 'Mar', 'Apr', 'May'][month - 1]} ${year}`,
  quarter: (year, quarter) => `Q${quarter} ${year}`,
  range: (from, to) => `${from} to under ${to}`,
  empty: '(empty)',
  other: 'Other values',
  unreadable: '(unreadable)',
  yes: 'yes',
  no: 'no',
}

describe('which summary a view gets', () => {
  it('the reader’s, for the columns the table has, telling which it does not', () => {
    const resolved = resolveSummary(
      {
        groups: [
          { field: 'gone', by: 'value' },
          { field: 'founded', by: 'year' },
        ],
        measures: [
          { kind: 'sum', field: 'population' },
          { kind: 'avg', field: 'country' },
        ],
      },
      fields,
      sample,
    )
    expect(resolved).toEqual({
      spec: { groups: [{ field: 'founded', by: 'year' }], measures: [{ kind: 'sum', field: 'population' }] },
      missing: ['gone', 'country'],
    })
  })

  it('the first choices when none is chosen (or none is left), and a column’s own grouping when one does not fit', () => {
    expect(resolveSummary({ groups: [], measures: [] }, fields, sample)?.spec).toEqual({
      groups: [{ field: 'country', by: 'value' }],
      measures: [{ kind: 'count' }],
    })
    expect(
      resolveSummary({ groups: [{ field: 'country', by: 'month' }], measures: [] }, fields, sample)?.spec
        .groups,
    ).toEqual([{ field: 'country', by: 'value' }])
    expect(resolveSummary({ groups: [], measures: [] }, [fields[0]!, fields[7]!], [])).toBeNull()
  })
})

describe('naming groups', () => {
  it('says each kind of group in words', () => {
    expect(
      groupLabel(
        { kind: 'value', value: '3' },
        { field: 'population', by: 'range', width: 0.1 },
        'int8',
        words,
      ),
    ).toBe('0.3 to under 0.4')
    expect(
      groupLabel({ kind: 'value', value: '2013-05' }, { field: 'founded', by: 'month' }, 'date', words),
    ).toBe('May 2013')
    expect(
      groupLabel({ kind: 'value', value: '2013-Q2' }, { field: 'founded', by: 'quarter' }, 'date', words),
    ).toBe('Q2 2013')
    expect(
      groupLabel({ kind: 'value', value: 'true' }, { field: 'active', by: 'value' }, 'bool', words),
    ).toBe('yes')
    expect(groupLabel({ kind: 'value', value: '12345' }, { field: 'year', by: 'value' }, 'int4', words)).toBe(
      '12,345',
    )
    expect(groupLabel({ kind: 'empty' }, { field: 'country', by: 'value' }, 'text', words)).toBe('(empty)')
    expect(groupLabel({ kind: 'unreadable' }, { field: 'founded', by: 'year' }, 'date', words)).toBe(
      '(unreadable)',
    )
  })

  it('places time groups where they start', () => {
    expect(
      new Date(groupTime({ kind: 'value', value: '2013-Q3' }, { field: 'f', by: 'quarter' })!).toISOString(),
    ).toBe('2013-07-01T00:00:00.000Z')
    expect(groupTime({ kind: 'value', value: 'DE' }, { field: 'country', by: 'value' })).toBeNull()
  })
})

describe('a group as a filter', () => {
  const spec = {
    groups: [
      { field: 'country', by: 'value' as const },
      { field: 'year', by: 'value' as const },
    ],
    measures: [],
  }
  const one = (value: string, grouping: SummarySpec['groups'][number]) =>
    groupConditions({ keys: [{ kind: 'value', value }] }, { groups: [grouping], measures: [] }, fields)

  it('is one value per grouping, typed as its column', () => {
    expect(
      groupConditions(
        {
          keys: [
            { kind: 'value', value: 'DE' },
            { kind: 'value', value: '2013' },
          ],
        },
        spec,
        fields,
      ),
    ).toEqual([
      { kind: 'values', field: 'country', values: ['DE'] },
      { kind: 'values', field: 'year', values: [2013] },
    ])
    expect(one('2013-05-03', { field: 'founded', by: 'day' })).toEqual([
      { kind: 'values', field: 'founded', values: ['2013-05-03'] },
    ])
    expect(one('true', { field: 'active', by: 'value' })).toEqual([
      { kind: 'values', field: 'active', values: [true] },
    ])
  })

  it('is a range for a group that spans values: a date’s month, quarter or year, a timestamp’s day, a range of numbers', () => {
    // a date keeps its last day, as the filter dialog writes it
    expect(one('2013-12', { field: 'founded', by: 'month' })).toEqual([
      {
        kind: 'range',
        field: 'founded',
        lower: { value: '2013-12-01', inclusive: true },
        upper: { value: '2013-12-31', inclusive: true },
      },
    ])
    expect(one('2012-Q1', { field: 'founded', by: 'quarter' })).toEqual([
      {
        kind: 'range',
        field: 'founded',
        lower: { value: '2012-01-01', inclusive: true },
        upper: { value: '2012-03-31', inclusive: true },
      },
    ])
    // a timestamp's day runs to the next midnight, left out
    expect(one('2013-05-03', { field: 'updated', by: 'day' })).toEqual([
      {
        kind: 'range',
        field: 'updated',
        lower: { value: '2013-05-03', inclusive: true },
        upper: { value: '2013-05-04', inclusive: false },
      },
    ])
    expect(one('1999', { field: 'updated', by: 'year' })).toEqual([
      {
        kind: 'range',
        field: 'updated',
        lower: { value: '1999-01-01', inclusive: true },
        upper: { value: '2000-01-01', inclusive: false },
      },
    ])
    // the range [3 × 0.1, 4 × 0.1): its start in, its end out, without a float's noise
    expect(one('3', { field: 'population', by: 'range', width: 0.1 })).toEqual([
      {
        kind: 'range',
        field: 'population',
        lower: { value: 0.3, inclusive: true },
        upper: { value: 0.4, inclusive: false },
      },
    ])
  })

  it('is written as CKAN 2.12 filters that hold exactly the group’s records', () => {
    const month = one('2013-02', { field: 'founded', by: 'month' })!
    expect(writeFilters(month)).toEqual({ founded: { gte: '2013-02-01', lte: '2013-02-28' } })
    const range = one('-2', { field: 'population', by: 'range', width: 1000 })!
    expect(writeFilters(range)).toEqual({ population: { gte: -2000, lt: -1000 } })
  })

  it('is not offered for the empty, unreadable or other values, nor a timestamp’s exact instant', () => {
    expect(
      groupConditions({ keys: [{ kind: 'value', value: 'DE' }, { kind: 'empty' }] }, spec, fields),
    ).toBeNull()
    expect(
      groupConditions(
        { keys: [{ kind: 'other' }] },
        { groups: [{ field: 'founded', by: 'month' }], measures: [] },
        fields,
      ),
    ).toBeNull()
    expect(one('2013-05-03T10:00:00', { field: 'updated', by: 'value' })).toBeNull()
  })
})

describe('the summary as CSV', () => {
  it('quotes what needs it and writes numbers as they are', () => {
    expect(
      summaryCsv(
        ['country', 'Total "population"'],
        [
          ['Köln, DE', 1234.5],
          [null, 0],
          // an empty text is not an empty group: quoted, as Download's CSV writes it
          ['', 2],
        ],
      ),
    ).toBe('country,"Total ""population"""\n"Köln, DE",1234.5\n,0\n"",2\n')
  })
})

describe('figures as shown', () => {
  it('keeps every digit of a whole number, two decimals of others, three significant digits below 1', () => {
    expect(roundFigure(24_160_385_693_921)).toBe(24_160_385_693_921)
    expect(roundFigure(2_416_038_569.391_234)).toBe(2_416_038_569.39)
    expect(roundFigure(0.012_345)).toBe(0.0123)
  })
})
