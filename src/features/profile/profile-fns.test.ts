import { describe, expect, it } from 'vitest'
import {
  barAt,
  binsCondition,
  formatShare,
  fullestBin,
  histogram,
  stripBars,
  summarizeSample,
} from './profile-fns'

describe('a column profile read from records', () => {
  it('counts empty values, and gives the mean, median and bins of numbers sent as numbers or text', () => {
    const records = [{ n: 1 }, { n: '3' }, { n: null }, { n: 10 }, { n: '' }, { n: 6 }]
    const summary = summarizeSample(records, 'n', 'numeric')
    expect(summary).toMatchObject({ count: 6, empty: 2, mean: 5, median: 4.5 })
    expect(summary.bins!.reduce((sum, bin) => sum + bin.count, 0)).toBe(4)
    expect(summary.bins![0]!.from).toBe(1)
    expect(summary.bins!.at(-1)!.to).toBe(10)
  })

  it('ranks the most frequent values of text, keeping each value as sent for a filter', () => {
    const records = ['b', 'a', 'b', 'c', 'b', 'a', null].map((city) => ({ city }))
    expect(summarizeSample(records, 'city', 'text', 2).top).toEqual([
      { value: 'b', key: 'b', count: 3 },
      { value: 'a', key: 'a', count: 2 },
    ])
  })

  it('counts booleans by truth, whatever their spelling, and cannot filter on a list', () => {
    const records = [true, 'true', 'f', false].map((open) => ({ open }))
    expect(summarizeSample(records, 'open', 'bool').top.map((top) => [top.key, top.count])).toEqual([
      ['false', 2],
      ['true', 2],
    ])
    expect(summarizeSample([{ tags: ['a'] }], 'tags', 'array').top[0]!.value).toBeNull()
  })

  it('bins dates by their wall-clock time', () => {
    const records = ['2020-01-01', '2020-01-02', '2021-06-01', 'not a date'].map((day) => ({ day }))
    const bins = summarizeSample(records, 'day', 'date').bins!
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3)
    expect(new Date(bins[0]!.from).toISOString()).toBe('2020-01-01T00:00:00.000Z')
  })
})

describe('histogram', () => {
  it('puts every value in one bin, the largest in the last, and one bin when all are equal', () => {
    const bins = histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(11)
    expect(bins.at(-1)!.count).toBeGreaterThan(0)
    expect(histogram([4, 4, 4])).toEqual([{ from: 4, to: 4, count: 3 }])
    expect(histogram([])).toEqual([])
    expect(
      fullestBin([
        { from: 0, to: 1, count: 2 },
        { from: 1, to: 2, count: 5 },
      ])?.from,
    ).toBe(1)
  })
})

describe('the overview bars under a column name', () => {
  it('are the histogram of numbers, against the fullest bin', () => {
    const records = [1, 1, 1, 2, 10].map((n) => ({ n }))
    const bars = stripBars(summarizeSample(records, 'n', 'int'))
    expect(bars[0]).toBe(1)
    expect(bars.at(-1)).toBeCloseTo(1 / 4)
  })

  it('are the most frequent values of text, and nothing for a column of empty values', () => {
    const records = ['a', 'a', 'b', null, ''].map((s) => ({ s }))
    expect(stripBars(summarizeSample(records, 's', 'text', 5))).toEqual([1, 0.5])
    expect(stripBars(summarizeSample([{ s: null }, { s: '' }], 's', 'text', 5))).toEqual([])
  })
})

describe('a share as a percentage', () => {
  it('is written the interface language’s way, and 0 of nothing is 0', () => {
    expect(formatShare('en', 1, 20, 0)).toBe('5%')
    expect(formatShare('fr', 1, 8, 1)).toBe('12,5\u00a0%')
    expect(formatShare('en', 0, 0, 1)).toBe('0%')
  })
})

describe('a range from a histogram’s bars', () => {
  const bins = [
    { from: 0, to: 1000, count: 5 },
    { from: 1000, to: 2000, count: 3 },
    { from: 2000, to: 3000.5, count: 1 },
  ]

  it('keeps whole numbers of an integer column, the last bin with its end', () => {
    expect(binsCondition('elevation', 'int', bins, 1, 1)).toEqual({
      kind: 'range',
      field: 'elevation',
      lower: { value: 1000, inclusive: true },
      upper: { value: 1999, inclusive: true },
    })
    expect(binsCondition('elevation', 'int', bins, 2, 0)).toEqual({
      kind: 'range',
      field: 'elevation',
      lower: { value: 0, inclusive: true },
      upper: { value: 3000, inclusive: true },
    })
  })

  it('rounds the ends of other numbers to what their spread needs, the end left out but at the last bin', () => {
    const small = [
      { from: 0.1234, to: 0.5678, count: 1 },
      { from: 0.5678, to: 1.0122, count: 1 },
    ]
    expect(binsCondition('x', 'float', small, 0, 0)).toEqual({
      kind: 'range',
      field: 'x',
      lower: { value: 0.123, inclusive: true },
      upper: { value: 0.568, inclusive: false },
    })
    expect(binsCondition('x', 'numeric', bins, 2, 2)?.upper).toEqual({ value: 3001, inclusive: true })
  })

  it('keeps whole days of dates, and of timestamps over two days or more', () => {
    const day = Date.UTC(2014, 2, 1)
    const days = [
      { from: day, to: day + 10 * 86_400_000, count: 1 },
      { from: day + 10 * 86_400_000, to: day + 20 * 86_400_000, count: 1 },
    ]
    expect(binsCondition('d', 'date', days, 0, 0)).toEqual({
      kind: 'range',
      field: 'd',
      lower: { value: '2014-03-01', inclusive: true },
      upper: { value: '2014-03-10', inclusive: true },
    })
    expect(binsCondition('t', 'timestamp', days, 1, 1)).toEqual({
      kind: 'range',
      field: 't',
      lower: { value: '2014-03-11', inclusive: true },
      upper: { value: '2014-03-22', inclusive: false },
    })
  })

  it('finds the bar under the pointer, left to right or right to left', () => {
    expect(barAt(0, 0, 300, 3, false)).toBe(0)
    expect(barAt(150, 0, 300, 3, false)).toBe(1)
    expect(barAt(299, 0, 300, 3, false)).toBe(2)
    expect(barAt(400, 0, 300, 3, false)).toBe(2)
    expect(barAt(10, 0, 300, 3, true)).toBe(2)
  })
})
