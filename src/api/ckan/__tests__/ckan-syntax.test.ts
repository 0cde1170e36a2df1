import { describe, expect, it } from 'vitest'

import {
  formatNameList,
  formatSort,
  formatSortClauses,
  isInternalColumn,
  isRankColumn,
  parseNameList,
  parseSort,
  readSortParameters,
  resourceIdParameter,
} from '../ckan-syntax'

describe('parseSort', () => {
  it('reads CKAN sort syntax', () => {
    expect(parseSort('year desc, "country name"')).toEqual([
      { field: 'year', desc: true },
      { field: 'country name', desc: false },
    ])
    expect(parseSort('a ASC,b DESC')).toEqual([
      { field: 'a', desc: false },
      { field: 'b', desc: true },
    ])
    expect(parseSort('the year')).toEqual([{ field: 'the year', desc: false }])
    expect(parseSort('a desc nulls last')).toEqual([{ field: 'a', desc: true }])
    expect(parseSort('"a, b" desc')).toEqual([{ field: 'a, b', desc: true }])
    expect(parseSort('')).toEqual([])
    expect(parseSort('   ')).toEqual([])
  })

  it('refuses unreadable text', () => {
    expect(parseSort('"open')).toBeNull()
    expect(parseSort('a,,b')).toBeNull()
    expect(parseSort('"" desc')).toBeNull()
    expect(parseSort('"a" sideways')).toBeNull()
  })
})

describe('formatSort', () => {
  it('quotes names that are not plain words', () => {
    expect(
      formatSort([
        { field: 'year', desc: true },
        { field: 'country name', desc: false },
      ]),
    ).toBe('year desc, "country name"')
    expect(formatSort([{ field: '_id', desc: false }])).toBe('_id')
    expect(formatSort([{ field: 'price desc', desc: false }])).toBe('"price desc"')
    expect(formatSort([{ field: 'שם_ישוב', desc: false }])).toBe('שם_ישוב')
  })

  it('adds `nulls last` to descending clauses for requests only, and reads it back', () => {
    const keys = [
      { field: 'the year', desc: true },
      { field: 'name', desc: false },
    ]
    expect(formatSortClauses(keys, { nullsLast: true })).toEqual(['"the year" desc nulls last', 'name'])
    // `_id` is never empty: its index read backwards serves `_id desc`, not `_id desc nulls last`
    expect(formatSortClauses([{ field: '_id', desc: true }], { nullsLast: true })).toEqual(['_id desc'])
    expect(formatSort(keys)).toBe('"the year" desc, name')
    expect(parseSort(formatSortClauses(keys, { nullsLast: true }).join(', '))).toEqual(keys)
  })

  it('round-trips any name, including commas and quotes', () => {
    const names = [
      'a',
      'a b',
      'a,b',
      'x desc',
      ' lead',
      'trail ',
      'a"b',
      '"',
      '%&=#',
      'bük',
      '__proto__',
      'rank from',
    ]
    for (const name of names) {
      for (const desc of [false, true]) {
        expect(parseSort(formatSort([{ field: name, desc }]))).toEqual([{ field: name, desc }])
      }
    }
  })
})

describe('name lists', () => {
  it('round-trips names with commas and quotes', () => {
    const names = ['_id', 'a,b', 'the year', 'a"b', '[x]', '']
    expect(parseNameList(formatNameList(names))).toEqual(names)
    expect(formatNameList(['a', 'b c'])).toBe('a,"b c"')
  })

  it('reads CKAN fields syntax and refuses stray quotes', () => {
    expect(parseNameList('a, b ,"c, d"')).toEqual(['a', 'b', 'c, d'])
    expect(parseNameList('a"b')).toBeNull()
    expect(parseNameList('"a" b')).toBeNull()
  })
})

describe('columns that are not data', () => {
  it('knows CKAN internal columns and search score columns, not look-alikes', () => {
    expect(isInternalColumn('_full_text')).toBe(true)
    expect(isInternalColumn('_full_count')).toBe(true)
    expect(isInternalColumn('_id')).toBe(false)
    expect(isRankColumn('rank')).toBe(true)
    expect(isRankColumn('rank name')).toBe(true)
    expect(isRankColumn('ranking')).toBe(false)
  })
})

describe('resourceIdParameter', () => {
  it('takes a non-empty id over resource_id, as CKAN does', () => {
    expect(resourceIdParameter(new URLSearchParams('resource_id=a&id=b'))).toBe('b')
    expect(resourceIdParameter(new URLSearchParams('id=%20&resource_id=%20a%20'))).toBe('a')
    expect(resourceIdParameter(new URLSearchParams('q=x'))).toBeUndefined()
  })
})

describe('readSortParameters', () => {
  it('joins repeated sort parameters, keeps a field once, and tells absent from unreadable', () => {
    expect(readSortParameters(new URLSearchParams('sort=year desc&sort=country, year'))).toEqual([
      { field: 'year', desc: true },
      { field: 'country', desc: false },
    ])
    expect(readSortParameters(new URLSearchParams('sort=%20&q=x'))).toBeUndefined()
    expect(readSortParameters(new URLSearchParams('sort=year&sort="open'))).toBeNull()
  })
})
