// The stand-in portal's answers, pure: the 13 real responses of ../shared/ckan-samples replayed as
// tables, each with its own fields and quirks kept exactly (numbers sent as strings stay strings,
// `_full_count` and `rank` stay, `total_was_estimated` stays), with q, filters, sort, offset and a
// limit capped at 100 done simply over its records, as a portal with rows_max = 100 would.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ckanSampleFiles } from '../scripts/ckan-samples'

/** The stand-in portal's ckan.datastore.search.rows_max. */
export const SAMPLE_PORTAL_ROWS_MAX = 100

export interface SampleTable {
  id: string
  /** The sample's `result`, less its records. */
  result: Record<string, unknown>
  records: Record<string, unknown>[]
}

export function loadSampleTables(): Map<string, SampleTable> {
  const tables = new Map<string, SampleTable>()
  for (const file of ckanSampleFiles()) {
    const body = JSON.parse(readFileSync(file, 'utf8')) as { result: Record<string, unknown> }
    const { records, ...result } = body.result
    tables.set(path.basename(file, '.json'), {
      id: path.basename(file, '.json'),
      result,
      records: records as Record<string, unknown>[],
    })
  }
  return tables
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value.trim() === '') return null
  const number = Number(value.trim())
  return Number.isFinite(number) ? number : null
}

function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1
  if (b === null || b === undefined) return -1
  const x = asNumber(a)
  const y = asNumber(b)
  if (x !== null && y !== null) return x - y
  return String(a).localeCompare(String(b))
}

export type SearchParams = Record<string, unknown>

export function searchSample(table: SampleTable, params: SearchParams): Record<string, unknown> {
  let rows = table.records
  const q = typeof params.q === 'string' ? params.q.trim().toLowerCase().replace(/:\*$/, '') : ''
  if (q)
    rows = rows.filter((row) => Object.values(row).some((value) => String(value).toLowerCase().includes(q)))
  const filters = typeof params.filters === 'string' ? JSON.parse(params.filters) : params.filters
  if (filters && typeof filters === 'object') {
    for (const [field, wanted] of Object.entries(filters as Record<string, unknown>)) {
      const values = (Array.isArray(wanted) ? wanted : [wanted]).map(String)
      rows = rows.filter((row) => values.includes(String(row[field])))
    }
  }
  const sort = typeof params.sort === 'string' ? params.sort : ''
  for (const clause of sort.split(',').reverse()) {
    const match = /^\s*"?(.+?)"?(?:\s+(asc|desc))?(?:\s+nulls\s+(?:first|last))?\s*$/i.exec(clause)
    if (!match || match[1] === '_id') continue
    const field = match[1]!
    const sign = match[2]?.toLowerCase() === 'desc' ? -1 : 1
    rows = [...rows].sort((a, b) => {
      const order = compare(a[field], b[field])
      // empty values last, whichever the direction
      if (a[field] === null || a[field] === undefined || b[field] === null || b[field] === undefined)
        return order
      return sign * order
    })
  }
  // a portal whose recorded answer carries total_was_estimated estimates an unfiltered total, as CKAN
  // 2.9+ does above its threshold: a rounded count, said to be estimated
  const estimated = 'total_was_estimated' in table.result && !q && !filters && rows.length > 1000
  const offset = Math.max(0, Number(params.offset ?? 0) || 0)
  const asked = params.limit === undefined ? SAMPLE_PORTAL_ROWS_MAX : Number(params.limit)
  const limit = Math.min(SAMPLE_PORTAL_ROWS_MAX, Number.isFinite(asked) && asked >= 0 ? asked : 0)
  return {
    ...table.result,
    resource_id: table.id,
    limit,
    offset,
    total: estimated ? Math.round(rows.length / 10) * 10 : rows.length,
    ...('total_was_estimated' in table.result ? { total_was_estimated: estimated } : {}),
    records: rows.slice(offset, offset + limit),
  }
}
