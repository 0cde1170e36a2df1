// CKAN 2.12's `filters` (ckanext/datastore/filters.py, FiltersParser): a value means equals, a list
// any of, `{"gt"|"gte"|"lt"|"lte"|"eq"|"in": v}` per field (several keys ANDed), a list mixing
// values and operator objects OR, a top-level list OR, `$or` / `$and` nested, `$$` for a field name
// that starts with `$`. Ported step by step, so that the errors, their order, and the two limits
// (depth and number of operations, raised at once) are counted exactly as CKAN counts them.
// Where CKAN 2.12 raises an unhandled exception (a 500), a FilterError with a 409 message instead.
import { pythonRepr, pythonStr } from './python-compat.ts'
import type { Json } from './types.ts'

export const OR = '$or'
export const AND = '$and'
const FILTER_OPERATORS = [OR, AND]
/** `nesting_level >= MAX_FILTER_OPS_DEPTH` is refused: 9 nested levels pass, the 10th fails. */
export const MAX_FILTER_OPS_DEPTH = 10
/** More operations than this are refused; a dict or list of this many keys or items too. */
export const MAX_FILTER_OPS_NUM = 100

/** One node of the parsed filters: a comparison of `field`, or `$and` / `$or` of `value`. */
export interface FilterOp {
  op: string
  field: string | null
  value: Json | FilterOp[]
}

/** The filters cannot be used: 409 `{"filters": messages}`. */
export class FilterError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '))
    this.name = 'FilterError'
  }
}

type Dict = { [key: string]: Json }

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A class, so a parsed node can never be mistaken for a JSON object given by a client. */
class ParsedOp implements FilterOp {
  constructor(
    readonly op: string,
    readonly field: string | null,
    readonly value: Json | FilterOp[],
  ) {}
}

function isFilterOp(value: unknown): value is FilterOp {
  return value instanceof ParsedOp
}

function isListOfDicts(value: unknown): value is Dict[] {
  return Array.isArray(value) && value.every(isDict)
}

/** Python `str.startswith('$') and not str.startswith('$$')`: a key naming `$or` / `$and`. */
function isOperatorKey(key: string): boolean {
  return key.startsWith('$') && !key.startsWith('$$')
}

/** `FilterOp.__repr__`: child operations one per line, indented four spaces; values as Python repr. */
export function filterOpRepr(op: FilterOp): string {
  const value = op.value
  let shown: string
  if (Array.isArray(value) && value.length > 0 && isFilterOp(value[0])) {
    const children = (value as FilterOp[]).map((child) =>
      filterOpRepr(child)
        .split('\n')
        .map((line) => '    ' + line)
        .join('\n'),
    )
    shown = '[\n' + children.join(',\n') + '\n]'
  } else shown = pythonRepr(value as Json)
  return `FilterOp(field=${op.field === null ? 'None' : pythonRepr(op.field)}, op=${pythonRepr(op.op)}, value=${shown})`
}

class FiltersParser {
  readonly errors: string[] = []
  private totalOps = 0

  constructor(private readonly fields: ReadonlySet<string>) {}

  private tooMany(): never {
    throw new FilterError(['Maximum number of filter operations exceeded'])
  }

  private newOp(op: string, field: string | null, value: Json | FilterOp[]): FilterOp {
    this.totalOps += 1
    if (this.totalOps > MAX_FILTER_OPS_NUM) this.tooMany()
    return new ParsedOp(op, field, value)
  }

  private checkFilterOperator(key: string, value: Json): string | undefined {
    if (!FILTER_OPERATORS.includes(key)) return `Unknown operators (must be one of $or, $and): ${key}`
    if (!isListOfDicts(value))
      return `Filter operations must be defined as a list of dicts: ${pythonStr(value)}`
    return undefined
  }

  /** Nested operations of the parent's kind are merged into it (`$or` in `$or` is one `$or`). */
  private combineOperations(ops: FilterOp[], parent: string): FilterOp[] {
    const combined: FilterOp[] = []
    for (const op of ops) {
      if (op.op === parent && FILTER_OPERATORS.includes(parent)) combined.push(...(op.value as FilterOp[]))
      else combined.push(op)
    }
    return combined
  }

  private combineMembers(value: Json, parent: string, nestingLevel: number): FilterOp[] | undefined {
    const children = this.processMembers(value, parent, nestingLevel + 1)
    return children ? this.combineOperations(children, parent) : undefined
  }

  private processMembers(value: Json, parent: string, nestingLevel: number): FilterOp[] | undefined {
    if (nestingLevel >= MAX_FILTER_OPS_DEPTH) {
      throw new FilterError(['Maximum nesting depth for filter operations reached'])
    }
    if (!Array.isArray(value)) {
      this.errors.push(`Filter operations must contain lists of filters: ${pythonStr(value)}`)
      return undefined
    }
    const out: FilterOp[] = []
    for (const item of value) {
      if (!isDict(item)) {
        this.errors.push(`Filter operation members must be dictionaries: ${pythonRepr(item)}`)
        continue
      }
      if (Object.keys(item).length >= MAX_FILTER_OPS_NUM) this.tooMany()
      const childOps: FilterOp[] = []
      for (const [key, member] of Object.entries(item)) {
        if (isOperatorKey(key)) {
          const problem = this.checkFilterOperator(key, member)
          if (problem) {
            this.errors.push(problem)
            continue
          }
          const ops = this.combineMembers(member, key, nestingLevel)
          if (ops) childOps.push(this.newOp(key, null, ops))
        } else {
          const fieldOp = this.processField(key, member)
          if (fieldOp) childOps.push(fieldOp)
        }
      }
      if (childOps.length === 1) out.push(childOps[0]!)
      else if (childOps.length > 1) out.push(this.newOp(AND, null, this.combineOperations(childOps, AND)))
    }
    return out.length > 0 ? out : undefined
  }

