// The column that names each record (a name or a title), which a reader of a wide table may want to keep
// in view while scrolling sideways: the table offers it, never does it unasked.
import type { CkanRecord } from '../../api/ckan/types'
import { ckanType } from '../../lib/ckan-types'
import type { ColumnSpec } from './columns-fns'

/** Words that name a record's label in a column's id or dictionary label, in the portals' languages. */
const NAME_WORD =
  /(?:^|[^\p{L}])(name|title|label|nom|titre|libell[eé]|nombre|t[ií]tulo|titel|naam|nome)(?:$|[^\p{L}])/iu
/** How many of the first columns are looked at for a column whose values name each record. */
const LEADING_COLUMNS = 4
/** Share of distinct values that makes a text column a label (one per record, nearly). */
const DISTINCT_SHARE = 0.9
const SAMPLE = 200

function isText(spec: ColumnSpec): boolean {
  return ckanType(spec.family).display === 'text' && !spec.isCode && spec.family !== 'time'
}

/** Whether the records' values in this column are short texts, nearly one different value per record. */
function namesRecords(spec: ColumnSpec, records: readonly CkanRecord[]): boolean {
  const values: string[] = []
  for (const record of records.slice(0, SAMPLE)) {
    const value = Object.hasOwn(record, spec.id) ? record[spec.id] : null
    if (typeof value !== 'string' || value.trim() === '' || !Number.isNaN(Number(value))) return false
    values.push(value)
  }
  if (values.length < 5) return false
  const averageLength = values.reduce((sum, value) => sum + value.length, 0) / values.length
  return averageLength <= 60 && new Set(values).size >= values.length * DISTINCT_SHARE
}

/**
 * The obvious label column of a table, or null: a text column the data dictionary or its id calls a
 * name or a title, else one of the first few text columns whose values are short and nearly all
 * different.
 */
export function labelColumn(specs: readonly ColumnSpec[], records: readonly CkanRecord[]): ColumnSpec | null {
  const texts = specs.filter(isText)
  const byName = texts.find((spec) => NAME_WORD.test(spec.id) || NAME_WORD.test(spec.label))
  if (byName) return byName
  return (
    specs
      .slice(0, LEADING_COLUMNS)
      .filter(isText)
      .find((spec) => namesRecords(spec, records)) ?? null
  )
}
