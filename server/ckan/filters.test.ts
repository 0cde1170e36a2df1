import { describe, expect, it } from 'vitest'
import { Params, filterCondition } from './filter-sql.ts'
import {
  checkFieldOperations,
  type FilterOp,
  FilterError,
  filterOpRepr,
  MAX_FILTER_OPS_DEPTH,
  MAX_FILTER_OPS_NUM,
  parseFilters,
} from './filters.ts'
import type { FieldTypes } from './search-validate.ts'
import type { Json } from './types.ts'

const fields = new Set(['_id', 'a', 'b', 'c', '$x'])
const types: FieldTypes = new Map([
  ['_id', 'int'],
  ['a', 'int4'],
  ['b', 'text'],
  ['c', '_text'],
  ['$x', 'numeric'],
])

/** The parsed tree as plain data, for comparing. */
function plain(op: FilterOp | undefined): unknown {
  if (op === undefined) return undefined
  const value = Array.isArray(op.value) && op.field === null ? (op.value as FilterOp[]).map(plain) : op.value
  return { op: op.op, field: op.field, value }
}

const parse = (filters: Json): unknown => plain(parseFilters(filters, fields))

function messages(filters: Json): string[] {
  try {
    const parsed = parseFilters(filters, fields)
    if (parsed) checkFieldOperations(parsed)
  } catch (error) {
    if (error instanceof FilterError) return error.messages
    throw error
  }
  throw new Error('expected a FilterError')
}

function sql(filters: Json): { where: string; params: unknown[] } {
  const params = new Params()
  const parsed = parseFilters(filters, fields)
  return { where: parsed ? filterCondition(params, parsed, types) : '', params: params.values }
}

describe('parseFilters (CKAN 2.12 filters.py)', () => {
  it('a value is eq, a list is in, several keys are AND', () => {
    expect(parse({ a: 1 })).toEqual({ op: 'eq', field: 'a', value: 1 })
    expect(parse({ a: [1, 2] })).toEqual({ op: 'in', field: 'a', value: [1, 2] })
    expect(parse({ a: 1, b: 'x' })).toEqual({
      op: '$and',
      field: null,
      value: [
        { op: 'eq', field: 'a', value: 1 },
        { op: 'eq', field: 'b', value: 'x' },
      ],
    })
  })

  it('an operator object per field, several operators ANDed', () => {
    expect(parse({ a: { gte: 1, lte: 5 } })).toEqual({
      op: '$and',
      field: null,
      value: [
        { op: 'gte', field: 'a', value: 1 },
        { op: 'lte', field: 'a', value: 5 },
      ],
    })
  })

  it('a list mixing values and operator objects is an OR, the values as one "in" last', () => {
    expect(parse({ a: [1, { lte: 0 }, 3] })).toEqual({
      op: '$or',
      field: null,
      value: [
        { op: 'lte', field: 'a', value: 0 },
        { op: 'in', field: 'a', value: [1, 3] },
      ],
    })
  })

  it('merges nested operators of the same kind, and a top-level $and into the root', () => {
    expect(parse({ $or: [{ $or: [{ a: 1 }, { a: 2 }] }, { b: 'x' }] })).toEqual({
      op: '$or',
      field: null,
      value: [
        { op: 'eq', field: 'a', value: 1 },
        { op: 'eq', field: 'a', value: 2 },
        { op: 'eq', field: 'b', value: 'x' },
      ],
    })
    expect(parse({ a: 1, $and: [{ b: 'x' }, { c: 'y' }] })).toEqual({
      op: '$and',
      field: null,
      value: [
        { op: 'eq', field: 'a', value: 1 },
        { op: 'eq', field: 'b', value: 'x' },
        { op: 'eq', field: 'c', value: 'y' },
      ],
    })
  })

  it('$$ loses one $; falsy filters filter nothing', () => {
    expect(parse({ $$x: 5 })).toEqual({ op: 'eq', field: '$x', value: 5 })
    for (const nothing of [{}, [], null, 0, '']) expect(parse(nothing)).toBeUndefined()
  })

  it('collects every error in order; the limits stop at once', () => {
    expect(messages({ nope: 1, $not: [], $or: { a: 1 }, other: { gt: 1 } })).toEqual([
      'Unknown field: nope',
      'Unknown operators (must be one of $or, $and): $not',
      "Filter operations must be defined as a list of dicts: {'a': 1}",
      'Unknown field: other',
    ])
    expect(messages({ nope: 1, a: Array.from({ length: MAX_FILTER_OPS_NUM }, () => ({ gt: 1 })) })).toEqual([
      'Maximum number of filter operations exceeded',
    ])
  })

  it('counts depth as CKAN does: a top-level $or or list is level 1', () => {
    const nested = (depth: number): Json => {
      let filters: Json = { a: 1 }
      for (let level = 0; level < depth; level++) filters = { $and: [filters] }
      return filters
    }
    expect(() => parseFilters(nested(MAX_FILTER_OPS_DEPTH - 1), fields)).not.toThrow()
    expect(messages(nested(MAX_FILTER_OPS_DEPTH))).toEqual([
      'Maximum nesting depth for filter operations reached',
    ])
    // lists inside a field do not count
    expect(() => parseFilters({ a: [{ gt: 1 }, [{ lt: 0 }]] }, fields)).not.toThrow()
  })

  it('refuses with a 409 what CKAN 2.12 answers with a 500', () => {
    expect(messages({ a: {} })).toEqual(['No filter operation given for field: a'])
    expect(messages({ a: [1, {}] })).toEqual(['No filter operation given for field: a'])
    expect(messages({ a: { gt: 1, $and: [{ lt: 5 }] } })).toEqual([
      "Unknown filter operation: FilterOp(field='a', op='$and', value=[{'lt': 5}])",
    ])
  })
})