  private checkField(field: string, op: string, value: Json): FilterOp | undefined {
    if (!this.fields.has(field)) {
      this.errors.push(`Unknown field: ${field}`)
      return undefined
    }
    return this.newOp(op, field, value)
  }

  private processField(name: string, value: Json): FilterOp | undefined {
    const field = name.startsWith('$$') ? name.slice(1) : name
    if (!isDict(value) && !Array.isArray(value)) return this.checkField(field, 'eq', value)
    if (isDict(value)) {
      const keys = Object.keys(value)
      if (keys.length > 1) {
        const childOps: FilterOp[] = []
        for (const key of keys) {
          const fieldOp = this.processField(field, { [key]: value[key] ?? null })
          if (fieldOp) childOps.push(fieldOp)
        }
        return childOps.length > 0 ? this.newOp(AND, null, childOps) : undefined
      }
      // CKAN 2.12 answers `{"f": {}}` with a 500 (IndexError): a 409 here
      if (keys.length === 0) throw new FilterError([`No filter operation given for field: ${field}`])
      const op = keys[0]!
      return this.checkField(field, op, value[op] ?? null)
    }
    const operations = value.filter(isDict)
    const plainValues = value.filter((item) => !isDict(item))
    if (operations.length === 0) return this.newOp('in', field, value)
    const members: FilterOp[] = []
    for (const operation of operations) {
      const fieldOp = this.processField(field, operation)
      if (fieldOp) members.push(fieldOp)
    }
    if (plainValues.length > 0) members.push(this.newOp('in', field, plainValues))
    return members.length > 0 ? this.newOp(OR, null, members) : undefined
  }

  parse(input: Json): FilterOp | undefined {
    if (!pythonTruthy(input)) return undefined
    if (!isDict(input) && !isListOfDicts(input)) {
      throw new FilterError(['Filters must be defined as a dict or a list of dicts'])
    }
    if (Array.isArray(input)) {
      if (input.length >= MAX_FILTER_OPS_NUM) this.tooMany()
      const childOps = this.combineMembers(input, OR, 0)
      return childOps ? this.newOp(OR, null, childOps) : undefined
    }
    if (Object.keys(input).length >= MAX_FILTER_OPS_NUM) this.tooMany()
    const childFilters: FilterOp[] = []
    for (const [key, value] of Object.entries(input)) {
      if (isOperatorKey(key)) {
        const problem = this.checkFilterOperator(key, value)
        if (problem) {
          this.errors.push(problem)
          continue
        }
        const childOps = this.combineMembers(value, key, 0)
        if (childOps) {
          // members of a top-level $and join the root's AND
          if (key === AND) childFilters.push(...childOps)
          else childFilters.push(this.newOp(key, null, childOps))
        }
      } else {
        const fieldOp = this.processField(key, value)
        if (fieldOp) childFilters.push(fieldOp)
      }
    }
    if (this.errors.length === 0 && childFilters.length > 1) return this.newOp(AND, null, childFilters)
    if (this.errors.length === 0 && childFilters.length === 1) return childFilters[0]
    return undefined
  }
}

function pythonTruthy(value: Json): boolean {
  if (value === null || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

/**
 * `parse_query_filters`: the parsed filters of a table with these column names (`_id` included),
 * undefined when they filter nothing. Throws FilterError with CKAN 2.12's messages.
 */
export function parseFilters(input: Json, fields: ReadonlySet<string>): FilterOp | undefined {
  if (!pythonTruthy(input)) return undefined
  const parser = new FiltersParser(fields)
  const filters = parser.parse(input)
  if (parser.errors.length > 0) throw new FilterError(parser.errors)
  return filters
}

/**
 * The fields the parsed filters compare, in the order CKAN 2.12's `validate` flattens them (for the
 * IDatastore plugins): a plain list (`{"f": [1, 2]}`) is not checked by the parser, so an unknown
 * field there is reported by the backend's leftover check, `invalid value "f"`, as in 2.11.
 */
export function filterFields(filters: FilterOp): string[] {
  const fields: string[] = []
  const visit = (op: FilterOp): void => {
    if (op.op === AND || op.op === OR) for (const child of op.value as FilterOp[]) visit(child)
    else if (op.field !== null && !fields.includes(op.field)) fields.push(op.field)
  }
  visit(filters)
  return fields
}

/**
 * The check CKAN 2.12 reaches next (the IDatastore flattening in `validate`): `$or` / `$and` given
 * as a field's operation (`{"f": {"$or": [...]}}`) is a 500 there, a 409 here, with the message
 * 2.12 gives any other unknown operation.
 */
export function checkFieldOperations(filters: FilterOp): void {
  const stack = [filters]
  while (stack.length > 0) {
    const op = stack.pop()!
    if ((op.op === AND || op.op === OR) && op.field === null) stack.push(...(op.value as FilterOp[]))
    else if (op.op === AND || op.op === OR) {
      throw new FilterError([`Unknown filter operation: ${filterOpRepr(op)}`])
    }
  }
}
