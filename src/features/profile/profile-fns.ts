// What a sample of a column's records says: empty values, mean and median, a histogram, the most
// frequent values. Pure, so that every figure of the profile panel is tested here.
import type { CkanRecord, FilterScalar } from '../../api/ckan/types'
import { intlLocale } from '../../i18n/locale-formats'
import {
  isNumericType,
  isTemporalType,
  parseBool,
  parseNumber,
  readWallClock,
  type NormalisedType,
} from '../../lib/ckan-types'
import type { RangeCondition } from '../../model/filters'
import { dayRange } from '../../model/ranges'

export interface Bin {
  from: number
  to: number
  count: number
}

export interface TopValue {
  /** The value as the portal sent it (a filter on it matches it); null when it cannot be filtered on. */
  value: FilterScalar | null
  /** The text it is counted under. */
  key: string
  count: number
}

export interface SampleSummary {
  /** Records read. */
  count: number
  /** Records with no value (null, or empty text). */
  empty: number
  mean?: number
  median?: number
  /** Numbers, or dates as UTC milliseconds. */
  bins?: Bin[]
  top: TopValue[]
}

export function isNumberFamily(family: NormalisedType): boolean {
  return isNumericType(family)
}

export function isDateFamily(family: NormalisedType): boolean {
  return isTemporalType(family)
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === ''
}

/** Equal-width bins between the smallest and largest value (Sturges' count, at most `maxBins`). */
export function histogram(values: readonly number[], maxBins = 12): Bin[] {
  if (values.length === 0) return []
  let min = Infinity
  let max = -Infinity
  for (const value of values) {
    if (value < min) min = value
    if (value > max) max = value
  }
  if (min === max) return [{ from: min, to: max, count: values.length }]
  const binCount = Math.min(maxBins, Math.max(2, Math.ceil(Math.log2(values.length) + 1)))
  const width = (max - min) / binCount
  const bins: Bin[] = Array.from({ length: binCount }, (_, i) => ({
    from: min + i * width,
    to: i === binCount - 1 ? max : min + (i + 1) * width,
    count: 0,
  }))
  for (const value of values) {
    // the largest value belongs to the last bin, which includes its upper edge
    const index = Math.min(binCount - 1, Math.floor((value - min) / width))
    bins[index]!.count++
  }
  return bins
}

function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function topValues(values: readonly unknown[], family: NormalisedType, limit: number): TopValue[] {
  const counts = new Map<string, TopValue>()
  for (const raw of values) {
    if (isEmpty(raw)) continue
    const truth = family === 'bool' ? parseBool(raw) : null
    const key = truth !== null ? String(truth) : typeof raw === 'string' ? raw : JSON.stringify(raw)
    const filterable = typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
    const entry = counts.get(key)
    if (entry) entry.count++
    else counts.set(key, { value: filterable ? raw : null, key, count: 1 })
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)).slice(0, limit)
}

/** The profile of one column read from `records` (a sample, or every matching record). */
export function summarizeSample(
  records: readonly CkanRecord[],
  field: string,
  family: NormalisedType,
  topLimit = 10,
): SampleSummary {
  const values = records.map((record) => record[field])
  const empty = values.filter(isEmpty).length
  const summary: SampleSummary = { count: values.length, empty, top: [] }
  if (isNumberFamily(family)) {
    const numbers = values.map(parseNumber).filter((value): value is number => value !== null)
    if (numbers.length > 0) {
      numbers.sort((a, b) => a - b)
      summary.mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length
      summary.median = median(numbers)
      summary.bins = histogram(numbers)
    }
    return summary
  }
  if (isDateFamily(family)) {
    const times = values
      .map((value) => (typeof value === 'string' ? readWallClock(value)?.utcMillis : undefined))
      .filter((value): value is number => value !== undefined)
    summary.bins = histogram(times)
    return summary
  }
  summary.top = topValues(values, family, topLimit)
  return summary
}

