// The view's filter edits, each one history entry: a condition put or removed (the filter dialog, the
// chips), a value picked from a cell or a summary, and a range from a column's histogram.
import { useCallback, useLayoutEffect, useRef } from 'react'
import type { FilterScalar } from '../api/ckan/types'
import { removeFiltersOn, replaceCondition, setFilterValues } from '../model/filter-edits'
import type { FilterCondition } from '../model/filters'
import type { ChangeView } from './use-explorer-state'

export interface FilterChanges {
  /** Replaces the condition at `index` (undefined: adds one; null: removes it). */
  putCondition(index: number | undefined, condition: FilterCondition | null): void
  filterOnValue(field: string, value: FilterScalar): void
  dropConditions(indices: number[]): void
  /** Removes every condition on `field`. */
  dropFilter(field: string): void
  /** Adds a range as one new chip; the same function for the life of the view. */
  filterOnRange(condition: FilterCondition): void
}

export function useFilterChanges(filters: FilterCondition[], change: ChangeView): FilterChanges {
  const putCondition = (index: number | undefined, condition: FilterCondition | null) =>
    change({ filters: replaceCondition(filters, index, condition) }, { history: 'push' })
  const filterOnValue = (field: string, value: FilterScalar) =>
    change({ filters: setFilterValues(filters, field, [value]) }, { history: 'push' })
  const dropConditions = (indices: number[]) =>
    change({ filters: filters.filter((_, index) => !indices.includes(index)) }, { history: 'push' })
  const dropFilter = (field: string) =>
    change({ filters: removeFiltersOn(filters, field) }, { history: 'push' })
  // the overviews keep one callback: a new one would draw every overview again on each render
  const latest = useRef({ filters, change })
  useLayoutEffect(() => {
    latest.current = { filters, change }
  })
  const filterOnRange = useCallback(
    (condition: FilterCondition) =>
      latest.current.change(
        { filters: replaceCondition(latest.current.filters, undefined, condition) },
        { history: 'push' },
      ),
    [],
  )
  return { putCondition, filterOnValue, dropConditions, dropFilter, filterOnRange }
}
