// A quick chart of the records on screen: which columns to draw at first, the points, the scales and
// their ticks, and a sentence that says what the chart shows. Pure, so each choice is tested here.
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import {
  ckanType,
  isNumericType,
  isTemporalType,
  normaliseType,
  parseNumber,
  readWallClock,
  type NormalisedType,
} from '../../lib/ckan-types'
import type { SummarySnapshot } from '../../lib/summary/aggregate'
import { decodeKey, groupTime } from '../../lib/summary/group-keys'
import { measureValue } from '../../lib/summary/summary-rows'
import type { DatePart, SummarySpec } from '../../lib/summary/summary-spec'

export type ChartKind = 'line' | 'bar' | 'scatter'

export type AxisKind = 'number' | 'time' | 'category'

export function axisKind(family: NormalisedType): AxisKind {
  if (isNumericType(family)) return 'number'
  if (isTemporalType(family)) return 'time'
  return 'category'
}

/** Columns that can be drawn: not lists or JSON. */
export function chartableFields(fields: readonly CkanField[]): CkanField[] {
  return fields.filter((field) => ckanType(field.type).display !== 'json')
}

/** What a reader expects at first: a date against a number is a line, a label against a number bars. */
export function defaultChart(fields: readonly CkanField[]): { x: string; y: string; kind: ChartKind } | null {
  const usable = chartableFields(fields)
  const of = (kind: AxisKind) => usable.filter((field) => axisKind(normaliseType(field.type)) === kind)
  const numbers = of('number').filter((field) => field.id !== '_id')
  const times = of('time')
  const categories = of('category')
  if (numbers.length === 0) return null
  if (times.length > 0) return { x: times[0]!.id, y: numbers[0]!.id, kind: 'line' }
  if (categories.length > 0) return { x: categories[0]!.id, y: numbers[0]!.id, kind: 'bar' }
  if (numbers.length > 1) return { x: numbers[0]!.id, y: numbers[1]!.id, kind: 'scatter' }
  return null
}

export interface ChartPoint {
  /** A number or UTC milliseconds for number and time axes; the text for categories. */
  x: number | string
  y: number
}

/** The records' points; records without a value on either axis are left out. */
export function chartPoints(records: readonly CkanRecord[], x: CkanField, y: CkanField): ChartPoint[] {
  const xKind = axisKind(normaliseType(x.type))
  const points: ChartPoint[] = []
  for (const record of records) {
    const yValue = parseNumber(record[y.id])
    const raw = record[x.id]
    if (yValue === null || raw === null || raw === undefined || raw === '') continue
    const xValue =
      xKind === 'number'
        ? parseNumber(raw)
        : xKind === 'time'
          ? typeof raw === 'string'
            ? (readWallClock(raw)?.utcMillis ?? null)
            : null
          : typeof raw === 'string'
            ? raw
            : JSON.stringify(raw)
    if (xValue === null) continue
    points.push({ x: xValue, y: yValue })
  }
  // lines and bars read from left to right in the order of their axis
  if (xKind !== 'category') points.sort((a, b) => (a.x as number) - (b.x as number))
  return points
}

/** What a line over time draws: each record shown, or every matching record summed up by a calendar part. */
export type ChartOver = 'shown' | DatePart

const YEAR_MS = 365.25 * 24 * 3600 * 1000

/**
 * At first, a line over time of a view with more matching records than it shows draws every one of
 * them (the first records alone would draw only the start of the series), by a period that gives a
 * readable line for the span the records shown cover: months up to 10 years, quarters up to 40,
 * else years (800 years by month would be 9,600 points).
 * @param shownTimes the records shown, as times (UTC milliseconds), in order
 * @param shown how many records are shown
 */
export function defaultOver(
  xKind: AxisKind,
  shownTimes: readonly number[],
  shown: number,
  total: number | undefined,
): ChartOver {
  if (xKind !== 'time' || total === undefined || total <= shown) return 'shown'
  const years = shownTimes.length > 1 ? (shownTimes.at(-1)! - shownTimes[0]!) / YEAR_MS : 0
  return years <= 10 ? 'month' : years <= 40 ? 'quarter' : 'year'
}

/** The summary a line over every matching record draws: y's total or average by a calendar part of x. */
export function overSummary(x: string, y: string, part: DatePart, figure: 'sum' | 'avg'): SummarySpec {
  return { groups: [{ field: x, by: part }], measures: [{ kind: figure, field: y }] }
}

/** The line's points from a summary: one per period with a value, in time order. */
export function summaryPoints(snapshot: SummarySnapshot, spec: SummarySpec): ChartPoint[] {
  const grouping = spec.groups[0]
  const measure = spec.measures[0]
  if (!grouping || !measure) return []
  const points: ChartPoint[] = []
  for (const group of snapshot.groups) {
    const time = groupTime(decodeKey(group.key[0]!), grouping)
    const value = measureValue(group, measure, snapshot.measured)
    if (time !== null && value !== null) points.push({ x: time, y: value })
  }
  return points.sort((a, b) => (a.x as number) - (b.x as number))
}
