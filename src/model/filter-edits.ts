// Edits of the `filters` map. Insertion order is display order (chips, summary), so a changed
// column keeps its place. Keys are field names from the data: set as own properties, never by
// assignment, so a column called `__proto__` is just a column.
import type { FilterScalar } from '../api/ckan/types'

type Filters = Record<string, FilterScalar[]>

function define(target: Filters, key: string, value: FilterScalar[]): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** `values` for `field`, in place if the column is already filtered, else last; empty removes it. */
export function setFilterValues(filters: Readonly<Filters>, field: string, values: FilterScalar[]): Filters {
  const next: Filters = {}
  let placed = false
  for (const [key, existing] of Object.entries(filters)) {
    if (key !== field) define(next, key, existing)
    else if (values.length > 0) {
      define(next, key, values)
      placed = true
    }
  }
  if (!placed && values.length > 0) define(next, field, values)
  return next
}

export function removeFilter(filters: Readonly<Filters>, field: string): Filters {
  return setFilterValues(filters, field, [])
}