describe('filterOpRepr (FilterOp.__repr__)', () => {
  it('writes values as Python repr, and child operations indented one per line', () => {
    const parsed = parseFilters({ $or: [{ a: { ne: [1.5, true, null] } }, { b: "it's" }] }, fields)!
    expect(filterOpRepr(parsed)).toBe(
      [
        "FilterOp(field=None, op='$or', value=[",
        "    FilterOp(field='a', op='ne', value=[1.5, True, None]),",
        "    FilterOp(field='b', op='eq', value=\"it's\")",
        '])',
      ].join('\n'),
    )
  })
})

describe('filterCondition (CKAN 2.12 build_clause)', () => {
  it('binds every value, quotes every name, and types text with Python str()', () => {
    expect(sql({ b: { gt: true }, a: { lte: 7 }, $$x: '1.5' })).toEqual({
      where: '("b" > $1 AND "a" <= $2::int8 AND "$x" = $3)',
      params: ['True', '7', '1.5'],
    })
  })

  it('iterates an explicit "in" as Python does, and refuses what Python cannot iterate', () => {
    expect(sql({ b: { in: 'xy' } })).toEqual({ where: '"b" in ($1,$2)', params: ['x', 'y'] })
    expect(sql({ a: { in: { 1: true } } })).toEqual({ where: '"a" in ($1)', params: ['1'] })
    expect(sql({ a: { in: null } })).toEqual({ where: 'false', params: [] })
    expect(() => sql({ a: { in: 5 } })).toThrow(FilterError)
  })

  it('refuses an operation it does not know, with the operation as Python shows it', () => {
    expect(() => sql({ a: { between: [1, 2] } })).toThrow(
      "Unknown filter operation: FilterOp(field='a', op='between', value=[1, 2])",
    )
  })

  it("cannot bind a dict outside a text column (psycopg2: \"can't adapt type 'dict'\")", () => {
    expect(() => sql({ c: { eq: [{ a: 1 }] } })).toThrow("can't adapt type 'dict'")
    expect(sql({ b: { eq: { k: 1 } } }).params).toEqual(["{'k': 1}"])
  })
})
