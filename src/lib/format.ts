// Display text for one cell, chosen by the column's CKAN type (`fields[].type`), not by the JSON type:
// portals send numbers as strings ("120.30369", " -210.500"), numerics beyond 2^53, and timestamps
// without a zone. Text is always rendered as text by the UI, never as HTML.
import type { MainMessages } from '../i18n/catalogues/main'
import type { LocaleFormats } from '../i18n/locale-formats'
import type { Translate } from '../i18n/translate'

export type NormalisedType =
  'int' | 'float' | 'numeric' | 'text' | 'date' | 'time' | 'timestamp' | 'bool' | 'json' | 'array'

export type CellKind = 'null' | 'empty' | 'number' | 'date' | 'timestamp' | 'json' | 'bool' | 'text'

export interface FormattedCell {
  text: string
  kind: CellKind
  align: 'start' | 'end'
  /** The text was cut to MAX_CELL_CHARS; show the full value on demand. */
  truncated?: boolean
}

/** Longest text shown in a cell; longer values end with "…" and are flagged `truncated`. */
export const MAX_CELL_CHARS = 1000

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
  const family = normaliseType(type)
  return family === 'int' || family === 'float' || family === 'numeric'
}

/** What formatting a cell needs of the interface language: Intl formats and a few words. */
export interface CellLocale {
  formats: LocaleFormats
  nullText: string
  trueText: string
  falseText: string
}

export function createCellLocale(formats: LocaleFormats, t: Translate<MainMessages>): CellLocale {
  return { formats, nullText: t('cell.null'), trueText: t('cell.true'), falseText: t('cell.false') }
}

/** Modern engines format decimal strings exactly; older ones convert to a double first. */
const EXACT_STRING_FORMAT = (() => {
  try {
    const digits = '9007199254740993'
    return new Intl.NumberFormat('en', { useGrouping: false }).format(digits as unknown as number) === digits
  } catch {
    return false
  }
})()

// ---- numbers ----

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/
const SCIENTIFIC = /^[+-]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+$/
/** Intl allows up to 100 fraction digits; more than this is noise in a table. */
const MAX_FRACTION_DIGITS = 20

function formatNumber(value: unknown, formats: LocaleFormats): FormattedCell | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { text: String(value), kind: 'number', align: 'end' }
    text = String(value)
  } else if (typeof value === 'string') {
    text = value.trim()
  } else {
    return null
  }
  if (/^[+-]?(NaN|Infinity)$/i.test(text)) return { text, kind: 'number', align: 'end' }
  const decimal = DECIMAL.exec(text)
  if (decimal) {
    const fraction = decimal[3] ?? ''
    const digits = Math.min(fraction.length, MAX_FRACTION_DIGITS)
    const significant = (decimal[2] ?? '').replace(/^0+/, '').length + fraction.length
    // Without exact string formatting, a long numeric would be rounded: show its digits as sent.
    if (!EXACT_STRING_FORMAT && significant > 15) return { text, kind: 'number', align: 'end' }
    const input = text.endsWith('.') ? text.slice(0, -1) : text
    return {
      text: formats.number(digits).format(input as unknown as number),
      kind: 'number',
      align: 'end',
    }
  }
  if (SCIENTIFIC.test(text)) {
    return { text: formats.number(null).format(Number(text)), kind: 'number', align: 'end' }
  }
  return null
}

// ---- dates and timestamps ----

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/

interface WallClock {
  utcMillis: number
  hasTime: boolean
  hasSeconds: boolean
  offset: string | undefined
}

/** Reads `2023-02-01T00:00:00` as the wall-clock time it names (never shifted by the viewer's zone). */
function readWallClock(text: string): WallClock | null {
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

function formatDateLike(
  value: unknown,
  formats: LocaleFormats,
  family: 'date' | 'timestamp',
): FormattedCell | null {
  if (typeof value !== 'string') return null
  const wall = readWallClock(value)
  if (!wall) return null
  if (family === 'date' || !wall.hasTime) {
    return { text: formats.date('date').format(wall.utcMillis), kind: family, align: 'start' }
  }
  const text = formats.date(wall.hasSeconds ? 'seconds' : 'minutes').format(wall.utcMillis)
  return { text: wall.offset ? `${text} (UTC${wall.offset})` : text, kind: 'timestamp', align: 'start' }
}

// ---- everything else ----

function limitText(text: string, kind: CellKind, align: 'start' | 'end' = 'start'): FormattedCell {
  if (text.length <= MAX_CELL_CHARS) return { text, kind, align }
  return { text: `${text.slice(0, MAX_CELL_CHARS)}…`, kind, align, truncated: true }
}

function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

function formatBool(value: unknown, locale: CellLocale): FormattedCell | null {
  let truth: boolean | null = null
  if (typeof value === 'boolean') truth = value
  else if (typeof value === 'string') {
    const lower = value.trim().toLowerCase()
    if (['t', 'true', 'yes', 'y', '1'].includes(lower)) truth = true
    else if (['f', 'false', 'no', 'n', '0'].includes(lower)) truth = false
  }
  if (truth === null) return null
  return { text: truth ? locale.trueText : locale.falseText, kind: 'bool', align: 'start' }
}

/** How to show one value of a column of CKAN type `fieldType`. Never throws. */
export function formatCell(value: unknown, fieldType: string, locale: CellLocale): FormattedCell {
  if (value === null || value === undefined) return { text: locale.nullText, kind: 'null', align: 'start' }
  if (value === '') return { text: '', kind: 'empty', align: 'start' }
  const family = normaliseType(fieldType)
  let formatted: FormattedCell | null = null
  switch (family) {
    case 'int':
    case 'float':
    case 'numeric':
      formatted = formatNumber(value, locale.formats)
      break
    case 'date':
    case 'timestamp':
      formatted = formatDateLike(value, locale.formats, family)
      break
    case 'bool':
      formatted = formatBool(value, locale)
      break
    case 'json':
    case 'array':
      return limitText(typeof value === 'string' && family === 'json' ? value : compactJson(value), 'json')
    default:
      break
  }
  if (formatted) return formatted
  // Text, time, and values that do not fit their column's type: shown exactly as sent.
  if (typeof value === 'string') return limitText(value, 'text')
  if (typeof value === 'object') return limitText(compactJson(value), 'json')
  return limitText(String(value), 'text')
}

/**
 * Builds and first-runs the formatters a table needs (ICU loads its date and number data on first
 * use, about 10 ms). Called while the first page is on its way, so the first rows do not pay for it.
 */
export function warmFormatters(locale: CellLocale): void {
  formatCell('2024-01-02', 'date', locale)
  formatCell('2024-01-02T03:04:05', 'timestamp', locale)
  formatCell('2024-01-02T03:04', 'timestamp', locale)
  formatCell(12345, 'int', locale)
  // one number formatter per count of decimals shown: build the common ones (1.5 to 1.123456) now
  for (let decimals = 1; decimals <= WARM_FRACTION_DIGITS; decimals++)
    formatCell(`1234.${'5'.repeat(decimals)}`, 'numeric', locale)
  locale.formats.count(1_000_000)
}

/** Up to this many decimals, a number's formatter is built while the first page is on its way. */
const WARM_FRACTION_DIGITS = 6
