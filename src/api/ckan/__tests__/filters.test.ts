import { describe, expect, it } from 'vitest'
import { parseFilterTree, unknownOperation } from '../filter-tree'
import { andFilters, needsOperators, splitForOldPortal } from '../filters'

describe('parseFilterTree (CKAN 2.12’s FiltersParser)', () => {
  const fields = new Set(['num', 'name', 'd', '$AUD'])

  it('reads values, lists, operators and their combinations as 2.12 does', () => {
    expect(parseFilterTree({ num: 5 }).node).toEqual({ op: 'eq', field: 'num', value: 5 })
    expect(parseFilterTree({ num: [1, 2] }).node).toEqual({ op: 'in', field: 'num', value: [1, 2] })
    expect(parseFilterTree({ num: { gte: 1, lte: 5 } }).node).toEqual({
      op: '$and',
      members: [
        { op: 'gte', field: 'num', value: 1 },
        { op: 'lte', field: 'num', value: 5 },
      ],
    })
    // a list mixing values and operator objects: OR of each object, then `in` of the plain values
    expect(parseFilterTree({ num: [7, { lte: 1 }, { gte: 10 }] }).node).toEqual({
      op: '$or',
      members: [
        { op: 'lte', field: 'num', value: 1 },
        { op: 'gte', field: 'num', value: 10 },
        { op: 'in', field: 'num', value: [7] },
      ],
    })
    // the top-level $and is only its members, and nested groups of the same kind merge
    expect(parseFilterTree({ name: 'x', $and: [{ num: 1 }, { $and: [{ d: '2014-01-01' }] }] }).node).toEqual({
      op: '$and',
      members: [
        { op: 'eq', field: 'name', value: 'x' },
        { op: 'eq', field: 'num', value: 1 },
        { op: 'eq', field: 'd', value: '2014-01-01' },
      ],
    })
  })

  it('reads a top-level list and $or as OR, and $$ as an escaped $', () => {
    const or = {
      op: '$or',
      members: [
        { op: 'eq', field: 'num', value: 1 },
        { op: 'eq', field: 'name', value: 'x' },
      ],
    }
    expect(parseFilterTree([{ num: 1 }, { name: 'x' }]).node).toEqual(or)
    expect(parseFilterTree({ $or: [{ num: 1 }, { name: 'x' }] }).node).toEqual(or)
    expect(parseFilterTree('{"$$AUD": 100}', fields).node).toEqual({ op: 'eq', field: '$AUD', value: 100 })
  })

  it('says what is wrong in CKAN 2.12’s words', () => {
    expect(parseFilterTree({ nope: { gt: 1 }, other: 1 }, fields).errors).toEqual([
      'Unknown field: nope',
      'Unknown field: other',
    ])
    expect(parseFilterTree({ $not: [{ num: 1 }] }, fields).errors).toEqual([
      'Unknown operators (must be one of $or, $and): $not',
    ])
    expect(parseFilterTree(5).errors).toEqual(['Filters must be defined as a dict or a list of dicts'])
    expect(parseFilterTree('{').errors).toEqual(['Cannot parse JSON'])
    expect(parseFilterTree({ num: {} }).errors).toHaveLength(1)
    expect(unknownOperation(parseFilterTree({ num: { ne: 3 } }).node!)).toBe(
      'Unknown filter operation: num ne',
    )
    expect(unknownOperation(parseFilterTree({ num: { gt: 3 } }).node!)).toBeNull()
  })

  it('applies CKAN 2.12’s limits: 9 nested levels pass, 10 fail; 100 operations pass, 101 fail', () => {
    const nest = (levels: number) => {
      let filter: Record<string, unknown> = { num: 1 }
      for (let level = 0; level < levels; level++) filter = { $or: [filter] }
      return filter
    }
    expect(parseFilterTree(nest(9)).errors).toEqual([])
    expect(parseFilterTree(nest(10)).errors).toEqual(['Maximum nesting depth for filter operations reached'])
    const objects = (count: number) => ({ num: Array.from({ length: count }, (_, i) => ({ gt: i })) })
    expect(parseFilterTree(objects(99)).errors).toEqual([])
    expect(parseFilterTree(objects(100)).errors).toEqual(['Maximum number of filter operations exceeded'])
  })

  it('is no filter for nothing', () => {
    expect(parseFilterTree({})).toEqual({ node: null, errors: [] })
    expect(parseFilterTree([])).toEqual({ node: null, errors: [] })
    expect(parseFilterTree(undefined)).toEqual({ node: null, errors: [] })
  })
})

describe('splitForOldPortal', () => {
  it('sends values and lists to the portal, and keeps the rest for the browser', () => {
    expect(
      splitForOldPortal({ state: 'IL', city: ['A', 'B'], lat: { gt: 40 }, $or: [{ a: 1 }, { b: 2 }] }),
    ).toEqual({
      portal: { state: 'IL', city: ['A', 'B'] },
      browser: { lat: { gt: 40 }, $or: [{ a: 1 }, { b: 2 }] },
    })
  })

  it('writes 2.12’s eq and in in the old form', () => {
    expect(splitForOldPortal({ a: { eq: 1 }, b: { in: [1, 2] } })).toEqual({
      portal: { a: 1, b: [1, 2] },
      browser: null,
    })
  })

  it('leaves a $$ name to the browser: an old portal reads it as the name itself', () => {
    expect(splitForOldPortal({ $$AUD: 1 })).toEqual({ portal: null, browser: { $$AUD: 1 } })
    expect(needsOperators({ $$AUD: 1 })).toBe(true)
  })

  it('says whether filters need CKAN 2.12', () => {
    expect(needsOperators({ a: 1, b: ['x', 'y'] })).toBe(false)
    expect(needsOperators({ a: { gte: 1 } })).toBe(true)
    expect(needsOperators({ a: [] })).toBe(true)
    expect(needsOperators(null)).toBe(false)
  })

  it('keeps a column called __proto__ as data', () => {
    const { portal } = splitForOldPortal(JSON.parse('{"__proto__": "x"}'))
    expect(Object.keys(portal!)).toEqual(['__proto__'])
  })
})

describe('andFilters', () => {
  it('merges keys, and puts a second condition on the same key into $and', () => {
    expect(andFilters({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 })
    expect(andFilters({ a: { gte: 1 } }, { a: [3] }, { a: { lte: 5 } })).toEqual({
      a: { gte: 1 },
      $and: [{ a: [3] }, { a: { lte: 5 } }],
    })
    expect(andFilters({ $and: [{ a: 1 }] }, { $and: [{ b: 2 }] })).toEqual({ $and: [{ a: 1 }, { b: 2 }] })
    expect(andFilters(null, undefined)).toBeNull()
  })

  it('means what it says to CKAN 2.12', () => {
    const combined = andFilters({ a: { gte: 1 } }, { a: { lte: 5 } })
    expect(parseFilterTree(combined).node).toEqual({
      op: '$and',
      members: [
        { op: 'gte', field: 'a', value: 1 },
        { op: 'lte', field: 'a', value: 5 },
      ],
    })
  })
})
