// What the summary's chart draws: a line for time (a date by day, month, quarter or year), bars in
// order for ranges and numbers, the largest bars for text, and bars split by the second grouping.
// Pure: the chart component only draws what this says.
import type { BarGroup, ChartPoint } from '../../components/chart/chart-parts'
import { groupTime } from '../../lib/summary/group-keys'
import type { SummaryRow } from '../../lib/summary/summary-rows'
import type { SummarySpec } from '../../lib/summary/summary-spec'

/** Bars beyond this many values would be unreadable: the largest are drawn. */
export const MAX_BARS = 30
/** Bars in their own order (ranges, numbers) are all drawn up to this many. */
export const MAX_ORDERED_BARS = 120
/** Groups and series of a split chart. */
export const MAX_SPLIT_GROUPS = 20
export const MAX_SERIES = 8

export type SummaryChart =
  | { kind: 'none' }
  | { kind: 'line'; points: ChartPoint[] }
  /** `largest`: only the largest bars are drawn, of `of` groups. */
  | { kind: 'bars'; bars: { label: string; value: number }[]; largest: boolean }
  | { kind: 'split'; groups: BarGroup[]; series: string[]; largestGroups: boolean; largestSeries: boolean }

export function summaryChart(
  rows: readonly SummaryRow[],
  spec: SummarySpec,
  figure: number,
  label: (row: SummaryRow, grouping: number) => string,
  ordered: readonly boolean[],
): SummaryChart {
  const valued = rows.filter((row) => row.values[figure] !== null && row.values[figure] !== undefined)
  if (valued.length === 0) return { kind: 'none' }
  const first = spec.groups[0]!
  const value = (row: SummaryRow) => row.values[figure]!

  if (spec.groups.length === 1) {
    const timed = valued
      .map((row) => ({ row, time: groupTime(row.keys[0]!, first) }))
      .filter((entry): entry is { row: SummaryRow; time: number } => entry.time !== null)
    if (timed.length >= 2) {
      timed.sort((a, b) => a.time - b.time)
      return { kind: 'line', points: timed.map((entry) => ({ x: entry.time, y: value(entry.row) })) }
    }
    if (ordered[0]) {
      // in their own order, the special groups (empty, unreadable) after them
      const bars = valued
        .slice(0, MAX_ORDERED_BARS)
        .map((row) => ({ label: label(row, 0), value: value(row) }))
      return { kind: 'bars', bars, largest: valued.length > MAX_ORDERED_BARS }
    }
    const largest = [...valued].sort((a, b) => value(b) - value(a)).slice(0, MAX_BARS)
    return {
      kind: 'bars',
      bars: largest.map((row) => ({ label: label(row, 0), value: value(row) })),
      largest: valued.length > MAX_BARS,
    }
  }

  // split: the first grouping's groups (in the table's first order), each bar split by the second's
  const groupOrder: string[] = []
  const seriesTotals = new Map<string, number>()
  const seriesOrder: string[] = []
  const cells = new Map<string, number>()
  for (const row of valued) {
    const groupName = label(row, 0)
    const seriesName = label(row, 1)
    if (!groupOrder.includes(groupName)) groupOrder.push(groupName)
    if (!seriesTotals.has(seriesName)) seriesOrder.push(seriesName)
    seriesTotals.set(seriesName, (seriesTotals.get(seriesName) ?? 0) + Math.abs(value(row)))
    cells.set(`${groupName}\u0000${seriesName}`, value(row))
  }
  const keptSeries = new Set(
    [...seriesTotals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_SERIES)
      .map(([name]) => name),
  )
  // a second grouping with an order of its own keeps it (years from left to right)
  const series = (ordered[1] ? seriesOrder : [...keptSeries]).filter((name) => keptSeries.has(name))
  const groups = groupOrder.slice(0, MAX_SPLIT_GROUPS).map((groupName) => ({
    label: groupName,
    values: series.map((seriesName) => cells.get(`${groupName}\u0000${seriesName}`) ?? null),
  }))
  return {
    kind: 'split',
    groups,
    series,
    largestGroups: groupOrder.length > MAX_SPLIT_GROUPS,
    largestSeries: seriesOrder.length > MAX_SERIES,
  }
}
