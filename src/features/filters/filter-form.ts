// The filter dialog's choices, pure: which conditions a column offers (by its family in the type
// registry), what a condition looks like in the form, and the condition the form makes.
import type { FilterScalar } from '../../api/ckan/types'
import type { FilterInputKind } from '../../lib/ckan-types'
import type { Bound, FilterCondition, RangeCondition } from '../../model/filters'
import { dayRange, rangeDays } from '../../model/ranges'
import { readTypedNumber, type NumberProblem } from './typed-criterion'

/** "is any of" and the ranges: numbers get all, dates the three a calendar says, the rest "any of". */
export type Operator = 'any' | 'between' | 'atLeast' | 'atMost' | 'moreThan' | 'lessThan'

const NUMBER_OPERATORS: readonly Operator[] = ['any', 'between', 'atLeast', 'atMost', 'moreThan', 'lessThan']
const DATE_OPERATORS: readonly Operator[] = ['any', 'between', 'atLeast', 'atMost']
const VALUE_OPERATORS: readonly Operator[] = ['any']

export function operatorsFor(kind: FilterInputKind): readonly Operator[] {
  if (kind === 'number') return NUMBER_OPERATORS
  if (kind === 'date' || kind === 'timestamp') return DATE_OPERATORS
  return VALUE_OPERATORS
}

/** What the range part of the form holds: the two boxes, and the ends' inclusion kept from a link. */
export interface RangeForm {
  operator: Operator
  from: string
  to: string
  /** Whether a kept end includes its value (a link's `gt`): the form keeps it while the box is unchanged. */
  fromInclusive: boolean
  toInclusive: boolean
}

export const EMPTY_RANGE: RangeForm = {
  operator: 'any',
  from: '',
  to: '',
  fromInclusive: true,
  toInclusive: true,
}

function boundText(bound: Bound | undefined): string {
  return bound === undefined ? '' : String(bound.value)
}

/** The form for a condition being changed (a range: its operator and ends; values: "any of"). */
export function rangeForm(condition: FilterCondition | undefined, kind: FilterInputKind): RangeForm {
  if (condition?.kind !== 'range') return EMPTY_RANGE
  const { lower, upper } = condition
  if (kind === 'date' || kind === 'timestamp') {
    const days = rangeDays(condition, kind)
    return {
      ...EMPTY_RANGE,
      operator: days.from && days.to ? 'between' : days.from ? 'atLeast' : 'atMost',
      from: days.from ?? '',
      to: days.to ?? '',
    }
  }
  const operator: Operator =
    lower && upper
      ? 'between'
      : lower
        ? lower.inclusive
          ? 'atLeast'
          : 'moreThan'
        : upper?.inclusive
          ? 'atMost'
          : 'lessThan'
  return {
    operator,
    from: boundText(lower),
    to: boundText(upper),
    fromInclusive: lower?.inclusive ?? true,
    toInclusive: upper?.inclusive ?? true,
  }
}

/** Which boxes an operator shows: the lower end, the upper end, or both. */
export function rangeEnds(operator: Operator): { from: boolean; to: boolean } {
  return {
    from: operator === 'between' || operator === 'atLeast' || operator === 'moreThan',
    to: operator === 'between' || operator === 'atMost' || operator === 'lessThan',
  }
}

export type RangeProblem = NumberProblem | 'date' | 'needValue'

/**
 * The range condition the form says, or what is wrong with it and in which box. Numbers are read in
 * the reader's language; dates are whole days (model/ranges.ts).
 */
export function rangeCondition(
  field: string,
  kind: FilterInputKind,
  form: RangeForm,
  locale: string,
): { ok: true; condition: RangeCondition } | { ok: false; problem: RangeProblem; box: 'from' | 'to' } {
  const ends = rangeEnds(form.operator)
  if (kind === 'date' || kind === 'timestamp') {
    const day = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : null)
    const from = ends.from ? day(form.from) : null
    const to = ends.to ? day(form.to) : null
    if (ends.from && from === null)
      return { ok: false, problem: form.from.trim() === '' ? 'needValue' : 'date', box: 'from' }
    if (ends.to && to === null)
      return { ok: false, problem: form.to.trim() === '' ? 'needValue' : 'date', box: 'to' }
    if (from && to && from > to) return { ok: false, problem: 'order', box: 'to' }
    return { ok: true, condition: dayRange(field, kind, from ?? undefined, to ?? undefined) }
  }
  const read = (text: string, box: 'from' | 'to') => {
    const number = readTypedNumber(text, locale)
    return number.ok
      ? ({ ok: true, value: number.value } as const)
      : ({ ok: false, problem: number.problem === 'empty' ? 'needValue' : number.problem, box } as const)
  }
  const condition: RangeCondition = { kind: 'range', field }
  let lowerValue: FilterScalar | undefined
  if (ends.from) {
    const from = read(form.from, 'from')
    if (!from.ok) return from
    lowerValue = from.value
    const inclusive = form.operator === 'between' ? form.fromInclusive : form.operator === 'atLeast'
    condition.lower = { value: from.value, inclusive }
  }
  if (ends.to) {
    const to = read(form.to, 'to')
    if (!to.ok) return to
    if (lowerValue !== undefined && Number(lowerValue) > Number(to.value))
      return { ok: false, problem: 'order', box: 'to' }
    const inclusive = form.operator === 'between' ? form.toInclusive : form.operator === 'atMost'
    condition.upper = { value: to.value, inclusive }
  }
  return { ok: true, condition }
}
