// Display text for one cell, chosen by the column's CKAN type (`fields[].type`), not by the JSON type:
// portals send numbers as strings ("120.30369", " -210.500"), numerics beyond 2^53, and timestamps
// without a zone. Text is always rendered as text by the UI, never as HTML.
import type { MainMessages } from '../i18n/catalogues/main'
import type { LocaleFormats } from '../i18n/locale-formats'
import type { Translate } from '../i18n/translate'
import { ckanType, normaliseType, parseBool, readWallClock } from './ckan-types'

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

/** What a cell's column says about its values, computed once per column (see ColumnSpec). */
export interface CellOptions {
  /** The column holds codes (ids, postal codes): numbers without grouping, digit strings as sent. */
  code?: boolean
}

/** The options of every cell of a column of codes: one object, not one per cell. */
export const CODE_COLUMN: CellOptions = { code: true }

/** Digits with a leading zero ("00501"): a code whose zeros are part of it. */
const LEADING_ZERO_DIGITS = /^0\d+$/

function formatNumber(value: unknown, formats: LocaleFormats, code: boolean): FormattedCell | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { text: String(value), kind: 'number', align: 'end' }
    text = String(value)
  } else if (typeof value === 'string') {
    text = value.trim()
    if (code && LEADING_ZERO_DIGITS.test(text)) return { text, kind: 'number', align: 'end' }
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
      text: formats.number(digits, !code).format(input as unknown as number),
      kind: 'number',
      align: 'end',
    }
  }
  if (SCIENTIFIC.test(text)) {
    return { text: formats.number(null, !code).format(Number(text)), kind: 'number', align: 'end' }
  }
  return null
}

// ---- dates and timestamps ----

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
  const truth = parseBool(value)
  if (truth === null) return null
  return { text: truth ? locale.trueText : locale.falseText, kind: 'bool', align: 'start' }
}

/** How to show one value of a column of CKAN type `fieldType`. Never throws. */
export function formatCell(
  value: unknown,
  fieldType: string,
  locale: CellLocale,
  options?: CellOptions,
): FormattedCell {
  if (value === null || value === undefined) return { text: locale.nullText, kind: 'null', align: 'start' }
  if (value === '') return { text: '', kind: 'empty', align: 'start' }
  const family = normaliseType(fieldType)
  let formatted: FormattedCell | null = null
  switch (ckanType(family).display) {
    case 'number':
      formatted = formatNumber(value, locale.formats, options?.code === true)
      break
    case 'date':
      formatted = formatDateLike(value, locale.formats, 'date')
      break
    case 'timestamp':
      formatted = formatDateLike(value, locale.formats, 'timestamp')
      break
    case 'bool':
      formatted = formatBool(value, locale)
      break
    case 'json':
      return limitText(typeof value === 'string' && family === 'json' ? value : compactJson(value), 'json')
    case 'text':
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
  formatCell(12345, 'int', locale, CODE_COLUMN)
  // one number formatter per count of decimals shown: build the common ones (1.5 to 1.123456) now
  for (let decimals = 1; decimals <= WARM_FRACTION_DIGITS; decimals++)
    formatCell(`1234.${'5'.repeat(decimals)}`, 'numeric', locale)
  locale.formats.count(1_000_000)
}

/** Up to this many decimals, a number's formatter is built while the first page is on its way. */
const WARM_FRACTION_DIGITS = 6
