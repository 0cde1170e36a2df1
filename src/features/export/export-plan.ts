// What an export holds and what its file is called: the view's shown columns in the grid's order,
// how many records, and a file name that says what it is. Pure.
import { isInternalColumn } from '../../api/ckan/ckan-syntax'
import type { CkanField, SearchRequest } from '../../api/ckan/types'
import { localDate, slug } from '../../lib/file-names'
import type { Limit } from '../../model/explorer-state'

export type ExportFormat = 'csv' | 'json' | 'xlsx'

export interface ExportColumn {
  id: string
  type: string
  /** The data dictionary's label and notes (`info.label`, `info.notes`), for the XLSX's second sheet. */
  label?: string
  notes?: string
}

function dictionaryText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/**
 * The columns the grid shows, in its order: `fields` order without CKAN's internal columns,
 * duplicates or the hidden ones (as the table's columnSpecs and visibleSpecs decide).
 */
export function exportColumns(fields: readonly CkanField[], hidden: readonly string[]): ExportColumn[] {
  const hiddenSet = new Set(hidden)
  const seen = new Set<string>()
  const columns: ExportColumn[] = []
  for (const field of fields) {
    if (typeof field.id !== 'string' || isInternalColumn(field.id) || seen.has(field.id)) continue
    seen.add(field.id)
    if (hiddenSet.has(field.id)) continue
    const column: ExportColumn = { id: field.id, type: typeof field.type === 'string' ? field.type : 'text' }
    const label = dictionaryText(field.info?.label)
    const notes = dictionaryText(field.info?.notes)
    if (label !== undefined) column.label = label
    if (notes !== undefined) column.notes = notes
    columns.push(column)
  }
  return columns
}

/** Whether a search or filters narrow the view (the file name says "filtered"). */
export function isFiltered(request: Pick<SearchRequest, 'q' | 'filters'>): boolean {
  return (
    (request.q !== undefined && request.q.trim() !== '') ||
    Object.values(request.filters ?? {}).some((values) => values.length > 0)
  )
}

/** How many records the file holds: every match up to the view's limit ("All": every match). */
export function recordsToExport(limit: Limit, total: number): number {
  return limit === 'all' ? total : Math.min(limit, total)
}

export const FILE_EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', json: 'json', xlsx: 'xlsx' }

/** `generated-cities-filtered-2026-11-24.csv`: the table, whether it is narrowed, the day. */
export function exportFileName(options: {
  name: string | undefined
  resourceId: string
  filtered: boolean
  date: Date
  format: ExportFormat
}): string {
  const base = slug(options.name ?? '') || slug(options.resourceId) || 'export'
  const parts = [base, ...(options.filtered ? ['filtered'] : []), localDate(options.date)]
  return `${parts.join('-')}.${FILE_EXTENSIONS[options.format]}`
}

/** A record's values in the columns' order (a missing key is null). */
export function recordRow(record: Record<string, unknown>, columns: readonly ExportColumn[]): unknown[] {
  return columns.map((column) => (Object.hasOwn(record, column.id) ? record[column.id] : null))
}
