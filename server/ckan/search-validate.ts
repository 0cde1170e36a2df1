// Stage 3 of datastore_search: the backend's `validate` + `datastore_validate`, which checks names
// against the table's real columns. Whatever is left over is reported as `invalid value "<x>"`.
// From 2.12 on, `filters` is parsed first (filters.ts), with its own messages.
import { checkFieldOperations, type FilterOp, FilterError, filterFields, parseFilters } from './filters.ts'
import { pythonStr } from './python-compat.ts'
import type { ValidatedSearch } from './search-schema.ts'
import { truthy } from './search-schema.ts'
import type { Json } from './types.ts'

/** Column name → PostgreSQL type name, `_id` (type `int`) first, in table order. */
export type FieldTypes = Map<string, string>

/** CKAN's `_strip`: a value whose first and last characters are equal loses whitespace and `"`. */
function ckanStrip(value: string): string {
  if (value.length > 0 && value[0] === value[value.length - 1]) return value.trim().replace(/^"+|"+$/g, '')
  return value
}

/** CKAN's `get_list`: a string is split on `,` and each part whitespace-stripped. */
export function getList(input: string | string[], stripValues = true): string[] {
  if (input === '') return []
  const list = typeof input === 'string' ? input.split(',').map((part) => part.trim()) : input
  return stripValues ? list.map(ckanStrip) : list
}

export interface SortClause {
  field: string
  direction: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** CKAN's `_parse_sort_clause`: `field [asc|desc] [nulls first|last]`, field optionally in `"…"`. */
export function parseSortClause(clause: string, fieldTypes: FieldTypes): SortClause | undefined {
  // Python's `$` also matches before one trailing newline, and `.` never matches a newline.
  const text = clause.endsWith('\n') ? clause.slice(0, -1) : clause
  const match = /^([^\n]+?)( +(asc|desc))?( nulls +(first|last) *)?$/i.exec(text)
  if (!match) return undefined
  let field = match[1] ?? ''
  if (field[0] === '"' && field[field.length - 1] === '"') field = field.slice(1, -1)
  if (!fieldTypes.has(field)) return undefined
  const direction = (match[3] ?? 'asc').toLowerCase() as 'asc' | 'desc'
  const nulls = match[5]?.toLowerCase() as 'first' | 'last' | undefined
  return nulls ? { field, direction, nulls } : { field, direction }
}

export type BackendOutcome =
  /** `filters`: 2.12's parsed filters (undefined when they filter nothing, and always in 2.11). */
  | { kind: 'valid'; filters?: FilterOp }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  | { kind: 'crash'; reason: string }

function invalidValue(key: string, value: Json): BackendOutcome {
  let shown: Json
  if (typeof value === 'string') shown = value
  else if (Array.isArray(value)) shown = value[0] ?? null
  else if (value !== null && typeof value === 'object') shown = Object.keys(value)[0] ?? null
  else shown = value
  return { kind: 'invalid', errors: { [key]: [`invalid value "${pythonStr(shown)}"`] } }
}

function isDict(value: Json | undefined): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** 2.12's `parse_query_filters`, then the check its IDatastore flattening makes. */
function parsedFilters(filters: Json, fieldTypes: FieldTypes): BackendOutcome {
  try {
    const parsed = parseFilters(filters, new Set(fieldTypes.keys()))
    if (parsed) checkFieldOperations(parsed)
    // what parses to nothing but is not a dict (`"null"`, `0`) makes CKAN 2.12 answer 500;
    // an empty list is taken for what it says, no filters
    else if (!isDict(filters) && !(Array.isArray(filters) && filters.length === 0)) {
      return {
        kind: 'invalid',
        errors: { filters: ['Filters must be defined as a dict or a list of dicts'] },
      }
    }
    return parsed ? { kind: 'valid', filters: parsed } : { kind: 'valid' }
  } catch (error) {
    if (error instanceof FilterError) return { kind: 'invalid', errors: { filters: error.messages } }
    throw error
  }
}

/** Checks filters, q, fields, sort and offset against the table's columns. */
export function validateAgainstColumns(search: ValidatedSearch, fieldTypes: FieldTypes): BackendOutcome {
  const leftovers = new Map<string, Json>()

  let parsed: FilterOp | undefined
  if (search.ckanVersion !== '2.11' && search.filters !== undefined) {
    const outcome = parsedFilters(search.filters, fieldTypes)
    if (outcome.kind !== 'valid') return outcome
    parsed = outcome.filters
    // the parser lets a plain list on any name through: it is a leftover, as in 2.11
    if (parsed) {
      leftovers.set(
        'filters',
        filterFields(parsed).filter((field) => !fieldTypes.has(field)),
      )
    }
  } else if (search.filters !== undefined) {
    const filters = search.filters
    if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) {
      return {
        kind: 'invalid',
        errors: { filters: ['Filters must be defined as a dict or a list of dicts'] },
      }
    }
    // Unknown keys as a list: the first one is what CKAN reports (the first key of the leftover dict).
    leftovers.set(
      'filters',
      Object.keys(filters).filter((key) => !fieldTypes.has(key)),
    )
  }

  const columnNames = new Set(fieldTypes.keys())
  const q = search.q
  if (truthy(q ?? null)) {
    if (typeof q === 'string') columnNames.add('rank')
    else if (q) {
      const unknown: string[] = []
      for (const [key, value] of Object.entries(q)) {
        if (fieldTypes.has(key) && typeof value === 'string') columnNames.add('rank ' + key)
        else unknown.push(key)
      }
      leftovers.set('q', unknown)
    }
  }

  if (search.fields !== undefined) {
    const fields = getList(search.fields)
    leftovers.set(
      'fields',
      fields.filter((name) => !columnNames.has(name)),
    )
  }

  if (search.sort !== undefined) {
    const clauses = getList(search.sort, false)
    leftovers.set(
      'sort',
      clauses.filter((clause) => !parseSortClause(clause, fieldTypes)),
    )
  }

  if (typeof search.offset === 'number' && search.offset < 0) leftovers.set('offset', search.offset)

  // Report the first leftover in the order the request gave the keys, as CKAN iterates its dict.
  for (const key of search.echo.keys()) {
    const value = leftovers.get(key)
    if (value !== undefined && truthy(value)) return invalidValue(key, value)
  }
  return parsed ? { kind: 'valid', filters: parsed } : { kind: 'valid' }
}
