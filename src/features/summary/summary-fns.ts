// The Summary tab's rules: which summary a view gets (the reader's choice, checked against the
// table's columns, else the first choices), how each group is named, which groups can become a
// filter, and the summary as a CSV file. Pure.
import type { CkanField, CkanRecord, FilterScalar } from '../../api/ckan/types'
import { normaliseType, parseNumber } from '../../lib/ckan-types'
import { csvValue } from '../../lib/csv'
import { groupSpan, rangeStart, type GroupKey } from '../../lib/summary/group-keys'
import {
  defaultGrouping,
  defaultSummary,
  groupableFields,
  isDateField,
  isNumberField,
  measurableFields,
} from '../../lib/summary/summary-defaults'
import type { SummaryRow } from '../../lib/summary/summary-rows'
import type { FilterCondition } from '../../model/filters'
import { addDays, dayRange } from '../../model/ranges'
import {
  COUNT,
  DATE_PARTS,
  type DatePart,
  type Grouping,
  type Measure,
  type SummarySpec,
} from '../../lib/summary/summary-spec'

export type How = 'value' | DatePart | 'range'

/** The ways a column can group: a date by value or calendar part, a number by value or ranges. */
export function howOptions(field: CkanField): How[] {
  if (isDateField(field)) return [...DATE_PARTS, 'value']
  if (isNumberField(field)) return ['value', 'range']
  return ['value']
}

/** A grouping of `field` by `how`, keeping the width it had (else one from the sample). */
export function groupingFor(
  field: CkanField,
  how: How,
  sample: readonly CkanRecord[],
  previous?: Grouping,
): Grouping {
  if (how !== 'range') return { field: field.id, by: how }
  if (previous?.by === 'range' && previous.field === field.id) return previous
  const first = defaultGrouping(field, sample)
  return first.by === 'range' ? first : { field: field.id, by: 'range', width: 1 }
}

export interface ResolvedSummary {
  spec: SummarySpec
  /** Columns the reader's (or the link's) summary named that the table does not have. */
  missing: string[]
}

/**
 * The summary to run: the chosen groupings and figures whose columns the table has (a grouping
 * that does not fit its column's type groups as that column does at first), else the first
 * choices; null when nothing can be grouped.
 */
export function resolveSummary(
  chosen: { groups: readonly Grouping[]; measures: readonly Measure[] },
  fields: readonly CkanField[],
  sample: readonly CkanRecord[],
): ResolvedSummary | null {
  const missing: string[] = []
  const groupable = groupableFields(fields)
  const groups: Grouping[] = []
  for (const grouping of chosen.groups) {
    const field = groupable.find((candidate) => candidate.id === grouping.field)
    if (!field) {
      missing.push(grouping.field)
      continue
    }
    groups.push(howOptions(field).includes(grouping.by) ? grouping : defaultGrouping(field, sample))
  }
  const measurable = measurableFields(fields)
  const measures: Measure[] = []
  for (const measure of chosen.measures) {
    if (measure.kind === 'count' || measurable.some((field) => field.id === measure.field))
      measures.push(measure)
    else if (!missing.includes(measure.field)) missing.push(measure.field)
  }
  const first = groups.length > 0 ? null : defaultSummary(fields, sample)
  if (groups.length === 0 && !first) return null
  return {
    spec: { groups: first ? first.groups : groups, measures: measures.length > 0 ? measures : [COUNT] },
    missing,
  }
}

/** Whether a grouping's keys are numbers (a range's index, a number column by value). */
export function isNumericGrouping(grouping: Grouping, field: CkanField | undefined): boolean {
  return grouping.by === 'range' || (grouping.by === 'value' && !!field && isNumberField(field))
}

/** What a label needs of the language: numbers, dates and the words of the special groups. */
export interface GroupWords {
  number(value: number): string
  /** A date or timestamp value, as the table shows it. */
  date(text: string, type: string): string
  /** `2013-05` → "May 2013"; `2013` → "2013". */
  month(year: number, month: number): string
  quarter(year: number, quarter: number): string
  range(from: string, to: string): string
  empty: string
  other: string
  unreadable: string
  yes: string
  no: string
}

