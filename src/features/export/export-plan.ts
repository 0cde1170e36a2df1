// What an export holds and what its file is called: the view's shown columns in the grid's order,
// how many records, and a file name that says what it is. Pure.
import type { SearchRequest } from '../../api/ckan/types'
import { localDate, slug } from '../../lib/file-names'
import type { Limit } from '../../model/explorer-state'
import type { ViewColumn } from '../../model/fields'

export type ExportFormat = 'csv' | 'json' | 'xlsx'

/** A column of the file: the view's shown columns (the model's shownColumns), in their order. */
export type ExportColumn = ViewColumn

/** Whether a search or filters narrow the view (the file name says "filtered"). */
export function isFiltered(request: Pick<SearchRequest, 'q' | 'filters'>): boolean {
  return (request.q !== undefined && request.q.trim() !== '') || Object.keys(request.filters ?? {}).length > 0
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
