// Ranges of days as conditions, and back: what "between two dates", "on or after", "on or before"
// mean on a date column and on a timestamp column. A date column keeps both days (`gte`, `lte`); a
// timestamp column runs from the first day's midnight to before the midnight after the last day
// (`gte D1`, `lt D2+1`), so "on or before 31 March" keeps all of 31 March. The filter dialog and the
// column overviews build ranges through here; the chips read them back (features/filters).
import type { Bound, RangeCondition } from './filters'

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?)?$/

/** `YYYY-MM-DD` when `value` is a day or that day's midnight; null otherwise. */
export function dateOnly(value: string): string | null {
  const match = DAY.exec(value.trim())
  if (!match) return null
  const day = `${match[1]}-${match[2]}-${match[3]}`
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
    new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
    ? null
    : day
}

/** The day `days` after (or before) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Whether a column family holds dates with a time of day (its days end at the next midnight). */
export type DayFamily = 'date' | 'timestamp'

/** A range of whole days on a column: from `from`, to `to` (either open), both days included. */
export function dayRange(field: string, family: DayFamily, from?: string, to?: string): RangeCondition {
  const condition: RangeCondition = { kind: 'range', field }
  if (from) condition.lower = { value: from, inclusive: true }
  if (to)
    condition.upper =
      family === 'timestamp' ? { value: addDays(to, 1), inclusive: false } : { value: to, inclusive: true }
  return condition
}

/** The days a bound keeps, as the dialog's date inputs show them (a time of day is dropped). */
function boundDay(bound: Bound | undefined, side: 'lower' | 'upper', family: DayFamily): string | undefined {
  if (!bound || typeof bound.value !== 'string') return undefined
  const day = dateOnly(bound.value) ?? dateOnly(bound.value.slice(0, 10))
  if (!day) return undefined
  if (side === 'lower') return bound.inclusive || family === 'timestamp' ? day : addDays(day, 1)
  if (family === 'timestamp') return bound.inclusive ? day : addDays(day, -1)
  return bound.inclusive ? day : addDays(day, -1)
}

/** The first and last days a range keeps (the inverse of dayRange). */
export function rangeDays(condition: RangeCondition, family: DayFamily): { from?: string; to?: string } {
  const days: { from?: string; to?: string } = {}
  const from = boundDay(condition.lower, 'lower', family)
  const to = boundDay(condition.upper, 'upper', family)
  if (from) days.from = from
  if (to) days.to = to
  return days
}
