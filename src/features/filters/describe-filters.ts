// Filters in words: one clause per condition ("Country is DE or UK", "elevation from 1,000 to
// 5,000", "date on or after Mar 1, 2014"), and the sentence they make together. Values are shown as
// the table shows them (by column type, in the interface language); word lists come from
// Intl.ListFormat. A pasted filter the dialog cannot build is said from its CKAN 2.12 tree.
import { parseFilterTree, type FilterNode } from '../../api/ckan/filter-tree'
import { isFilterScalar, type FilterJson } from '../../api/ckan/filters'
import type { CkanField, FilterScalar } from '../../api/ckan/types'
import type { FilterChipsMessages } from '../../i18n/catalogues/filter-chips'
import type { Translate } from '../../i18n/translate'
import { normaliseType } from '../../lib/ckan-types'
import { isCodeColumnName } from '../../lib/code-columns'
import { CODE_COLUMN, formatCell, type CellLocale } from '../../lib/format'
import { fieldLabel } from '../../model/fields'
import type { Bound, FilterCondition } from '../../model/filters'
import { addDays, dateOnly } from '../../model/ranges'

export interface DescribeContext {
  fields: readonly CkanField[]
  locale: CellLocale
  t: Translate<FilterChipsMessages>
  /** How an empty text value reads ("(empty)"). */
  emptyText: string
}

/** A filter value as the table shows it (a code of column `id` ungrouped); an empty text visibly so. */
export function filterValueText(
  value: FilterScalar,
  type: string,
  locale: CellLocale,
  emptyText: string,
  id?: string,
): string {
  const cell = formatCell(
    value,
    type,
    locale,
    id !== undefined && isCodeColumnName(id) ? CODE_COLUMN : undefined,
  )
  return cell.kind === 'empty' ? emptyText : cell.text
}

function typeOf(context: DescribeContext, field: string): string {
  return context.fields.find((candidate) => candidate.id === field)?.type ?? 'text'
}

function label(context: DescribeContext, field: string): string {
  return fieldLabel(
    context.fields.find((candidate) => candidate.id === field),
    field,
  )
}

function valuesClause(context: DescribeContext, field: string, values: readonly FilterScalar[]): string {
  const type = typeOf(context, field)
  const texts = values.map((value) => filterValueText(value, type, context.locale, context.emptyText, field))
  return context.t('filters.clause', {
    field: label(context, field),
    values: context.locale.formats.list(texts, 'disjunction'),
  })
}

/**
 * A range's words without the column name: "from 1,000 to 5,000", "on or after Mar 1, 2014". On a
 * timestamp column a bound at midnight reads as a day where it means one: `gte D` is "on or after D",
 * `lt D+1` is "on or before D"; the other two show their time.
 */
export function rangePhrase(
  context: DescribeContext,
  field: string,
  lower: Bound | undefined,
  upper: Bound | undefined,
): string {
  const type = typeOf(context, field)
  const family = normaliseType(type)
  const dates = family === 'date' || family === 'timestamp'
  const { t, locale } = context
  const show = (value: FilterScalar) => filterValueText(value, type, locale, context.emptyText, field)
  // a day's words for a timestamp bound at midnight, where the bound means that day
  const day = (bound: Bound, side: 'lower' | 'upper'): string | null => {
    if (family !== 'timestamp' || typeof bound.value !== 'string') return null
    const date = dateOnly(bound.value)
    if (date === null) return null
    if (side === 'lower' && bound.inclusive) return show(date)
    if (side === 'upper' && !bound.inclusive) return show(addDays(date, -1))
    return null
  }
  // a midnight that does not mean its day: its time is said (00:00)
  const exact = (bound: Bound): string => {
    if (family !== 'timestamp' || typeof bound.value !== 'string') return show(bound.value)
    const date = dateOnly(bound.value)
    return date === null
      ? show(bound.value)
      : locale.formats.date('minutes').format(Date.parse(`${date}T00:00:00Z`))
  }
  const lowerDay = lower && day(lower, 'lower')
  const upperDay = upper && day(upper, 'upper')
  if (lower && upper) {
    const wholeDays = dates && (family === 'date' ? lower.inclusive && upper.inclusive : lowerDay && upperDay)
    if (wholeDays)
      return t('filters.betweenDates', {
        from: lowerDay ?? show(lower.value),
        to: upperDay ?? show(upper.value),
      })
    if (!dates && lower.inclusive && upper.inclusive)
      return t('filters.between', { from: show(lower.value), to: show(upper.value) })
    return locale.formats.list(
      [rangePhrase(context, field, lower, undefined), rangePhrase(context, field, undefined, upper)],
      'conjunction',
    )
  }
  if (lower) {
    if (lowerDay) return t('filters.onOrAfter', { value: lowerDay })
    const value = exact(lower)
    if (dates) return t(lower.inclusive ? 'filters.onOrAfter' : 'filters.after', { value })
    return t(lower.inclusive ? 'filters.atLeast' : 'filters.moreThan', { value })
  }
  if (upper) {
    if (upperDay) return t('filters.onOrBefore', { value: upperDay })
    const value = exact(upper)
    if (dates) return t(upper.inclusive ? 'filters.onOrBefore' : 'filters.before', { value })
    return t(upper.inclusive ? 'filters.atMost' : 'filters.lessThan', { value })
  }
  return ''
}