/** The bin holding the most values (the first of equals). */
export function fullestBin(bins: readonly Bin[]): Bin | undefined {
  return bins.reduce<Bin | undefined>(
    (best, bin) => (!best || bin.count > best.count ? bin : best),
    undefined,
  )
}

/**
 * The heights (0–1, against the tallest) of a column's overview bars: its histogram's bins, or its
 * most frequent values; none when the sample holds no value.
 */
export function stripBars(summary: SampleSummary): number[] {
  const counts = summary.bins?.length
    ? summary.bins.map((bin) => bin.count)
    : summary.top.map((top) => top.count)
  const most = Math.max(0, ...counts)
  return most > 0 ? counts.map((count) => count / most) : []
}

/** `part` of `whole` as a percentage in the interface language ("5%", "5 %"); 0 of nothing is 0. */
export function formatShare(
  locale: string,
  part: number,
  whole: number,
  maximumFractionDigits: number,
): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits }).format(
    whole > 0 ? part / whole : 0,
  )
}

// ---------------------------------------------------------------- a range from bars

/** Decimals that keep a range's ends readable for this spread (no "2,916,911,891.583333"). */
export function edgeDecimals(spread: number): number {
  return spread >= 100 ? 0 : spread >= 1 ? 1 : 3
}

const DAY_MS = 86_400_000

function dayOf(millis: number): string {
  return new Date(millis).toISOString().slice(0, 10)
}

/**
 * The filter that keeps the values of bins `first` to `last` (either order) of a histogram: what a
 * drag across its bars, or one bar chosen, means. A bin holds values from its start up to its end,
 * the last one its end included. Integers keep whole numbers ("from 1,000 to 1,999"), other numbers
 * rounded ends, dates whole days; a timestamp range of less than two days keeps its exact times.
 */
export function binsCondition(
  field: string,
  family: NormalisedType,
  bins: readonly Bin[],
  first: number,
  last: number,
): RangeCondition | null {
  const [a, b] = first <= last ? [first, last] : [last, first]
  const start = bins[a]
  const end = bins[b]
  if (!start || !end) return null
  const throughLast = b === bins.length - 1
  const spread = bins.at(-1)!.to - bins[0]!.from
  if (family === 'date' || (family === 'timestamp' && end.to - start.from >= 2 * DAY_MS)) {
    // a value on or after `from` is on or after the first day that starts at or after it
    const from = dayOf(Math.ceil(start.from / DAY_MS) * DAY_MS)
    const to = throughLast ? dayOf(end.to) : dayOf(Math.ceil(end.to / DAY_MS) * DAY_MS - DAY_MS)
    return dayRange(field, family, from, to < from ? from : to)
  }
  if (family === 'timestamp') {
    const iso = (millis: number) => new Date(millis).toISOString().slice(0, 19)
    return {
      kind: 'range',
      field,
      lower: { value: iso(start.from), inclusive: true },
      upper: { value: iso(end.to), inclusive: throughLast },
    }
  }
  if (!isNumberFamily(family)) return null
  if (family === 'int') {
    const lower = Math.ceil(start.from)
    const upper = throughLast ? Math.floor(end.to) : Math.ceil(end.to) - 1
    return {
      kind: 'range',
      field,
      lower: { value: lower, inclusive: true },
      upper: { value: Math.max(lower, upper), inclusive: true },
    }
  }
  const factor = 10 ** edgeDecimals(spread)
  const round = (value: number) => Math.round(value * factor) / factor
  return {
    kind: 'range',
    field,
    lower: { value: round(start.from), inclusive: true },
    upper: { value: round(end.to), inclusive: throughLast },
  }
}

/** The bar under a pointer at `x` in a row of `count` equal bars spanning `left`..`left + width`. */
export function barAt(x: number, left: number, width: number, count: number, rightToLeft: boolean): number {
  const share = width > 0 ? (x - left) / width : 0
  const index = Math.min(count - 1, Math.max(0, Math.floor(share * count)))
  return rightToLeft ? count - 1 - index : index
}
