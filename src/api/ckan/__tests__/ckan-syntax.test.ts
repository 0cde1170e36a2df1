import { describe, expect, it } from 'vitest'

import { formatNameList, formatSort, parseNameList, parseSort } from '../ckan-syntax'

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
