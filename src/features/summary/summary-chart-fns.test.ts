import { describe, expect, it } from 'vitest'
import { createAggregator } from '../../lib/summary/aggregate'
import { summaryRows, type SummaryRow } from '../../lib/summary/summary-rows'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { MAX_BARS, MAX_SERIES, summaryChart } from './summary-chart-fns'

const types = { country: 'text', founded: 'date', year: 'int4', population: 'int8' }
function rowsOf(spec: SummarySpec, records: unknown[][], numeric: boolean[]) {
  const aggregator = createAggregator(spec, types)
  for (const record of records) aggregator.add(record)
  return summaryRows(aggregator.snapshot(), spec, numeric)
}
const label = (row: SummaryRow, index: number) => {
  const key = row.keys[index]!
  return key.kind === 'value' ? key.value : key.kind
}

describe('the summary’s chart', () => {
  it('draws time as a line, in time order, without the empty group', () => {
    const spec: SummarySpec = { groups: [{ field: 'founded', by: 'month' }], measures: [{ kind: 'count' }] }
    const rows = rowsOf(spec, [['2013-03-01'], ['2013-01-09'], ['2013-01-02'], [null]], [false])
    const chart = summaryChart(rows, spec, 0, label, [true])
    expect(chart).toEqual({
      kind: 'line',
      points: [
        { x: Date.UTC(2013, 0, 1), y: 2 },
        { x: Date.UTC(2013, 2, 1), y: 1 },
      ],
    })
  })

  it('draws the largest values of a text column as bars, and says when some are left out', () => {
    const spec: SummarySpec = { groups: [{ field: 'country', by: 'value' }], measures: [{ kind: 'count' }] }
    const records = Array.from({ length: 40 }, (_, index) =>
      Array.from({ length: index + 1 }, () => [`c${index}`]),
    ).flat()
    const chart = summaryChart(rowsOf(spec, records, [false]), spec, 0, label, [false])
    expect(chart.kind).toBe('bars')
    if (chart.kind !== 'bars') return
    expect(chart.bars).toHaveLength(MAX_BARS)
    expect(chart.bars[0]).toEqual({ label: 'c39', value: 40 })
    expect(chart.largest).toBe(true)
  })

  it('splits bars by a second grouping, keeping its largest values', () => {
    const spec: SummarySpec = {
      groups: [
        { field: 'country', by: 'value' },
        { field: 'year', by: 'value' },
      ],
      measures: [{ kind: 'sum', field: 'population' }],
    }
    const records = []
    for (let year = 2000; year < 2012; year++) records.push(['DE', year, year], ['FR', year, 1])
    const chart = summaryChart(rowsOf(spec, records, [false, true]), spec, 0, label, [false, true])
    expect(chart.kind).toBe('split')
    if (chart.kind !== 'split') return
    expect(chart.series).toHaveLength(MAX_SERIES)
    // the years keep their order; the largest totals are the latest years
    expect(chart.series).toEqual(['2004', '2005', '2006', '2007', '2008', '2009', '2010', '2011'])
    expect(chart.groups.map((group) => group.label)).toEqual(['DE', 'FR'])
    expect(chart.groups[0]!.values[0]).toBe(2004)
    expect(chart.largestSeries).toBe(true)
  })
})
