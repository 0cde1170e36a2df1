// How records are written into each kind of file. The CSV is the one CKAN's dump writes (PostgreSQL's
// CSV: `t`/`f`, JSON for arrays and objects, nothing for null, `""` for an empty text), so a file
// made by paging is the same, byte for byte, as the dump's. JSON and XLSX hold raw typed values
// (lib/ckan-types rawValue), never the table's display strings. Pure.
import { ckanType, readWallClock, rawValue } from '../../lib/ckan-types'
import { csvValue, quoteCsv } from '../../lib/csv'
import type { ExportColumn } from './export-plan'

export const UTF8_BOM = '\uFEFF'

/**
 * The header row, quoted as Python's csv writer quotes CKAN's (only a name that needs it). CKAN ends
 * it with `\r\n` and its rows with `\n`; the file ends every line with `\n`.
 */
export function csvHeader(ids: readonly string[]): string {
  return `${ids.map((id) => (/[",\r\n]/.test(id) ? quoteCsv(id) : id)).join(',')}\n`
}

/** Rows (values in the columns' order) as CSV lines, each ended as the dump ends them (`\n`). */
export function csvRows(rows: readonly (readonly unknown[])[], columns: readonly { type: string }[]): string {
  const types = columns.map((column) => column.type)
  let out = ''
  for (const row of rows) out += `${row.map((value, index) => csvValue(value, types[index])).join(',')}\n`
  return out
}

/** One record as a JSON object of raw values, keyed by column id (any id, `__proto__` included). */
export function jsonRecord(row: readonly unknown[], columns: readonly ExportColumn[]): string {
  const entries = columns.map((column, index) => [column.id, rawValue(row[index], column.type)] as const)
  return JSON.stringify(Object.fromEntries(entries))
}

/** A streamed JSON array: `[` then records one a line, comma-separated, then `]`. */
export function createJsonArrayWriter(columns: readonly ExportColumn[]) {
  let first = true
  return {
    head: '[',
    rows(rows: readonly (readonly unknown[])[]): string {
      let out = ''
      for (const row of rows) {
        out += `${first ? '\n' : ',\n'}${jsonRecord(row, columns)}`
        first = false
      }
      return out
    },
    tail: () => (first ? ']\n' : '\n]\n'),
  }
}

export interface XlsxCell {
  value: number | boolean | string | Date | null
  /** Excel's number format of a date cell. */
  numFmt?: string
}

export const XLSX_DATE_FORMAT = 'yyyy-mm-dd'
export const XLSX_TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm:ss'

/**
 * A value as an Excel cell: numbers numeric, booleans boolean, dates and timestamps as date cells
 * (the wall-clock time they name; Excel has no time zones), but ISO text before 1900, which
 * Excel's dates cannot hold; arrays and objects as JSON text.
 */
export function xlsxCell(value: unknown, type: string): XlsxCell {
  const raw = rawValue(value, type)
  if (raw === null) return { value: null }
  if (typeof raw === 'number' || typeof raw === 'boolean') return { value: raw }
  const entry = ckanType(type)
  if (entry.isTemporal && typeof raw === 'string') {
    const clock = readWallClock(raw)
    if (clock && new Date(clock.utcMillis).getUTCFullYear() >= 1900) {
      const withTime = entry.display === 'timestamp' || clock.hasTime
      return { value: new Date(clock.utcMillis), numFmt: withTime ? XLSX_TIMESTAMP_FORMAT : XLSX_DATE_FORMAT }
    }
    return { value: raw }
  }
  if (typeof raw === 'string') return { value: raw }
  return { value: JSON.stringify(raw) }
}
