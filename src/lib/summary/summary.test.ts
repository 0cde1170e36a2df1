import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import { createAggregator, type SummarySnapshot } from './aggregate'
import { datePartOf, groupSpan, rangeIndex } from './group-keys'
import { defaultGrouping, defaultSummary, niceWidth } from './summary-defaults'
import { summaryRows } from './summary-rows'
import type { SummarySpec } from './summary-spec'

const types = {
  country: 'text',
  population: 'int8',
  founded: 'date',
  updated: 'timestamp',
  score: 'float8',
  active: 'bool',
}

function fold(spec: SummarySpec, records: unknown[][], maxGroups?: number): SummarySnapshot {
  const aggregator = createAggregator(spec, types, maxGroups)
  for (const record of records) aggregator.add(record)
  return aggregator.snapshot()
}

const byKey = (snapshot: SummarySnapshot) =>
  Object.fromEntries(snapshot.groups.map((group) => [group.key.join('|'), group]))

describe('grouping records', () => {
  const spec: SummarySpec = {
    groups: [{ field: 'country', by: 'value' }],
    measures: [{ kind: 'count' }, { kind: 'sum', field: 'population' }, { kind: 'avg', field: 'population' }],
  }

  it('counts and totals per value, with the empty values as their own group', () => {
    const snapshot = fold(spec, [
      ['DE', '10'],
      ['FR', '5'],
      ['DE', null],
      [null, '7'],
      ['', '1'],
      ['DE', '20'],
    ])
    expect(snapshot.records).toBe(6)
    const groups = byKey(snapshot)
    expect(groups.vDE).toMatchObject({ count: 3, n: [2], sum: [30], min: [10], max: [20] })
    expect(groups.vFR).toMatchObject({ count: 1, sum: [5] })
    // null (the dump's empty value) and '' are the one empty group
    expect(groups.e).toMatchObject({ count: 2, n: [2], sum: [8] })
  })

  it('gives the same groups for the dump’s text and datastore_search’s typed values', () => {
    const asText = fold({ ...spec, groups: [{ field: 'active', by: 'value' }] }, [
      ['t', '1.50'],
      ['f', '2'],
    ])
    const typed = fold({ ...spec, groups: [{ field: 'active', by: 'value' }] }, [
      [true, 1.5],
      [false, 2],
    ])
    expect(typed).toEqual(asText)
    expect(Object.keys(byKey(typed))).toEqual(['vtrue', 'vfalse'])
  })

  it('adds up a million decimals without drifting', () => {
    const aggregator = createAggregator(
      { groups: [{ field: 'country', by: 'value' }], measures: [{ kind: 'sum', field: 'score' }] },
      types,
    )
    for (let index = 0; index < 1_000_000; index++) aggregator.add(['x', '0.1'])
    expect(aggregator.snapshot().groups[0]!.sum[0]).toBe(100_000)
  })

  it('splits each group by a second column', () => {
    const snapshot = fold(
      {
        groups: [
          { field: 'country', by: 'value' },
          { field: 'founded', by: 'year' },
        ],
        measures: [{ kind: 'count' }],
      },
      [
        ['DE', 0, '2013-05-01'],
        ['DE', 0, '2013-07-01'],
        ['DE', 0, '2014-01-01'],
        ['FR', 0, null],
      ].map(([country, , founded]) => [country, founded]),
    )
    expect(Object.fromEntries(snapshot.groups.map((group) => [group.key.join('|'), group.count]))).toEqual({
      'vDE|v2013': 2,
      'vDE|v2014': 1,
      'vFR|e': 1,
    })
  })

  it('keeps at most so many groups, counting the rest together as "other"', () => {
    const records = Array.from({ length: 50 }, (_, index) => [`place ${index % 20}`, '1'])
    const snapshot = fold(spec, records, 5)
    expect(snapshot.overflow).toBe(true)
    expect(snapshot.groups).toHaveLength(6)
    expect(byKey(snapshot).o!.count).toBe(50 - 5 * 3)
    expect(snapshot.groups.reduce((sum, group) => sum + group.count, 0)).toBe(50)
  })
})

describe('dates and numbers', () => {
  it('groups dates and timestamps by day, month, quarter and year, as written', () => {
    expect(datePartOf('2013-05-03', 'day')).toBe('2013-05-03')
    expect(datePartOf('2013-05-03 23:30:00', 'month')).toBe('2013-05')
    expect(datePartOf('2013-05-03T23:30:00+02', 'quarter')).toBe('2013-Q2')
    expect(datePartOf('2013-12-31', 'quarter')).toBe('2013-Q4')
    expect(datePartOf('2013-05-03', 'year')).toBe('2013')
    expect(datePartOf('May 3', 'year')).toBeNull()
    const snapshot = fold({ groups: [{ field: 'updated', by: 'month' }], measures: [{ kind: 'count' }] }, [
      ['2013-05-03 10:00:00'],
      ['2013-05-30T10:00:00'],
      ['not a date'],
    ])
    expect(Object.fromEntries(snapshot.groups.map((group) => [group.key[0], group.count]))).toEqual({
      'v2013-05': 2,
      x: 1,
    })
  })

  it('puts a number in the range that holds it, exactly at the edges', () => {
    expect(rangeIndex(0.3, 0.1)).toBe(3)
    expect(rangeIndex(0.29999, 0.1)).toBe(2)
    expect(rangeIndex(-0.5, 1)).toBe(-1)
    expect(rangeIndex(1_000_000, 1_000_000)).toBe(1)
    const snapshot = fold(
      { groups: [{ field: 'population', by: 'range', width: 10 }], measures: [{ kind: 'count' }] },
      [['9'], ['10'], ['19.5'], ['-1'], ['lots']],
    )
    expect(Object.fromEntries(snapshot.groups.map((group) => [group.key[0], group.count]))).toEqual({
      v0: 1,
      v1: 2,
      'v-1': 1,
      x: 1,
    })
  })
})

