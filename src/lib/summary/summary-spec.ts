// What a summary is: how records are grouped (by one column, and optionally a second) and which
// figures each group gets. Plain data: it travels in the URL, to the worker, and into query keys.

/** The calendar parts a date or timestamp groups by. */
export type DatePart = 'day' | 'month' | 'quarter' | 'year'
export const DATE_PARTS: readonly DatePart[] = ['day', 'month', 'quarter', 'year']

/** How one column groups records: by its values, a date by a calendar part, a number by even ranges. */
export type Grouping =
  | { field: string; by: 'value' }
  | { field: string; by: DatePart }
  /** [k × width, (k + 1) × width) for every whole k. */
  | { field: string; by: 'range'; width: number }

export type FieldMeasureKind = 'sum' | 'avg' | 'min' | 'max'
export const FIELD_MEASURE_KINDS: readonly FieldMeasureKind[] = ['sum', 'avg', 'min', 'max']

/** A figure per group: its number of records, or the total, average, smallest or largest of a number column. */
export type Measure = { kind: 'count' } | { kind: FieldMeasureKind; field: string }

export interface SummarySpec {
  /** One or two groupings: the second splits each group of the first. */
  groups: Grouping[]
  /** At least one. */
  measures: Measure[]
}

export const COUNT: Measure = { kind: 'count' }

export function sameMeasure(a: Measure, b: Measure): boolean {
  return a.kind === b.kind && (a.kind === 'count' || (b.kind !== 'count' && a.field === b.field))
}

/** The number columns whose values the figures need, each once, in the order of the figures. */
export function measuredFields(spec: SummarySpec): string[] {
  const fields: string[] = []
  for (const measure of spec.measures) {
    if (measure.kind !== 'count' && !fields.includes(measure.field)) fields.push(measure.field)
  }
  return fields
}

/** The columns a summary reads from every record, each once: its groups', then its figures'. */
export function summaryFields(spec: SummarySpec): string[] {
  const fields = spec.groups.map((group) => group.field)
  for (const field of measuredFields(spec)) if (!fields.includes(field)) fields.push(field)
  return fields
}
