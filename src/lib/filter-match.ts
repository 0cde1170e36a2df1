// "Does this record match these filters?" — CKAN 2.12's `filters` applied in the browser, as
// PostgreSQL applies them on a 2.12 portal (postgres.py `build_clause`), for portals that cannot
// (CKAN 2.9–2.11: no ranges, no OR) and for anything that filters records it already holds (column
// summaries, a map). One function, by column family from the type registry:
//
//   numbers     compared as numbers, whatever their JSON type ("12.5" and 12.5), exactly beyond
//               double precision (big integers sent as digits)
//   dates       compared as dates; timestamps as wall-clock times ("2014-03-01" is its midnight)
//   true/false  false < true; `t`, `yes`, `1`… read as PostgreSQL reads them
//   text        equal as text (a number filter value is its text, `true` is `True`, as CKAN's str())
//   empty       NULL never matches a comparison, a list or `= value`
//
// Where the browser cannot be sure to agree with the portal it refuses (`FilterMatchError`), never
// guesses: an order of text (it follows the database's collation), a comparison on JSON or arrays, a
// value PostgreSQL would refuse to read as the column's type (CKAN answers 409), an unknown operator,
// an integer beyond 2^53 that JSON brought rounded (thrown by the matcher when it meets one).
import { parseFilterTree, type FilterNode } from '../api/ckan/filter-tree'
import type { CkanFilters, FilterJson } from '../api/ckan/filters'
import type { CkanField, CkanRecord } from '../api/ckan/types'
import { normaliseType, parseBool, readWallClock, type NormalisedType } from './ckan-types'

export type FilterMatchProblem =
  /** CKAN would refuse the filters (unknown field or operator, a limit): its message. */
  | 'invalid'
  /** A value the column cannot read as its type (CKAN: 409 "Invalid query"). */
  | 'bad-value'
  /** A comparison the browser cannot make as the portal would (an order of text, JSON, arrays). */
  | 'unsupported'

export class FilterMatchError extends Error {
  constructor(
    readonly problem: FilterMatchProblem,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'FilterMatchError'
  }
}

export type RecordMatcher = (record: CkanRecord) => boolean

const MATCH_ALL: RecordMatcher = () => true
const MATCH_NONE: RecordMatcher = () => false

/**
 * A function that says whether a record matches `filters` (CKAN 2.12 syntax), for a table with
 * these `fields`. Throws FilterMatchError when CKAN would refuse the filters or the browser cannot
 * apply them exactly as the portal would.
 */
export function createRecordMatcher(
  filters: CkanFilters | readonly CkanFilters[] | null | undefined,
  fields: readonly CkanField[],
): RecordMatcher {
  const types = new Map<string, NormalisedType>(fields.map((field) => [field.id, normaliseType(field.type)]))
  // `_id` is a column like the others (CKAN adds it to the fields it knows)
  if (!types.has('_id')) types.set('_id', 'int')
  const { node, errors } = parseFilterTree(filters, new Set(types.keys()))
  if (errors.length > 0) throw new FilterMatchError('invalid', errors.join('; '))
  return node ? compile(node, types) : MATCH_ALL
}

function compile(node: FilterNode, types: ReadonlyMap<string, NormalisedType>): RecordMatcher {
  if ('members' in node) {
    const members = node.members.map((member) => compile(member, types))
    if (node.op === '$and') return (record) => members.every((member) => member(record))
    return (record) => members.some((member) => member(record))
  }
  const family = types.get(node.field) ?? 'text'
  const field = node.field
  const read = (record: CkanRecord) => (Object.hasOwn(record, field) ? record[field] : null)
  switch (node.op) {
    case 'eq':
    case 'in': {
      const list: readonly FilterJson[] = node.op === 'in' ? asList(node.value, field) : [node.value]
      if (list.length === 0) return MATCH_NONE
      if (family === 'array' || family === 'json') {
        if (node.op === 'in')
          throw new FilterMatchError('unsupported', `A list of values on ${field} (${family})`, field)
        const wanted = JSON.stringify(node.value)
        return (record) => {
          const value = read(record)
          return value !== null && value !== undefined && JSON.stringify(value) === wanted
        }
      }
      const wanted = list.map((value) => operand(value, family, field))
      return (record) => {
        const value = cellKey(read(record), family)
        return (
          value !== null && wanted.some((item) => item !== null && compareKeys(value, item, family) === 0)
        )
      }
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (family === 'text' || family === 'json' || family === 'array')
        throw new FilterMatchError('unsupported', `An order of ${family} values on ${field}`, field)
      const bound = operand(node.value, family, field)
      if (bound === null) return MATCH_NONE
      const op = node.op
      return (record) => {
        const value = cellKey(read(record), family)
        if (value === null) return false
        const order = compareKeys(value, bound, family)
        return op === 'gt' ? order > 0 : op === 'gte' ? order >= 0 : op === 'lt' ? order < 0 : order <= 0
      }
    }
    default:
      throw new FilterMatchError('invalid', `Unknown filter operation: ${field} ${node.op}`, field)
  }
}

function asList(value: FilterJson, field: string): readonly FilterJson[] {
  if (Array.isArray(value)) return value
  throw new FilterMatchError('invalid', `The values of ${field} must be a list`, field)
}

/** A comparable form of a value: a decimal, a date or time as sortable text, a truth, or text. */
type Key =
  { kind: 'number'; digits: Decimal } | { kind: 'text'; text: string } | { kind: 'truth'; truth: number }

