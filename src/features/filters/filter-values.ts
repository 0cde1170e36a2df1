// Turning what a user typed or picked into a CKAN filter value of the right type. CKAN compares
// with SQL equality, so a number column needs a number (or its digits) and a date column an ISO date.
import type { CkanRecord, FilterScalar } from '../../api/ckan/types'
import { ckanType, type FilterInputKind } from '../../lib/ckan-types'
import { readTypedNumber } from './typed-criterion'

export type { FilterInputKind }

/** The input that fits a CKAN field type; unknown types are text (CKAN's own fallback). */
export function filterInputKind(type: string): FilterInputKind {
  return ckanType(type).filterInput
}

export type ParsedValue =
  | { ok: true; value: FilterScalar }
  | { ok: false; problem: 'empty' | 'number' | 'separator' | 'date' | 'bool' }

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?$/

function isRealDate(text: string): boolean {
  const match = ISO_DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Parses one typed value for a field of the given input kind (a number as `locale` writes it). */
export function parseFilterValue(raw: string, kind: FilterInputKind, locale = 'en'): ParsedValue {
  const text = kind === 'text' ? raw : raw.trim()
  if (text.trim() === '') return { ok: false, problem: 'empty' }
  switch (kind) {
    case 'number': {
      const number = readTypedNumber(text, locale)
      return number.ok
        ? number
        : { ok: false, problem: number.problem === 'separator' ? 'separator' : 'number' }
    }
    case 'date':
      return isRealDate(text) ? { ok: true, value: text } : { ok: false, problem: 'date' }
    case 'timestamp': {
      const match = ISO_TIMESTAMP.exec(text)
      if (!match?.[1] || !isRealDate(match[1])) return { ok: false, problem: 'date' }
      return { ok: true, value: text.replace(' ', 'T') }
    }
    case 'bool':
      if (/^(true|yes|1)$/i.test(text)) return { ok: true, value: true }
      if (/^(false|no|0)$/i.test(text)) return { ok: true, value: false }
      return { ok: false, problem: 'bool' }
    case 'text':
      return { ok: true, value: text }
  }
}

/** A value offered as a suggestion, as a filter value (null and objects cannot be filtered on). */
export function suggestionValue(value: unknown): FilterScalar | null {
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number' && Number.isFinite(value)) return value
  return null
}

/** Values are the same filter value when they are equal as text: 2013 and "2013" select the same rows. */
export function sameValue(a: FilterScalar, b: FilterScalar): boolean {
  return String(a) === String(b)
}

export function toggleValue(values: readonly FilterScalar[], value: FilterScalar): FilterScalar[] {
  return values.some((existing) => sameValue(existing, value))
    ? values.filter((existing) => !sameValue(existing, value))
    : [...values, value]
}

/** How many records hold each value of `field` (for suggestion counts on small tables). */
export function countValues(records: readonly CkanRecord[], field: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const record of records) {
    const value = suggestionValue(record[field])
    if (value === null) continue
    const key = String(value)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/** Orders values for a pick list: numbers numerically, text alphabetically ("item 2" before "item 10"). */
export function compareValues(a: FilterScalar, b: FilterScalar): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

/** The distinct filterable values of `field` in `records`, sorted, at most `max` of them. */
export function distinctValues(
  records: readonly CkanRecord[],
  field: string,
  max: number,
): { values: FilterScalar[]; truncated: boolean } {
  const seen = new Map<string, FilterScalar>()
  for (const record of records) {
    const value = suggestionValue(record[field])
    if (value !== null && !seen.has(String(value))) seen.set(String(value), value)
  }
  const values = [...seen.values()].sort(compareValues)
  return { values: values.slice(0, max), truncated: values.length > max }
}
