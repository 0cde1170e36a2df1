// CKAN's request syntax shared by the client and the explorer's URL: sort clauses
// (`year desc, "country name"`), name lists (`fields`), resource ids. Filters: filters.ts.
//
// CKAN (§4.5) matches each clause against `^(.+?)( +(asc|desc))?( nulls +(first|last) *)?$` and
// strips one pair of double quotes around the name. CKAN splits a sort *string* on every comma, so
// a name that contains a comma can only reach CKAN inside a list of clauses (see `formatSortClauses`).
// Our parser is a superset: it does not split inside double quotes, and reads `""` inside quotes as
// one `"`. CKAN has no escaping for `"`, but CKAN field names cannot contain `"` either, so that
// extension only makes our own URLs round-trip.
import type { SortKey } from './types'

const CLAUSE_TAIL = /^(?: +(asc|desc))?(?: +nulls +(?:first|last) *)?$/i
const UNQUOTED_CLAUSE = /^(.+?)(?: +(asc|desc))?(?: +nulls +(?:first|last) *)?$/i
const SAFE_NAME = /^[\p{L}\p{N}_]+$/u

/** Splits on commas that are not inside double quotes. Returns null on an unclosed quote. */
export function splitOutsideQuotes(text: string): string[] | null {
  const parts: string[] = []
  let current = ''
  let inQuotes = false
  for (const char of text) {
    if (char === '"') {
      inQuotes = !inQuotes
      current += char
    } else if (char === ',' && !inQuotes) {
      parts.push(current)
      current = ''
    } else {
      current += char
    }
  }
  if (inQuotes) return null
  parts.push(current)
  return parts
}

/** Reads a name that starts with `"` at the clause start; `""` inside is one `"`. */
export function readQuotedName(clause: string): { name: string; rest: string } | null {
  let name = ''
  for (let index = 1; index < clause.length; index++) {
    const char = clause[index]
    if (char === '"') {
      if (clause[index + 1] === '"') {
        name += '"'
        index++
        continue
      }
      return { name, rest: clause.slice(index + 1) }
    }
    name += char
  }
  return null
}

function parseClause(rawClause: string): SortKey | null {
  const clause = rawClause.trim()
  if (clause === '') return null
  if (clause.startsWith('"')) {
    const quoted = readQuotedName(clause)
    if (!quoted || quoted.name === '') return null
    const tail = CLAUSE_TAIL.exec(quoted.rest)
    if (!tail) return null
    return { field: quoted.name, desc: tail[1]?.toLowerCase() === 'desc' }
  }
  const match = UNQUOTED_CLAUSE.exec(clause)
  if (!match?.[1]) return null
  return { field: match[1], desc: match[2]?.toLowerCase() === 'desc' }
}

/**
 * Parses CKAN sort syntax. `''` → `[]` (no sort). Returns null when any clause is unreadable.
 * `nulls first|last` is accepted and dropped (the explorer does not offer it).
 */
export function parseSort(text: string): SortKey[] | null {
  if (text.trim() === '') return []
  const clauses = splitOutsideQuotes(text)
  if (!clauses) return null
  const keys: SortKey[] = []
  for (const clause of clauses) {
    const key = parseClause(clause)
    if (!key) return null
    keys.push(key)
  }
  return keys
}

/** A name as CKAN reads it in a sort clause: bare when it is a plain word, else in double quotes. */
export function quoteSortName(name: string): string {
  if (SAFE_NAME.test(name)) return name
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * One CKAN clause per key: `year desc`, `"country name"`. With `nullsLast` (requests to CKAN 2.10+),
 * `year desc nulls last`: PostgreSQL puts empty values first in a descending sort, users expect them
 * last whatever the direction (as ascending sorts and the local sort have them).
 */
export function formatSortClauses(keys: readonly SortKey[], options: { nullsLast?: boolean } = {}): string[] {
  return keys.map((key) => {
    if (!key.desc) return quoteSortName(key.field)
    // `_id` is never empty, and `_id desc` is its index read backwards: `nulls last` would sort every row
    const nullsLast = options.nullsLast && key.field !== '_id'
    return `${quoteSortName(key.field)} desc${nullsLast ? ' nulls last' : ''}`
  })
}

/** CKAN syntax for a whole sort, as the address shows it: `year desc, "country name"`. */
export function formatSort(keys: readonly SortKey[]): string {
  return formatSortClauses(keys).join(', ')
}

/**
 * A list of names in the same syntax as CKAN's `fields` (and our `hidden`): comma-separated, a name
 * in double quotes when it is not a plain word. `''` → `[]`; null when a quote is left open.
 */
export function parseNameList(text: string): string[] | null {
  if (text.trim() === '') return []
  const items = splitOutsideQuotes(text)
  if (!items) return null
  const names: string[] = []
  for (const rawItem of items) {
    const item = rawItem.trim()
    if (item === '') continue
    if (item.startsWith('"')) {
      const quoted = readQuotedName(item)
      if (!quoted || quoted.rest.trim() !== '') return null
      names.push(quoted.name)
    } else {
      if (item.includes('"')) return null
      names.push(item)
    }
  }
  return names
}

export function formatNameList(names: readonly string[]): string {
  return names.map(quoteSortName).join(',')
}

/** Columns CKAN adds for its own use (full-text index, found-row count): never data. */
const INTERNAL_COLUMNS: ReadonlySet<string> = new Set(['_full_text', '_full_count'])

export function isInternalColumn(id: string): boolean {
  return INTERNAL_COLUMNS.has(id)
}

/** The search score columns a full-text search adds (`rank`, `rank <column>`): not data. */
export function isRankColumn(id: string): boolean {
  return id === 'rank' || id.startsWith('rank ')
}

/**
 * datastore_search parameters that a link may carry but no view of the explorer has a place for: a
 * page link drops them with a notice, a pasted API link says they were not taken over.
 */
export const NOT_APPLIED_PARAMETERS: readonly string[] = [
  'offset',
  'fields',
  'distinct',
  'language',
  'records_format',
  'include_total',
  'total_estimation_threshold',
  'full_text',
  'include_next_page',
]

/** CKAN's `plain` (true: its whole-word search; false: the tsquery syntax), or undefined when absent. */
export function readPlainParameter(params: URLSearchParams): boolean | undefined {
  const plain = params.get('plain')
  return plain === null ? undefined : /^(true|yes|t|y|1)$/i.test(plain.trim())
}

/** The table a CKAN query string names. CKAN: when both are sent, a non-empty `id` wins. */
export function resourceIdParameter(params: URLSearchParams): string | undefined {
  return params.get('id')?.trim() || params.get('resource_id')?.trim() || undefined
}

/**
 * Every non-empty `sort` parameter of a query string (CKAN links may repeat it) as one list of keys,
 * a repeated field keeping its first place; undefined when there is none, null when one is unreadable.
 */
export function readSortParameters(params: URLSearchParams): SortKey[] | null | undefined {
  const sorts = params.getAll('sort').filter((value) => value.trim() !== '')
  if (sorts.length === 0) return undefined
  const keys = sorts.map(parseSort)
  if (!keys.every((list) => list !== null)) return null
  const seen = new Set<string>()
  return keys.flat().filter((key) => !seen.has(key.field) && seen.add(key.field))
}

const MAX_RESOURCE_ID_LENGTH = 200

/** A resource id or alias as a URL may carry it: non-empty, no whitespace or control characters. */
export function isValidResourceId(text: string): boolean {
  return text.length > 0 && text.length <= MAX_RESOURCE_ID_LENGTH && !/[\s\p{Cc}]/u.test(text)
}