/** A filter value read as the column reads it (null: NULL, which matches nothing). */
function operand(value: FilterJson, family: NormalisedType, field: string): Key | null {
  if (value === null) return null
  const bad = () =>
    new FilterMatchError('bad-value', `${JSON.stringify(value)} is not a ${family} value`, field)
  switch (family) {
    case 'int':
    case 'float':
    case 'numeric': {
      if (typeof value !== 'number' && typeof value !== 'string') throw bad()
      const digits = readDecimal(value)
      if (!digits) throw bad()
      return { kind: 'number', digits }
    }
    case 'date':
    case 'timestamp': {
      const text = typeof value === 'string' ? dateKey(value, family) : null
      if (text === null) throw bad()
      return { kind: 'text', text }
    }
    case 'bool': {
      const truth = parseBool(typeof value === 'number' ? String(value) : value)
      if (truth === null) throw bad()
      return { kind: 'truth', truth: truth ? 1 : 0 }
    }
    default:
      // CKAN compares a text column with str(value): 25 → "25", true → "True"
      if (typeof value === 'boolean') return { kind: 'text', text: value ? 'True' : 'False' }
      if (typeof value === 'object') throw bad()
      return { kind: 'text', text: String(value) }
  }
}

/** A cell's value in the same form (null: no value, or one that does not fit the column). */
function cellKey(value: unknown, family: NormalisedType): Key | null {
  if (value === null || value === undefined) return null
  switch (family) {
    case 'int':
    case 'float':
    case 'numeric': {
      // an integer JSON could not carry exactly (beyond 2^53) is not the portal's: refuse to guess
      if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value))
        throw new FilterMatchError('unsupported', `${value} arrived rounded`)
      const digits = typeof value === 'number' || typeof value === 'string' ? readDecimal(value) : null
      return digits && { kind: 'number', digits }
    }
    case 'date':
    case 'timestamp': {
      const text = typeof value === 'string' ? dateKey(value, family) : null
      return text === null ? null : { kind: 'text', text }
    }
    case 'bool': {
      const truth = parseBool(value)
      return truth === null ? null : { kind: 'truth', truth: truth ? 1 : 0 }
    }
    default:
      return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }
  }
}

function compareKeys(a: Key, b: Key, family: NormalisedType): number {
  if (a.kind === 'number' && b.kind === 'number') return compareDecimals(a.digits, b.digits)
  if (a.kind === 'truth' && b.kind === 'truth') return a.truth - b.truth
  if (a.kind === 'text' && b.kind === 'text') {
    // equality of text is exact; the order is only used for dates and times, written to sort as text
    return a.text < b.text ? -1 : a.text > b.text ? 1 : 0
  }
  throw new FilterMatchError('unsupported', `Values of ${family} that cannot be compared`)
}

const LOOSE_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/

/**
 * A date as `YYYY-MM-DD`, or a timestamp as `YYYY-MM-DDTHH:MM:SS.mmm`, which sort as text: what
 * PostgreSQL reads in `2014-3-1` or `2014-03-01 10:00` (a date column keeps the day only; a
 * timestamp without a time is its midnight). null when it is not a real date.
 */
export function dateKey(text: string, family: 'date' | 'timestamp'): string | null {
  const match = LOOSE_DATE.exec(text.trim())
  if (!match) return null
  const pad = (part: string | undefined, width = 2) => (part ?? '0').padStart(width, '0')
  const iso = `${match[1]}-${pad(match[2])}-${pad(match[3])}T${pad(match[4])}:${pad(match[5])}:${pad(match[6])}${match[7] ?? ''}`
  const clock = readWallClock(iso)
  if (!clock) return null
  const stamp = new Date(clock.utcMillis).toISOString().slice(0, 23)
  return family === 'date' ? stamp.slice(0, 10) : stamp
}

// ---------------------------------------------------------------- exact decimals

/** A number as sign, digits and the position of the decimal point: exact at any size. */
interface Decimal {
  sign: -1 | 0 | 1
  /** Significant digits, no leading or trailing zeros ("" for zero). */
  digits: string
  /** Where the point goes: the value is 0.<digits> × 10^point. */
  point: number
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** A JSON number or numeric text (as PostgreSQL reads it: spaces around, `+`, exponents); null otherwise. */
export function readDecimal(value: number | string): Decimal | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  const match = DECIMAL.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null
  const whole = match[2] ?? ''
  const fraction = match[3] ?? ''
  const all = whole + fraction
  const lead = all.search(/[1-9]/)
  if (lead < 0) return { sign: 0, digits: '', point: 0 }
  const digits = all.slice(lead).replace(/0+$/, '')
  return {
    sign: match[1] === '-' ? -1 : 1,
    digits,
    point: whole.length - lead + Number(match[4] ?? 0),
  }
}

export function compareDecimals(a: Decimal, b: Decimal): number {
  if (a.sign !== b.sign) return a.sign - b.sign
  if (a.sign === 0) return 0
  let magnitude: number
  if (a.point !== b.point) magnitude = a.point > b.point ? 1 : -1
  else {
    const length = Math.max(a.digits.length, b.digits.length)
    const x = a.digits.padEnd(length, '0')
    const y = b.digits.padEnd(length, '0')
    magnitude = x < y ? -1 : x > y ? 1 : 0
  }
  return a.sign * magnitude
}
