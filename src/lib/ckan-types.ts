// The one place that knows CKAN's column types: which family a type name belongs to (`int4`/`int`,
// `float8`, `timestamptz`, arrays `_text`), how a raw value of that family is read (portals send
// numbers as strings, "  12.50", padded text, nulls), how a column aligns and which filter input
// fits it, how its values compare and how they are shown. Cells (lib/format.ts), filters
// (filter-values.ts), the local sort (local-sort-fns.ts) and anything that exports raw values read
// types through here. Kept small: no Intl, no UI text.

export type NormalisedType =
  'int' | 'float' | 'numeric' | 'text' | 'date' | 'time' | 'timestamp' | 'bool' | 'json' | 'array'

export type FilterInputKind = 'number' | 'date' | 'timestamp' | 'bool' | 'text'

export interface CkanTypeEntry {
  /** Numbers read right-aligned (end in right-to-left text); everything else at the start. */
  align: 'start' | 'end'
  /** The input a filter on a column of this family offers. */
  filterInput: FilterInputKind
  /** A raw value as its typed value (number, boolean, ISO text…), or null when it does not fit. */
  parse: (value: unknown) => unknown
  /** How two values compare (the local sort): by number, truth, ISO date-time, or as text. */
  compareAs: 'number' | 'bool' | 'date' | 'text'
  /** How a value is shown (lib/format.ts): a localised number, date, date and time, yes/no, JSON, or as sent. */
  display: 'number' | 'date' | 'timestamp' | 'bool' | 'json' | 'text'
  /**
   * Its values are points in time (dates, timestamps): a chart puts them on a time axis, a profile on
   * a time line, a workbook writes date cells, and the table shows them longer than they are sent.
   */
  isTemporal: boolean
  /** A column's width (px) before any of its values are seen. */
  width: number
}

const TYPE_FAMILIES: Record<string, NormalisedType> = {
  int: 'int',
  int2: 'int',
  int4: 'int',
  int8: 'int',
  integer: 'int',
  smallint: 'int',
  bigint: 'int',
  serial: 'int',
  bigserial: 'int',
  oid: 'int',
  float: 'float',
  float4: 'float',
  float8: 'float',
  real: 'float',
  double: 'float',
  'double precision': 'float',
  numeric: 'numeric',
  decimal: 'numeric',
  number: 'numeric',
  money: 'numeric',
  text: 'text',
  varchar: 'text',
  'character varying': 'text',
  char: 'text',
  character: 'text',
  bpchar: 'text',
  name: 'text',
  uuid: 'text',
  citext: 'text',
  string: 'text',
  date: 'date',
  time: 'time',
  timetz: 'time',
  'time without time zone': 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
  datetime: 'timestamp',
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamp',
  bool: 'bool',
  boolean: 'bool',
  json: 'json',
  jsonb: 'json',
  nested: 'json',
}

/** Both CKAN type families (`int4`/`int`, `float8`/`float`, arrays `_text`); unknown types are text. */
export function normaliseType(type: string): NormalisedType {
  const name = type.trim().toLowerCase()
  if (name.startsWith('_') || name.endsWith('[]')) return 'array'
  return Object.hasOwn(TYPE_FAMILIES, name) ? (TYPE_FAMILIES[name] as NormalisedType) : 'text'
}

export function isNumericType(type: string): boolean {
  return ckanType(type).filterInput === 'number'
}

/** Dates and timestamps (CkanTypeEntry.isTemporal). */
export function isTemporalType(type: string): boolean {
  return ckanType(type).isTemporal
}

// ---- parsers: tolerant of what real portals send ----

/** A number, or a number sent as (padded) text; null for anything else (NaN included). */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (!text) return null
  const number = Number(text)
  return Number.isNaN(number) ? null : number
}

const TRUE_TEXT: ReadonlySet<string> = new Set(['t', 'true', 'yes', 'y', '1'])
const FALSE_TEXT: ReadonlySet<string> = new Set(['f', 'false', 'no', 'n', '0'])