function rangeClause(context: DescribeContext, field: string, lower?: Bound, upper?: Bound): string {
  return context.t('filters.range', {
    field: label(context, field),
    range: rangePhrase(context, field, lower, upper),
  })
}

const BOUNDS: Readonly<Record<string, { side: 'lower' | 'upper'; inclusive: boolean }>> = {
  gt: { side: 'lower', inclusive: false },
  gte: { side: 'lower', inclusive: true },
  lt: { side: 'upper', inclusive: false },
  lte: { side: 'upper', inclusive: true },
}

function jsonText(value: FilterJson): string {
  return JSON.stringify(value) ?? 'null'
}

function nodeWords(context: DescribeContext, node: FilterNode, nested: boolean): string {
  if ('members' in node) {
    const parts = node.members.map((member) => nodeWords(context, member, true))
    const words =
      node.op === '$or'
        ? context.t('filters.either', { options: context.locale.formats.list(parts, 'disjunction') })
        : context.locale.formats.list(parts, 'conjunction')
    return nested ? context.t('filters.group', { clause: words }) : words
  }
  const { field, op, value } = node
  if ((op === 'eq' || op === 'in') && (op === 'eq' ? isFilterScalar(value) : Array.isArray(value))) {
    const values = op === 'eq' ? [value] : (value as FilterJson[])
    if (values.length === 0) return context.t('filters.noValue', { field: label(context, field) })
    if (values.every(isFilterScalar)) return valuesClause(context, field, values)
  }
  const bound = BOUNDS[op]
  if (bound && isFilterScalar(value)) {
    const end: Bound = { value, inclusive: bound.inclusive }
    return bound.side === 'lower'
      ? rangeClause(context, field, end)
      : rangeClause(context, field, undefined, end)
  }
  return context.t('filters.unknownOperator', {
    field: label(context, field),
    operator: op,
    value: jsonText(value),
  })
}

/** One condition in words: the text of its chip. */
export function describeCondition(condition: FilterCondition, context: DescribeContext): string {
  switch (condition.kind) {
    case 'values':
      return valuesClause(context, condition.field, condition.values)
    case 'range':
      return rangeClause(context, condition.field, condition.lower, condition.upper)
    case 'other': {
      const { node, errors } = parseFilterTree(condition.filters)
      return node && errors.length === 0
        ? nodeWords(context, node, false)
        : context.t('filters.asSent', { json: jsonText(condition.filters) })
    }
  }
}

/** Every condition, as one sentence: "country is DE or UK and year is 2013". Empty without any. */
export function describeFilters(conditions: readonly FilterCondition[], context: DescribeContext): string {
  return context.locale.formats.list(
    conditions.map((condition) => describeCondition(condition, context)).filter((text) => text !== ''),
    'conjunction',
  )
}
