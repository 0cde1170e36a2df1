// CKAN 2.12's filters as a tree, as its FiltersParser reads them (ckanext/datastore/filters.py on
// dev-v2.12): the same nodes, limits and messages. Read by what applies or words filters in the
// browser (lib/filter-match.ts, the chips), and loaded with them: the syntax that every request
// needs is filters.ts.
import {
  entry,
  fieldOfKey,
  isOperatorKey,
  isPlainFilterObject,
  type CkanFilters,
  type FilterJson,
} from './filters'

/** The comparisons CKAN 2.12 applies to one field. */
export type FieldOperator = 'eq' | 'in' | 'gt' | 'gte' | 'lt' | 'lte'
export const FIELD_OPERATORS: readonly FieldOperator[] = ['eq', 'in', 'gt', 'gte', 'lt', 'lte']

/** A parsed filter: AND or OR of its members, or one field's comparison (`op` as sent: CKAN checks it last). */
export type FilterNode =
  { op: '$and' | '$or'; members: FilterNode[] } | { op: string; field: string; value: FilterJson }

/** CKAN 2.12's limits (filters.py): nesting depth reached at 10, more than 100 operations refused. */
export const MAX_FILTER_DEPTH = 10
export const MAX_FILTER_OPERATIONS = 100

export interface ParsedFilterTree {
  /** null: no filter (nothing given, or nothing left). */
  node: FilterNode | null
  /** CKAN 2.12's messages, in its order; not empty means CKAN would answer 409. */
  errors: string[]
}

class FilterLimitError extends Error {}

/**
 * `filters` (a dict, a list of dicts, or JSON text of one) as CKAN 2.12's FiltersParser reads it:
 * the same tree, the same limits and the same messages. `fields`: the table's column ids, to name
 * unknown ones as CKAN does (omitted: any name is taken).
 */
export function parseFilterTree(input: unknown, fields?: ReadonlySet<string>): ParsedFilterTree {
  const errors: string[] = []
  let operations = 0
  const operation = <T extends FilterNode>(node: T): T => {
    operations++
    if (operations > MAX_FILTER_OPERATIONS)
      throw new FilterLimitError('Maximum number of filter operations exceeded')
    return node
  }
  const isListOfDicts = (value: unknown): value is CkanFilters[] =>
    Array.isArray(value) && value.every(isPlainFilterObject)
  const group = (op: '$and' | '$or', members: FilterNode[]): FilterNode[] =>
    // nested groups of the same kind are merged, as CKAN does
    members.flatMap((member) => (member.op === op && 'members' in member ? member.members : [member]))

  const comparison = (field: string, op: string, value: FilterJson): FilterNode | null => {
    if (fields && !fields.has(field)) {
      errors.push(`Unknown field: ${field}`)
      return null
    }
    return operation({ op, field, value })
  }

  const fieldNode = (key: string, value: FilterJson): FilterNode | null => {
    const field = fieldOfKey(key)
    if (Array.isArray(value)) {
      const objects = value.filter(isPlainFilterObject)
      if (objects.length === 0) return operation({ op: 'in', field, value })
      const members = objects
        .map((object) => fieldNode(key, object))
        .filter((member): member is FilterNode => member !== null)
      const plain = value.filter((item) => !isPlainFilterObject(item))
      if (plain.length > 0) {
        const inNode = comparison(field, 'in', plain)
        if (inNode) members.push(inNode)
      }
      return members.length > 0 ? operation({ op: '$or', members }) : null
    }
    if (isPlainFilterObject(value)) {
      const keys = Object.keys(value)
      // CKAN 2.12 fails on an empty object (a 500); it can only be refused
      if (keys.length === 0) {
        errors.push(`Unknown filter operation: ${field} {}`)
        return null
      }
      if (keys.length === 1) return comparison(field, keys[0]!, value[keys[0]!]!)
      const members = keys
        .map((op) => fieldNode(key, entry(op, value[op]!)))
        .filter((member): member is FilterNode => member !== null)
      return members.length > 0 ? operation({ op: '$and', members }) : null
    }
    return comparison(field, 'eq', value)
  }

  const members = (value: FilterJson, op: '$and' | '$or', depth: number): FilterNode[] | null => {
    if (depth >= MAX_FILTER_DEPTH)
      throw new FilterLimitError('Maximum nesting depth for filter operations reached')
    const out: FilterNode[] = []
    for (const item of value as CkanFilters[]) {
      if (Object.keys(item).length >= MAX_FILTER_OPERATIONS)
        throw new FilterLimitError('Maximum number of filter operations exceeded')
      const parts = dictParts(item, depth)
      if (parts.length === 1) out.push(parts[0]!)
      else if (parts.length > 1) out.push(operation({ op: '$and', members: group('$and', parts) }))
    }
    return out.length > 0 ? group(op, out) : null
  }

  const dictParts = (dict: CkanFilters, depth: number): FilterNode[] => {
    const parts: FilterNode[] = []
    for (const [key, value] of Object.entries(dict)) {
      if (isOperatorKey(key)) {
        if (key !== '$or' && key !== '$and') {
          errors.push(`Unknown operators (must be one of $or, $and): ${key}`)
          continue
        }
        if (!isListOfDicts(value)) {
          errors.push(`Filter operations must be defined as a list of dicts: ${JSON.stringify(value)}`)
          continue
        }
        const children = members(value, key, depth + 1)
        if (children) parts.push(operation({ op: key, members: children }))
      } else {
        const node = fieldNode(key, value)
        if (node) parts.push(node)
      }
    }
    return parts
  }

  try {
    let value = input
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value)
      } catch {
        return { node: null, errors: ['Cannot parse JSON'] }
      }
    }
    // CKAN: an empty value, list or dict is no filter at all
    if (value === null || value === undefined || value === '' || value === false || value === 0)
      return { node: null, errors: [] }
    if (Array.isArray(value) && value.length === 0) return { node: null, errors: [] }
    if (isPlainFilterObject(value) && Object.keys(value).length === 0) return { node: null, errors: [] }
    if (!isPlainFilterObject(value) && !isListOfDicts(value))
      return { node: null, errors: ['Filters must be defined as a dict or a list of dicts'] }
    if (Array.isArray(value)) {
      if (value.length >= MAX_FILTER_OPERATIONS)
        throw new FilterLimitError('Maximum number of filter operations exceeded')
      const children = members(value, '$or', 1)
      const node = children ? operation({ op: '$or' as const, members: children }) : null
      return { node: errors.length > 0 ? null : node, errors }
    }
    if (Object.keys(value).length >= MAX_FILTER_OPERATIONS)
      throw new FilterLimitError('Maximum number of filter operations exceeded')
    const parts = dictParts(value, 0)
    // a top-level $and is only its members
    const flat = parts.flatMap((part) => (part.op === '$and' && 'members' in part ? part.members : [part]))
    if (errors.length > 0 || flat.length === 0) return { node: null, errors }
    return { node: flat.length === 1 ? flat[0]! : operation({ op: '$and', members: flat }), errors }
  } catch (error) {
    if (error instanceof FilterLimitError) return { node: null, errors: [error.message] }
    throw error
  }
}

/** Whether a parsed tree compares with an operator other than CKAN 2.12's six (CKAN refuses it). */
export function unknownOperation(node: FilterNode): string | null {
  if ('members' in node) {
    for (const member of node.members) {
      const found = unknownOperation(member)
      if (found) return found
    }
    return null
  }
  return (FIELD_OPERATORS as readonly string[]).includes(node.op)
    ? null
    : `Unknown filter operation: ${node.field} ${node.op}`
}