/** A boolean, or PostgreSQL's and CSV's spellings of one (`t`, `yes`, `1`…); null otherwise. */
export function parseBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return null
  const lower = value.trim().toLowerCase()
  if (TRUE_TEXT.has(lower)) return true
  if (FALSE_TEXT.has(lower)) return false
  return null
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/

export interface WallClock {
  utcMillis: number
  hasTime: boolean
  hasSeconds: boolean
  offset: string | undefined
}

/** Reads `2023-02-01T00:00:00` as the wall-clock time it names (never shifted by the viewer's zone). */
export function readWallClock(text: string): WallClock | null {
  const match = DATE_TIME.exec(text.trim())
  if (!match) return null
  const [, y, mo, d, h, mi, s, frac, offset] = match
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h ?? 0)
  const minute = Number(mi ?? 0)
  const second = Number(s ?? 0)
  const millis = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, millis)
  // Reject overflow such as 2023-02-30 or 25:00, which Date would silently roll over.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    return null
  }
  const hasTime = h !== undefined && (hour !== 0 || minute !== 0 || second !== 0 || millis !== 0)
  return {
    utcMillis: date.getTime(),
    hasTime,
    hasSeconds: second !== 0 || millis !== 0,
    offset: offset && offset !== 'Z' && !/^\+00:?00$/.test(offset) ? offset : undefined,
  }
}

const ISO_DATE_LIKE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/

/** An ISO date or wall-clock timestamp with `T` as separator (so it sorts as text); null otherwise. */
export function parseIsoDateLike(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  return ISO_DATE_LIKE.test(text) ? text.replace(' ', 'T') : null
}

const asIs = (value: unknown): unknown => value

const NUMBER: CkanTypeEntry = {
  align: 'end',
  filterInput: 'number',
  parse: parseNumber,
  compareAs: 'number',
  display: 'number',
  isTemporal: false,
  width: 130,
}
const TEXT: CkanTypeEntry = {
  align: 'start',
  filterInput: 'text',
  parse: asIs,
  compareAs: 'text',
  display: 'text',
  isTemporal: false,
  width: 200,
}
const REGISTRY: Record<NormalisedType, CkanTypeEntry> = {
  int: { ...NUMBER, width: 110 },
  float: NUMBER,
  numeric: NUMBER,
  bool: {
    align: 'start',
    filterInput: 'bool',
    parse: parseBool,
    compareAs: 'bool',
    display: 'bool',
    isTemporal: false,
    width: 90,
  },
  date: {
    align: 'start',
    filterInput: 'date',
    parse: parseIsoDateLike,
    compareAs: 'date',
    display: 'date',
    isTemporal: true,
    width: 130,
  },
  timestamp: {
    align: 'start',
    filterInput: 'timestamp',
    parse: parseIsoDateLike,
    compareAs: 'date',
    display: 'timestamp',
    isTemporal: true,
    width: 215,
  },
  time: { ...TEXT, width: 110 },
  text: TEXT,
  json: { ...TEXT, display: 'json', width: 220 },
  array: { ...TEXT, display: 'json' },
}

/** What the explorer knows about a CKAN type name (or an already normalised family). */
export function ckanType(type: string): CkanTypeEntry {
  return REGISTRY[normaliseType(type)]
}

/**
 * A cell's value as an export writes it: numbers as numbers, booleans as booleans, dates and
 * timestamps as ISO text, null as null; a value that does not fit its column's type stays as sent.
 */
export function rawValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null
  const parsed = ckanType(type).parse(value)
  return parsed === null ? value : parsed
}

/** The main catalogue's name of each family, as a reader says it ("number", "date"). */
export const TYPE_MESSAGE = {
  int: 'table.type.number',
  float: 'table.type.number',
  numeric: 'table.type.number',
  text: 'table.type.text',
  date: 'table.type.date',
  time: 'table.type.time',
  timestamp: 'table.type.timestamp',
  bool: 'table.type.bool',
  json: 'table.type.json',
  array: 'table.type.array',
} as const satisfies Record<NormalisedType, string>
