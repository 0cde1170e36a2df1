// Which group a record's value falls in. A key is a short string (cheap to hash in a Map): `v` and
// the group's value, `e` for an empty value (its own group, named as such), `x` for a value that
// does not read as its column's type (a date that is no date), `o` for the values beyond the most
// groups kept. Values come as the dump's CSV writes them (text, null for empty) or as
// datastore_search sends them (numbers, booleans); both give the same key. Pure.
import { normaliseType, parseBool, parseIsoDateLike, parseNumber } from '../ckan-types'
import type { DatePart, Grouping } from './summary-spec'

export const EMPTY_KEY = 'e'
export const UNREADABLE_KEY = 'x'
export const OTHER_KEY = 'o'

export type GroupKey =
  { kind: 'value'; value: string } | { kind: 'empty' } | { kind: 'unreadable' } | { kind: 'other' }

export function decodeKey(part: string): GroupKey {
  if (part.charCodeAt(0) === 118) return { kind: 'value', value: part.slice(1) }
  if (part === EMPTY_KEY) return { kind: 'empty' }
  if (part === OTHER_KEY) return { kind: 'other' }
  return { kind: 'unreadable' }
}

const ISO_START = /^(\d{4})-(\d{2})-(\d{2})/

/** `2013-05-03…` → `2013-05-03`, `2013-05`, `2013-Q2` or `2013`; null when it is not an ISO date. */
export function datePartOf(text: string, part: DatePart): string | null {
  const match = ISO_START.exec(text)
  if (!match) return null
  const month = Number(match[2])
  if (month < 1 || month > 12) return null
  if (part === 'year') return match[1]!
  if (part === 'quarter') return `${match[1]}-Q${Math.ceil(month / 3)}`
  if (part === 'month') return `${match[1]}-${match[2]}`
  return match[0]
}

/** The whole k of the range [k × width, (k + 1) × width) that holds `value` (exact at the edges). */
export function rangeIndex(value: number, width: number): number {
  let index = Math.floor(value / width)
  // a division can land a hair off (0.3 / 0.1 is 2.9999999999999996): the edges are the ones shown
  if (rangeStart(index + 1, width) <= value) index++
  else if (rangeStart(index, width) > value) index--
  return index
}

/** Where a range group starts, written without a float's noise (0.30000000000000004 → 0.3). */
export function rangeStart(index: number, width: number): number {
  return Number((index * width).toPrecision(12))
}

function isEmpty(raw: unknown): boolean {
  return raw === null || raw === undefined || raw === ''
}

function valueText(raw: unknown): string {
  return typeof raw === 'string' ? raw : JSON.stringify(raw)
}

/** The function that gives a record's value its group's key, for a column of this CKAN type. */
export function groupKeyFunction(grouping: Grouping, type: string): (raw: unknown) => string {
  const family = normaliseType(type)
  const by = grouping.by
  if (by === 'range') {
    const width = grouping.width
    return (raw) => {
      if (isEmpty(raw)) return EMPTY_KEY
      const number = parseNumber(raw)
      return number === null || !Number.isFinite(number) ? UNREADABLE_KEY : `v${rangeIndex(number, width)}`
    }
  }
  if (by !== 'value') {
    return (raw) => {
      if (isEmpty(raw)) return EMPTY_KEY
      const part = typeof raw === 'string' ? datePartOf(raw.trimStart(), by) : null
      return part === null ? UNREADABLE_KEY : `v${part}`
    }
  }
  if (family === 'int' || family === 'float' || family === 'numeric') {
    // `1.50` and 1.5 are one value
    return (raw) => {
      if (isEmpty(raw)) return EMPTY_KEY
      const number = parseNumber(raw)
      return number === null ? UNREADABLE_KEY : `v${number}`
    }
  }
  if (family === 'date' || family === 'timestamp') {
    // the dump writes `2013-05-03 12:00:00`, datastore_search `2013-05-03T12:00:00`: one value
    return (raw) => {
      if (isEmpty(raw)) return EMPTY_KEY
      const text = parseIsoDateLike(raw)
      return text === null ? UNREADABLE_KEY : `v${text}`
    }
  }
  if (family === 'bool') {
    return (raw) => {
      if (isEmpty(raw)) return EMPTY_KEY
      const truth = parseBool(raw)
      return truth === null ? UNREADABLE_KEY : truth ? 'vtrue' : 'vfalse'
    }
  }
  return (raw) => (isEmpty(raw) ? EMPTY_KEY : `v${valueText(raw)}`)
}

/** Where a time group starts, as UTC milliseconds (a line's X); null for other groups. */
export function groupTime(key: GroupKey, grouping: Grouping): number | null {
  if (key.kind !== 'value' || grouping.by === 'value' || grouping.by === 'range') return null
  const year = Number(key.value.slice(0, 4))
  const month =
    grouping.by === 'quarter'
      ? (Number(key.value.slice(-1)) - 1) * 3
      : grouping.by === 'year'
        ? 0
        : Number(key.value.slice(5, 7)) - 1
  const day = grouping.by === 'day' ? Number(key.value.slice(8, 10)) : 1
  const time = Date.UTC(year, month, day)
  return Number.isNaN(time) ? null : time
}

/** What a group of a date part or of ranges holds: from `from` (in) to `to` (out). */
export type GroupSpan = { from: string; to: string } | { from: number; to: number }

const MONTHS_OF: Record<Exclude<DatePart, 'day'>, number> = { month: 1, quarter: 3, year: 12 }

/**
 * The values a group covers, for a grouping whose groups are spans: a day, month, quarter or year as
 * its first day and the first day after it (`YYYY-MM-DD`), a range as its two edges. null for a
 * grouping by value and for the empty, unreadable and "other" groups.
 */
export function groupSpan(key: GroupKey, grouping: Grouping): GroupSpan | null {
  if (key.kind !== 'value' || grouping.by === 'value') return null
  if (grouping.by === 'range') {
    const index = Number(key.value)
    if (!Number.isInteger(index)) return null
    return { from: rangeStart(index, grouping.width), to: rangeStart(index + 1, grouping.width) }
  }
  const start = groupTime(key, grouping)
  if (start === null) return null
  const end = new Date(start)
  if (grouping.by === 'day') end.setUTCDate(end.getUTCDate() + 1)
  else end.setUTCMonth(end.getUTCMonth() + MONTHS_OF[grouping.by])
  const day = (time: number) => new Date(time).toISOString().slice(0, 10)
  return { from: day(start), to: day(end.getTime()) }
}
