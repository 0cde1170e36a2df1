import { describe, expect, it } from 'vitest'
import { chartPoints, defaultChart } from './chart-fns'

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