describe('what a group covers', () => {
  const value = (text: string) => ({ kind: 'value' as const, value: text })

  it('gives a date part as its first day and the first day after it', () => {
    expect(groupSpan(value('2013-05-31'), { field: 'f', by: 'day' })).toEqual({
      from: '2013-05-31',
      to: '2013-06-01',
    })
    expect(groupSpan(value('2013-12'), { field: 'f', by: 'month' })).toEqual({
      from: '2013-12-01',
      to: '2014-01-01',
    })
    expect(groupSpan(value('2012-02'), { field: 'f', by: 'month' })).toEqual({
      from: '2012-02-01',
      to: '2012-03-01',
    })
    expect(groupSpan(value('2013-Q4'), { field: 'f', by: 'quarter' })).toEqual({
      from: '2013-10-01',
      to: '2014-01-01',
    })
    expect(groupSpan(value('1999'), { field: 'f', by: 'year' })).toEqual({
      from: '1999-01-01',
      to: '2000-01-01',
    })
  })

  it('gives a range as its edges, without a float’s noise, and nothing for values or special groups', () => {
    expect(groupSpan(value('3'), { field: 'f', by: 'range', width: 0.1 })).toEqual({ from: 0.3, to: 0.4 })
    expect(groupSpan(value('-2'), { field: 'f', by: 'range', width: 1000 })).toEqual({
      from: -2000,
      to: -1000,
    })
    expect(groupSpan(value('DE'), { field: 'f', by: 'value' })).toBeNull()
    expect(groupSpan({ kind: 'empty' }, { field: 'f', by: 'month' })).toBeNull()
    expect(groupSpan({ kind: 'other' }, { field: 'f', by: 'range', width: 10 })).toBeNull()
  })
})

describe('summary rows', () => {
  it('orders text groups largest first, special groups last, with each group’s share', () => {
    const spec: SummarySpec = {
      groups: [{ field: 'country', by: 'value' }],
      measures: [{ kind: 'avg', field: 'population' }, { kind: 'count' }],
    }
    const snapshot = fold(spec, [
      ['FR', '1'],
      ['DE', '5'],
      ['DE', '7'],
      [null, '100'],
      ['ES', null],
    ])
    const rows = summaryRows(snapshot, spec, [false])
    expect(rows.map((row) => [row.keys[0], row.values, row.share])).toEqual([
      [{ kind: 'value', value: 'DE' }, [6, 2], 0.4],
      [{ kind: 'value', value: 'FR' }, [1, 1], 0.2],
      // no population: no average, and a share of the count all the same
      [{ kind: 'value', value: 'ES' }, [null, 1], 0.2],
      [{ kind: 'empty' }, [100, 1], 0.2],
    ])
  })

  it('orders ranges and numbers by value, and keeps the second grouping in its order', () => {
    const spec: SummarySpec = {
      groups: [
        { field: 'population', by: 'range', width: 5 },
        { field: 'country', by: 'value' },
      ],
      measures: [{ kind: 'count' }],
    }
    const snapshot = fold(spec, [
      ['12', 'FR'],
      ['2', 'FR'],
      ['13', 'DE'],
      ['-3', 'DE'],
      ['4', 'DE'],
    ])
    const rows = summaryRows(snapshot, spec, [true, false])
    expect(rows.map((row) => row.keys.map((key) => (key.kind === 'value' ? key.value : key.kind)))).toEqual([
      ['-1', 'DE'],
      ['0', 'DE'],
      ['0', 'FR'],
      ['2', 'DE'],
      ['2', 'FR'],
    ])
  })
})

describe('first choices', () => {
  const fields: CkanField[] = [
    { id: '_id', type: 'int' },
    { id: 'name', type: 'text' },
    { id: 'country', type: 'text' },
    { id: 'year', type: 'int4' },
    { id: 'population', type: 'int8' },
    { id: 'founded', type: 'date' },
  ]
  const sample = Array.from({ length: 200 }, (_, index) => ({
    name: `place ${index}`,
    country: ['DE', 'FR', 'JP'][index % 3],
    year: 2000 + (index % 20),
    population: index * 12_345,
  }))

  it('groups by the first text column with few values, with the number of records', () => {
    expect(defaultSummary(fields, sample)).toEqual({
      groups: [{ field: 'country', by: 'value' }],
      measures: [{ kind: 'count' }],
    })
  })

  it('else by the first date, by month', () => {
    const noFew = sample.map((record) => ({ ...record, country: record.name }))
    expect(defaultSummary(fields, noFew)?.groups).toEqual([{ field: 'founded', by: 'month' }])
  })

  it('groups a whole number with few values by value, and other numbers in about ten round ranges', () => {
    expect(defaultGrouping(fields[3]!, sample)).toEqual({ field: 'year', by: 'value' })
    expect(defaultGrouping(fields[4]!, sample)).toEqual({ field: 'population', by: 'range', width: 500_000 })
    expect(niceWidth(0.37)).toBe(0.05)
    expect(niceWidth(100)).toBe(10)
  })
})