/** A group's name, as the table and the chart say it. */
export function groupLabel(key: GroupKey, grouping: Grouping, type: string, words: GroupWords): string {
  if (key.kind === 'empty') return words.empty
  if (key.kind === 'other') return words.other
  if (key.kind === 'unreadable') return words.unreadable
  const value = key.value
  if (grouping.by === 'range') {
    const index = Number(value)
    return words.range(
      words.number(rangeStart(index, grouping.width)),
      words.number(rangeStart(index + 1, grouping.width)),
    )
  }
  if (grouping.by === 'year') return value
  if (grouping.by === 'quarter') return words.quarter(Number(value.slice(0, 4)), Number(value.slice(-1)))
  if (grouping.by === 'month') return words.month(Number(value.slice(0, 4)), Number(value.slice(5, 7)))
  if (grouping.by === 'day') return words.date(value, 'date')
  const family = normaliseType(type)
  if (family === 'bool') return value === 'true' ? words.yes : words.no
  if (family === 'date' || family === 'timestamp') return words.date(value, type)
  if (family === 'int' || family === 'float' || family === 'numeric') return words.number(Number(value))
  return value
}

/**
 * The filter conditions that show a group's records, one per grouping: its value (a text, a number,
 * yes or no, a date's day) or, for a group that spans values, the range it covers (a month, quarter
 * or year of a date, as the days it holds; a timestamp's day; a range of numbers, its start in and
 * its end out). null when a grouping's group is not one a filter can select: the empty, unreadable
 * and "other" values, or a timestamp's exact instant.
 */
export function groupConditions(
  row: Pick<SummaryRow, 'keys'>,
  spec: SummarySpec,
  fields: readonly CkanField[],
): FilterCondition[] | null {
  const conditions: FilterCondition[] = []
  for (const [index, grouping] of spec.groups.entries()) {
    const key = row.keys[index]
    const field = fields.find((candidate) => candidate.id === grouping.field)
    if (!key || key.kind !== 'value' || !field) return null
    const family = normaliseType(field.type)
    const span = groupSpan(key, grouping)
    if (span && typeof span.from === 'string' && (family === 'date' || family === 'timestamp')) {
      // as the filter dialog writes days: a date keeps its last day, a timestamp ends before the next midnight
      if (family === 'date' && grouping.by === 'day') conditions.push(valuesOf(field.id, span.from))
      else conditions.push(dayRange(field.id, family, span.from, addDays(span.to as string, -1)))
    } else if (span && typeof span.from === 'number') {
      conditions.push({
        kind: 'range',
        field: field.id,
        lower: { value: span.from, inclusive: true },
        upper: { value: span.to, inclusive: false },
      })
    } else if (grouping.by !== 'value' || family === 'timestamp') return null
    else if (family === 'bool') conditions.push(valuesOf(field.id, key.value === 'true'))
    else if (family === 'int' || family === 'float' || family === 'numeric') {
      const number = parseNumber(key.value)
      if (number === null) return null
      conditions.push(valuesOf(field.id, number))
    } else conditions.push(valuesOf(field.id, key.value))
  }
  return conditions
}

function valuesOf(field: string, value: FilterScalar): FilterCondition {
  return { kind: 'values', field, values: [value] }
}

/**
 * A figure as shown: whole numbers exactly (a total of populations has every digit), others to two
 * decimals, or three significant digits below 1.
 */
export function roundFigure(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value)) return value
  return Math.abs(value) >= 1 ? Math.round(value * 100) / 100 : Number(value.toPrecision(3))
}

/** The summary as CSV: a header, then one line per group, numbers unformatted. */
export function summaryCsv(
  header: readonly string[],
  lines: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...lines].map((line) => `${line.map((value) => csvValue(value)).join(',')}\n`).join('')
}

/** A group's raw keys for the CSV: the value (a range's start), empty for the special groups. */
export function groupRawValue(key: GroupKey, grouping: Grouping): string | number | null {
  if (key.kind !== 'value') return null
  if (grouping.by === 'range') return rangeStart(Number(key.value), grouping.width)
  return key.value
}
