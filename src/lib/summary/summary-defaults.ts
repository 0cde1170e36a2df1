// The first summary a table gets, and the first way each column groups, chosen from its columns'
// types and a sample of its records (the column overviews' first matching records): a text column
// with few values and the number of records; else a date by month; a number in about ten even
// ranges, or by value when it has few. Pure.
import { isInternalColumn, isRankColumn } from '../../api/ckan/ckan-syntax'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { normaliseType, parseNumber, type NormalisedType } from '../ckan-types'
import { COUNT, type Grouping, type SummarySpec } from './summary-spec'

/** A text column with at most this many values in the sample reads well as groups. */
export const FEW_VALUES = 30
/** A whole-number column with at most this many values in the sample groups by value. */
export const FEW_NUMBERS = 50
/** About how many ranges a number column is cut into at first. */
export const RANGES = 10

const NUMBER_FAMILIES: ReadonlySet<NormalisedType> = new Set(['int', 'float', 'numeric'])

export function isNumberField(field: CkanField): boolean {
  return NUMBER_FAMILIES.has(normaliseType(field.type))
}

export function isDateField(field: CkanField): boolean {
  const family = normaliseType(field.type)
  return family === 'date' || family === 'timestamp'
}

function isDataColumn(field: CkanField): boolean {
  return field.id !== '_id' && !isInternalColumn(field.id) && !isRankColumn(field.id)
}

/** Columns records can be grouped by: not lists or JSON objects. */
export function groupableFields(fields: readonly CkanField[]): CkanField[] {
  return fields.filter((field) => {
    const family = normaliseType(field.type)
    return isDataColumn(field) && family !== 'json' && family !== 'array'
  })
}

/** Columns a total, average, smallest or largest can be taken of. */
export function measurableFields(fields: readonly CkanField[]): CkanField[] {
  return fields.filter((field) => isDataColumn(field) && isNumberField(field))
}

/** The smallest of 1, 2 or 5 times a power of ten that cuts `span` into at most `count` ranges. */
export function niceWidth(span: number, count = RANGES): number {
  if (!Number.isFinite(span) || span <= 0) return 1
  const raw = span / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const width = [1, 2, 5, 10]
    .map((factor) => factor * power)
    .find((candidate) => candidate >= raw * (1 - 1e-12))!
  return Number(width.toPrecision(12))
}

function distinctValues(sample: readonly CkanRecord[], id: string): Set<unknown> {
  const values = new Set<unknown>()
  for (const record of sample) {
    const value = record[id]
    if (value !== null && value !== undefined && value !== '') values.add(value)
  }
  return values
}

/** How a column groups at first. */
export function defaultGrouping(field: CkanField, sample: readonly CkanRecord[] = []): Grouping {
  if (isDateField(field)) return { field: field.id, by: 'month' }
  if (!isNumberField(field)) return { field: field.id, by: 'value' }
  const numbers = [...distinctValues(sample, field.id)].map(parseNumber).filter((n) => n !== null)
  if (numbers.length === 0) return { field: field.id, by: 'value' }
  if (numbers.length <= FEW_NUMBERS && numbers.every((n) => Number.isInteger(n)))
    return { field: field.id, by: 'value' }
  let min = Infinity
  let max = -Infinity
  for (const n of numbers) {
    if (n < min) min = n
    if (n > max) max = n
  }
  return { field: field.id, by: 'range', width: niceWidth(max - min) }
}

/**
 * The first summary: the first text or yes/no column with few values in the sample, else the first
 * date by month, else the first text column, else a number column; with the number of records.
 */
export function defaultSummary(
  fields: readonly CkanField[],
  sample: readonly CkanRecord[] = [],
): SummarySpec | null {
  const groupable = groupableFields(fields)
  const categories = groupable.filter((field) => !isNumberField(field) && !isDateField(field))
  const few = categories.find((field) => {
    const count = distinctValues(sample, field.id).size
    return count > 0 && count <= FEW_VALUES
  })
  const field = few ?? groupable.find(isDateField) ?? categories[0] ?? groupable[0]
  if (!field) return null
  return { groups: [defaultGrouping(field, sample)], measures: [COUNT] }
}
