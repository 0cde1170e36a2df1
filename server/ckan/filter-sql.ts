// The WHERE condition of `filters`, as CKAN builds it: 2.12's `build_clause` over the parsed
// operations, or 2.11's field = value / field in (values). Every name is quoted and every value is a
// bound parameter, typed as CKAN's driver (psycopg2, which writes literals into the SQL) types it, so
// PostgreSQL compares by the column's type: a string is read as the column's type (a date as a
// date, a number as a number), a JSON number stays a number, a text column gets Python's `str()`
// of the value. A value that does not fit the column fails in PostgreSQL: CKAN's 409 Invalid query.
import { AND, type FilterOp, FilterError, filterOpRepr, OR } from './filters.ts'
import { quoteIdent } from './identifiers.ts'
import { pythonStr } from './python-compat.ts'
import type { FieldTypes } from './search-validate.ts'
import type { Json } from './types.ts'

/** Collects bound parameters and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown, cast = ''): string {
    this.values.push(value)
    return `$${this.values.length}${cast}`
  }
}

/** A filter value CKAN's driver could not bind (a dict): the query fails with this message. */
export class UnadaptableValue extends Error {}

/** A PostgreSQL array type (`_text`, `_int4`). */
export function isArrayType(type: string): boolean {
  return type.startsWith('_')
}

function containsDict(value: Json): boolean {
  const stack: Json[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()!
    if (Array.isArray(item)) stack.push(...item)
    else if (item !== null && typeof item === 'object') return true
  }
  return false
}

/**
 * One filter value as a placeholder, typed as psycopg2 writes it: an int or float literal, a boolean,
 * NULL, a string literal (no type: PostgreSQL reads it as the column's type), an ARRAY; for a text
 * column Python's `str()` of any value (`true` → `'True'`, `5` → `'5'`). psycopg2 cannot write a dict.
 */
export function bindFilterValue(params: Params, value: Json, type: string): string {
  if (type === 'text') return params.add(pythonStr(value))
  if (value === null) return params.add(null)
  if (typeof value === 'boolean') return params.add(value, '::boolean')
  if (typeof value === 'number') {
    return Number.isSafeInteger(value)
      ? params.add(String(value), '::int8')
      : params.add(String(value), '::numeric')
  }
  if (typeof value === 'string') return params.add(value)
  if (containsDict(value)) throw new UnadaptableValue("can't adapt type 'dict'")
  return params.add(value)
}

/** CKAN 2.11's `_where_clauses`: each key ANDed; a list is any of, on an array column the whole array. */
export function legacyFilterClauses(
  params: Params,
  filters: Record<string, Json>,
  fieldTypes: FieldTypes,
): string[] {
  const clauses: string[] = []
  for (const [field, value] of Object.entries(filters)) {
    const type = fieldTypes.get(field)
    if (type === undefined) continue
    if (Array.isArray(value) && !isArrayType(type)) {
      // An empty list gives `in ()`, a syntax error, exactly as in CKAN.
      const placeholders = value.map((item) => bindFilterValue(params, item, type))
      clauses.push(`${quoteIdent(field)} in (${placeholders.join(',')})`)
    } else {
      clauses.push(`${quoteIdent(field)} = ${bindFilterValue(params, value, type)}`)
    }
  }
  return clauses
}

const comparisons: Record<string, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' }

/**
 * What Python's `for each in v` goes through for an explicit `{"in": v}`: a list's items, a string's
 * characters, a dict's keys. Anything else is not iterable (CKAN 2.12: a 500).
 */
function inMembers(op: FilterOp): Json[] | undefined {
  const value = op.value as Json
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return [...value]
  if (value !== null && typeof value === 'object') return Object.keys(value)
  return undefined
}

function pythonFalsy(value: Json): boolean {
  if (value === null || value === false || value === 0 || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  return typeof value === 'object' && Object.keys(value).length === 0
}

/** CKAN 2.12's `build_clause`: one SQL condition for the parsed filters ('' when it filters nothing). */
export function filterCondition(params: Params, op: FilterOp, fieldTypes: FieldTypes): string {
  if (op.field && !fieldTypes.has(op.field)) return ''
  if (op.op === AND || op.op === OR) {
    const children = (op.value as FilterOp[])
      .map((child) => filterCondition(params, child, fieldTypes))
      .filter((clause) => clause !== '')
    if (children.length === 0) return op.op === AND ? 'true' : 'false'
    return `(${children.join(op.op === AND ? ' AND ' : ' OR ')})`
  }
  const field = op.field
  const type = field === null ? undefined : fieldTypes.get(field)
  if (field === null || type === undefined) throw unknownOperation(op)
  const column = quoteIdent(field)
  const value = op.value as Json
  if (op.op === 'in') {
    if (pythonFalsy(value)) return 'false'
    const members = inMembers(op)
    // CKAN 2.12: a TypeError (500) for `{"in": 5}` or `{"in": true}`
    if (members === undefined) throw unknownOperation(op)
    return `${column} in (${members.map((member) => bindFilterValue(params, member, type)).join(',')})`
  }
  const operator = Object.hasOwn(comparisons, op.op) ? comparisons[op.op] : undefined
  if (operator === undefined) throw unknownOperation(op)
  return `${column} ${operator} ${bindFilterValue(params, value, type)}`
}

function unknownOperation(op: FilterOp): FilterError {
  return new FilterError([`Unknown filter operation: ${filterOpRepr(op)}`])
}
