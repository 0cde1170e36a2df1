import { describe, expect, it } from 'vitest'
import {
  countValues,
  distinctValues,
  filterInputKind,
  parseFilterValue,
  suggestionValue,
  toggleValue,
} from './filter-values'

describe('filterInputKind', () => {
  it('maps CKAN and PostgreSQL type names to an input', () => {
    expect(filterInputKind('int4')).toBe('number')
    expect(filterInputKind('numeric')).toBe('number')
    expect(filterInputKind('float8')).toBe('number')
    expect(filterInputKind('date')).toBe('date')
    expect(filterInputKind('timestamp')).toBe('timestamp')
    expect(filterInputKind('bool')).toBe('bool')
    expect(filterInputKind('text')).toBe('text')
    expect(filterInputKind('_text')).toBe('text')
    expect(filterInputKind('something-new')).toBe('text')
  })
})

describe('parseFilterValue', () => {
  it('reads numbers for number fields and refuses other text', () => {
    expect(parseFilterValue(' 2013 ', 'number')).toEqual({ ok: true, value: 2013 })
    expect(parseFilterValue('-0.5', 'number')).toEqual({ ok: true, value: -0.5 })
    expect(parseFilterValue('1e3', 'number')).toEqual({ ok: true, value: 1000 })
    expect(parseFilterValue('12abc', 'number')).toEqual({ ok: false, problem: 'number' })
    expect(parseFilterValue('Infinity', 'number')).toEqual({ ok: false, problem: 'number' })
    expect(parseFilterValue('3,5', 'number', 'fr')).toEqual({ ok: true, value: 3.5 })
    expect(parseFilterValue('3,5', 'number', 'en')).toEqual({ ok: false, problem: 'separator' })
    expect(parseFilterValue('', 'number')).toEqual({ ok: false, problem: 'empty' })
  })

  it('keeps integers too large for JavaScript as exact digits', () => {
    expect(parseFilterValue('123456789012345678901', 'number')).toEqual({
      ok: true,
      value: '123456789012345678901',
    })
  })

  it('accepts only real ISO dates for date fields', () => {
    expect(parseFilterValue('2012-02-29', 'date')).toEqual({ ok: true, value: '2012-02-29' })
    expect(parseFilterValue('2013-02-29', 'date')).toEqual({ ok: false, problem: 'date' })
    expect(parseFilterValue('29/02/2012', 'date')).toEqual({ ok: false, problem: 'date' })
  })

  it('accepts a date or a date and time for timestamp fields', () => {
    expect(parseFilterValue('2012-01-01', 'timestamp')).toEqual({ ok: true, value: '2012-01-01' })
    expect(parseFilterValue('2012-01-01 10:30', 'timestamp')).toEqual({ ok: true, value: '2012-01-01T10:30' })
    expect(parseFilterValue('2012-13-01T00:00', 'timestamp')).toEqual({ ok: false, problem: 'date' })
  })

  it('reads true/false for boolean fields', () => {
    expect(parseFilterValue('true', 'bool')).toEqual({ ok: true, value: true })
    expect(parseFilterValue('False', 'bool')).toEqual({ ok: true, value: false })
    expect(parseFilterValue('maybe', 'bool')).toEqual({ ok: false, problem: 'bool' })
  })

  it('keeps text exactly as typed, spaces included', () => {
    expect(parseFilterValue(' New York ', 'text')).toEqual({ ok: true, value: ' New York ' })
    expect(parseFilterValue('   ', 'text')).toEqual({ ok: false, problem: 'empty' })
  })
})

describe('value lists', () => {
  it('toggles values, treating 2013 and "2013" as the same', () => {
    expect(toggleValue(['DE'], 'UK')).toEqual(['DE', 'UK'])
    expect(toggleValue(['DE', 'UK'], 'DE')).toEqual(['UK'])
    expect(toggleValue([2013], '2013')).toEqual([])
  })

  it('offers only values a filter can hold', () => {
    expect(suggestionValue('x')).toBe('x')
    expect(suggestionValue(3)).toBe(3)
    expect(suggestionValue(null)).toBeNull()
    expect(suggestionValue({ a: 1 })).toBeNull()
  })

  it('counts the records per value of a column', () => {
    const counts = countValues([{ c: 'DE' }, { c: 'UK' }, { c: 'DE' }, { c: null }, {}], 'c')
    expect([...counts]).toEqual([
      ['DE', 2],
      ['UK', 1],
    ])
  })
})

describe('distinctValues', () => {
  it('lists each value once, sorted naturally, and says when the list was cut', () => {
    const records = [
      { c: 'item 10' },
      { c: 'item 2' },
      { c: 'Item 2' },
      { c: 'item 2' },
      { c: null },
      { c: 'b' },
    ]
    expect(distinctValues(records, 'c', 10)).toEqual({
      values: ['b', 'item 2', 'Item 2', 'item 10'],
      truncated: false,
    })
    expect(distinctValues(records, 'c', 2)).toEqual({ values: ['b', 'item 2'], truncated: true })
    expect(distinctValues([{ n: 10 }, { n: 9 }, { n: 10 }], 'n', 5).values).toEqual([9, 10])
  })
})
