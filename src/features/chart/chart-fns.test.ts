import { describe, expect, it } from 'vitest'
import { createAggregator } from '../../lib/summary/aggregate'
import { chartPoints, defaultChart, defaultOver, overSummary, summaryPoints } from './chart-fns'

const fields = [
  { id: '_id', type: 'int' },
  { id: 'city', type: 'text' },
  { id: 'founded', type: 'date' },
  { id: 'population', type: 'int8' },
  { id: 'score', type: 'float8' },
  { id: 'tags', type: '_text' },
]

describe('a quick chart', () => {
  it('draws a date against a number as a line at first, a label against a number as bars, else a scatter', () => {
    expect(defaultChart(fields)).toEqual({ x: 'founded', y: 'population', kind: 'line' })
    expect(defaultChart(fields.filter((field) => field.id !== 'founded'))).toEqual({
      x: 'city',
      y: 'population',
      kind: 'bar',
    })
    expect(defaultChart([fields[3]!, fields[4]!])).toEqual({ x: 'population', y: 'score', kind: 'scatter' })
    expect(defaultChart([fields[1]!, fields[5]!])).toBeNull()
  })

  it('reads points by the columns’ types, leaves out records without a value, and orders dates', () => {
    const records = [
      { founded: '2001-01-01', population: '30' },
      { founded: '1999-06-01', population: 10 },
      { founded: null, population: 5 },
      { founded: '2000-01-01', population: null },
    ]
    const points = chartPoints(records, fields[2]!, fields[3]!)
    expect(points.map((point) => point.y)).toEqual([10, 30])
    expect(new Date(points[0]!.x as number).toISOString()).toBe('1999-06-01T00:00:00.000Z')
  })
})

describe('a line over every matching record', () => {
  it('is the first choice for a time axis when the view matches more records than it shows, by a period fit for their span', () => {
    const years = (...list: number[]) => list.map((year) => Date.UTC(year, 0, 1))
    expect(defaultOver('time', years(2012, 2013), 100, 1_000_000)).toBe('month')
    expect(defaultOver('time', years(1990, 2020), 100, 1_000_000)).toBe('quarter')
    expect(defaultOver('time', years(1200, 1999), 100, 1_000_000)).toBe('year')
    expect(defaultOver('time', years(2012, 2013), 100, 100)).toBe('shown')
    expect(defaultOver('time', years(2012, 2013), 100, undefined)).toBe('shown')
    expect(defaultOver('number', years(2012, 2013), 100, 1_000_000)).toBe('shown')
  })

  it('draws a period’s total or average at its first day, in time order, leaving out empty and unreadable dates', () => {
    const records = [
      ['2013-05-03', '10'],
      ['2012-01-31', '4'],
      ['2013-05-20', '30'],
      [null, '1000'],
      ['not a date', '7'],
      ['2013-06-01', null],
    ]
    const types = { founded: 'date', population: 'int8' }
    const draw = (figure: 'sum' | 'avg') => {
      const spec = overSummary('founded', 'population', 'month', figure)
      const aggregator = createAggregator(spec, types)
      for (const record of records) aggregator.add(record)
      return summaryPoints(aggregator.snapshot(), spec)
    }
    expect(draw('sum')).toEqual([
      { x: Date.UTC(2012, 0, 1), y: 4 },
      { x: Date.UTC(2013, 4, 1), y: 40 },
    ])
    expect(draw('avg')).toEqual([
      { x: Date.UTC(2012, 0, 1), y: 4 },
      { x: Date.UTC(2013, 4, 1), y: 20 },
    ])
  })
})
