// The view's filters: a list of conditions that must all hold, one chip each, in display order.
//
//   values  "country is DE or UK"          {"country": ["DE", "UK"]}
//   range   "elevation from 1,000 to 5,000" {"elevation": {"gte": 1000, "lte": 5000}}
//   other   a pasted form the dialog cannot build ($or across columns, a top-level list, an
//           operator it does not offer): kept as CKAN 2.12 JSON, applied, and shown in words
//
// They travel as CKAN 2.12's `filters` JSON (api/ckan/filters.ts): read tolerantly (2.9–2.11 links,
// `{"eq": v}`, `{"in": [...]}`, `$and`, `$$` names) and written canonically, so that equal views give
// equal links. A column with two conditions is written once at its key and again inside `$and`:
// `{"elevation": {"gte": 1000}, "$and": [{"elevation": {"lt": 5000}}]}`, which reads back the same.
import {
  entry,
  fieldOfKey,
  isFilterScalar,
  isOperatorKey,
  isPlainFilterObject,
  keyOfField,
  setOwn,
  type CkanFilters,
  type FilterJson,
} from '../api/ckan/filters'
import type { FilterScalar } from '../api/ckan/types'

/** One end of a range: the value, and whether the value itself is in (`gte`/`lte`) or not (`gt`/`lt`). */
export interface Bound {
  value: FilterScalar
  inclusive: boolean
}

export type FilterCondition =
  /** The column equals any of these values (CKAN: a value or a list). */
  | { kind: 'values'; field: string; values: FilterScalar[] }
  /** The column lies between its bounds (one of them may be open). */
  | { kind: 'range'; field: string; lower?: Bound; upper?: Bound }
  /** A part of a pasted filter the dialog cannot build, in CKAN 2.12 syntax. */
  | { kind: 'other'; filters: CkanFilters }

export type ValuesCondition = Extract<FilterCondition, { kind: 'values' }>
export type RangeCondition = Extract<FilterCondition, { kind: 'range' }>

/** Why a link's filters could not be read at all (a part that could not be read is kept as `other`). */
export type FiltersProblem = 'bad-json' | 'not-object'

const RANGE_KEYS = ['gt', 'gte', 'lt', 'lte'] as const
type RangeKey = (typeof RANGE_KEYS)[number]

function isRangeKey(key: string): key is RangeKey {
  return (RANGE_KEYS as readonly string[]).includes(key)
}

function dedupe(values: readonly FilterScalar[]): FilterScalar[] {
  const seen = new Set<string>()
  return values.filter((value) => {
    const key = `${typeof value}:${String(value)}`
    return !seen.has(key) && !!seen.add(key)
  })
}

/**
 * One field's value as conditions (in the order of its keys), or null when the dialog's conditions
 * cannot say it (then it is kept as `other`).
 */
function fieldConditions(field: string, value: FilterJson): FilterCondition[] | null {
  if (isFilterScalar(value)) return [{ kind: 'values', field, values: [value] }]
  if (Array.isArray(value)) {
    return value.length > 0 && value.every(isFilterScalar)
      ? [{ kind: 'values', field, values: dedupe(value) }]
      : null
  }
  if (!isPlainFilterObject(value)) return null
  const keys = Object.keys(value)
  if (keys.length === 0) return null
  const conditions: FilterCondition[] = []
  let range: RangeCondition | null = null
  let values: ValuesCondition | null = null
  for (const key of keys) {
    const operand = value[key]!
    if (key === 'eq' || key === 'in') {
      const list = key === 'eq' ? [operand] : operand
      if (values || !Array.isArray(list) || list.length === 0 || !list.every(isFilterScalar)) return null
      values = { kind: 'values', field, values: dedupe(list) }
      conditions.push(values)
    } else if (isRangeKey(key)) {
      if (!isFilterScalar(operand)) return null
      if (!range) {
        range = { kind: 'range', field }
        conditions.push(range)
      }
      const side = key.startsWith('g') ? 'lower' : 'upper'
      // two bounds on one side (`gt` and `gte`): not something the dialog says
      if (range[side]) return null
      range[side] = { value: operand, inclusive: key.endsWith('e') }
    } else return null
  }
  return conditions
}

