import { describe, expect, it } from 'vitest'
import { removeFiltersOn, replaceCondition, setFilterValues } from '../filter-edits'
import type { FilterCondition } from '../filters'

const country: FilterCondition = { kind: 'values', field: 'country', values: ['DE'] }
const year: FilterCondition = { kind: 'values', field: 'year', values: [2013] }
const recent: FilterCondition = { kind: 'range', field: 'year', lower: { value: 2010, inclusive: true } }
const either: FilterCondition = { kind: 'other', filters: { $or: [{ country: 'DE' }, { year: 2013 }] } }

describe('filter edits', () => {
  const filters = [country, year]

  it('changes a column’s values in place and adds a new column last', () => {
    expect(setFilterValues(filters, 'country', ['DE', 'UK'])).toEqual([
      { kind: 'values', field: 'country', values: ['DE', 'UK'] },
      year,
    ])
    expect(
      setFilterValues(filters, 'city', ['Bonn']).map(
        (condition) => condition.kind === 'values' && condition.field,
      ),
    ).toEqual(['country', 'year', 'city'])
  })

  it('removes a column’s values when none is left, and leaves the input alone', () => {
    expect(setFilterValues(filters, 'country', [])).toEqual([year])
    expect(filters).toEqual([country, year])
  })

  it('keeps a range on the same column beside its values: both hold', () => {
    expect(setFilterValues([recent], 'year', [2013])).toEqual([
      recent,
      { kind: 'values', field: 'year', values: [2013] },
    ])
  })

  it('replaces, removes or adds one condition by its place', () => {
    expect(replaceCondition(filters, 1, recent)).toEqual([country, recent])
    expect(replaceCondition(filters, 0, null)).toEqual([year])
    expect(replaceCondition(filters, undefined, recent)).toEqual([country, year, recent])
    // a range with no bound holds nothing: it removes the condition rather than keep an empty chip
    expect(replaceCondition(filters, 1, { kind: 'range', field: 'year' })).toEqual([country])
  })

  it('removes every condition on a column, a pasted one that names it too', () => {
    expect(removeFiltersOn([country, year, recent], 'year')).toEqual([country])
    expect(removeFiltersOn([either, { kind: 'other', filters: { year: { ne: 1 } } }], 'year')).toEqual([
      either,
    ])
  })
})
