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
