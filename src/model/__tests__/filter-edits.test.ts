import { describe, expect, it } from 'vitest'
import { removeFilter, setFilterValues } from '../filter-edits'

describe('filter edits', () => {
  const filters = { country: ['DE'], year: [2013] }

  it('changes a column in place and adds a new one last', () => {
    expect(Object.entries(setFilterValues(filters, 'country', ['DE', 'UK']))).toEqual([
      ['country', ['DE', 'UK']],
      ['year', [2013]],
    ])
    expect(Object.keys(setFilterValues(filters, 'city', ['Bonn']))).toEqual(['country', 'year', 'city'])
  })

  it('removes a column when no value is left, and leaves the input alone', () => {
    expect(setFilterValues(filters, 'country', [])).toEqual({ year: [2013] })
    expect(removeFilter(filters, 'year')).toEqual({ country: ['DE'] })
    expect(filters).toEqual({ country: ['DE'], year: [2013] })
  })

  it('treats a column named __proto__ as data', () => {
    const next = setFilterValues({}, '__proto__', ['x'])
    expect(Object.keys(next)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype)
  })
})
