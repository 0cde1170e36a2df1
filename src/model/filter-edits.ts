// Edits of the view's conditions (model/filters.ts). Each returns a new list and leaves its input
// alone; list order is display order (chips, summary), so a changed condition keeps its place.
import { keyOfField } from '../api/ckan/filters'
import type { FilterScalar } from '../api/ckan/types'
import { conditionField, isActive, type FilterCondition } from './filters'

type Conditions = readonly FilterCondition[]

/**
 * `values` for `field` ("any of"): the column's values condition changed in place, or added last;
 * no value removes it. The column's range conditions stay: both must hold.
 */
export function setFilterValues(
  filters: Conditions,
  field: string,
  values: FilterScalar[],
): FilterCondition[] {
  const index = filters.findIndex((condition) => condition.kind === 'values' && condition.field === field)
  const next: FilterCondition | null =
    values.length > 0 ? { kind: 'values', field, values: [...values] } : null
  return index >= 0 ? replaceCondition(filters, index, next) : next ? [...filters, next] : [...filters]
}

/**
 * The condition at `index` replaced by `next` (removed when `next` is null or holds nothing); with
 * `index` undefined or out of range, `next` is added last.
 */
export function replaceCondition(
  filters: Conditions,
  index: number | undefined,
  next: FilterCondition | null,
): FilterCondition[] {
  const keep = next !== null && isActive(next)
  if (index === undefined || index < 0 || index >= filters.length)
    return keep ? [...filters, next] : [...filters]
  return filters.flatMap((condition, at) => (at !== index ? [condition] : keep ? [next] : []))
}

/** Every condition on `field` removed (also a pasted one that names it), as "Remove the filter on …" says. */
export function removeFiltersOn(filters: Conditions, field: string): FilterCondition[] {
  const key = keyOfField(field)
  return filters.filter((condition) =>
    condition.kind === 'other' ? !Object.hasOwn(condition.filters, key) : conditionField(condition) !== field,
  )
}