/** The conditions a filters dict holds (fields and `$and` members ANDed), in its order. */
function dictConditions(dict: CkanFilters): FilterCondition[] {
  const conditions: FilterCondition[] = []
  for (const [key, value] of Object.entries(dict)) {
    if (key === '$and' && Array.isArray(value) && value.length > 0 && value.every(isPlainFilterObject)) {
      for (const member of value) conditions.push(...dictConditions(member))
    } else if (isOperatorKey(key)) {
      conditions.push({ kind: 'other', filters: entry(key, value) })
    } else {
      conditions.push(
        ...(fieldConditions(fieldOfKey(key), value) ?? [{ kind: 'other', filters: entry(key, value) }]),
      )
    }
  }
  return conditions
}

/**
 * CKAN `filters` (JSON text or a parsed value) as conditions: a dict, or a top-level list (OR of
 * dicts, kept as `{"$or": [...]}`). Never throws; `problem` says why nothing could be read.
 */
export function readFilters(input: unknown): { conditions: FilterCondition[]; problem?: FiltersProblem } {
  let value = input
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return { conditions: [], problem: 'bad-json' }
    }
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { conditions: [] }
    if (!value.every(isPlainFilterObject)) return { conditions: [], problem: 'not-object' }
    if (value.length === 1) return { conditions: dictConditions(value[0] as CkanFilters) }
    return { conditions: [{ kind: 'other', filters: entry('$or', value) }] }
  }
  if (!isPlainFilterObject(value)) return { conditions: [], problem: 'not-object' }
  return { conditions: dictConditions(value as CkanFilters) }
}

function conditionJson(condition: ValuesCondition | RangeCondition): FilterJson | null {
  if (condition.kind === 'values') {
    if (condition.values.length === 0) return null
    return condition.values.length === 1 ? condition.values[0]! : [...condition.values]
  }
  const object: CkanFilters = {}
  if (condition.lower) object[condition.lower.inclusive ? 'gte' : 'gt'] = condition.lower.value
  if (condition.upper) object[condition.upper.inclusive ? 'lte' : 'lt'] = condition.upper.value
  return Object.keys(object).length > 0 ? object : null
}

/** One condition as a CKAN 2.12 filters dict, or null when it holds nothing (no value, no bound). */
export function conditionFilters(condition: FilterCondition): CkanFilters | null {
  if (condition.kind === 'other') return Object.keys(condition.filters).length > 0 ? condition.filters : null
  const json = conditionJson(condition)
  return json === null ? null : entry(keyOfField(condition.field), json)
}

/**
 * The canonical CKAN 2.12 `filters` of the conditions, or null for none: a value alone, a list for
 * several, `{"gte": a, "lte": b}` for a range. From the first condition whose key is taken already
 * (a second condition on a column), that one and every later one go into `$and`, in order, so the
 * link reads back as the same conditions in the same order.
 */
export function writeFilters(conditions: readonly FilterCondition[]): CkanFilters | null {
  const top: CkanFilters = {}
  const and: CkanFilters[] = []
  for (const condition of conditions) {
    const fragment = conditionFilters(condition)
    if (!fragment) continue
    const keys = Object.keys(fragment)
    if (and.length === 0 && !keys.includes('$and') && !keys.some((key) => Object.hasOwn(top, key))) {
      for (const key of keys) setOwn(top, key, fragment[key]!)
    } else and.push(fragment)
  }
  if (and.length > 0) top.$and = and
  return Object.keys(top).length > 0 ? top : null
}

/** The field a condition is about (null for `other`, which may name several). */
export function conditionField(condition: FilterCondition): string | null {
  return condition.kind === 'other' ? null : condition.field
}

/** Whether the condition holds anything (a chip to show). */
export function isActive(condition: FilterCondition): boolean {
  return conditionFilters(condition) !== null
}
