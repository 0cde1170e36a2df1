// The exact total of a range filter, without reading every matching index entry.
//
// CKAN 2.12 counts the records of a filtered search exactly (`SELECT count(*) …`), and so do we. On
// 1,000,000 rows a range that matches half the table reads half an index: 120 ms on the bundled
// server, 240 ms for 95 % of it, against 5–15 ms for the page of records itself (bench/RESULTS.md).
// This server's tables never change once loaded (as `cachedRowCount` says), so a load marks each
// indexed number or date column: every Nth value in order, with the exact number of values below it.
// A range's count is then "values below the upper bound" minus "values below the lower bound", each
// a mark plus the few values between the mark and the bound: two small index reads, whatever the range.
// The answer is the same number CKAN's count gives (the tests compare them on random ranges).
import { bindFilterValue, Params } from './filter-sql.ts'
import { AND, type FilterOp } from './filters.ts'
import { catalogSchema, quoteIdent } from './identifiers.ts'
import { cachedRead } from './read-cache.ts'
import type { Db, Json } from './types.ts'

const markTable = `${catalogSchema}.range_mark`

/** The table of marks, created with the catalogue. Idempotent. */
export const rangeMarkTable = `
CREATE TABLE IF NOT EXISTS ${markTable} (
    resource_id text NOT NULL,
    field text NOT NULL,
    -- a value of the column as text, or NULL for the row that holds how many values are not empty
    value text,
    -- how many of the column's values are below this one
    below bigint NOT NULL,
    PRIMARY KEY (resource_id, field, below)
);`

/** Below this many rows a count is fast anyway, and a table gets no marks. */
export const MARKED_TABLE_MIN_ROWS = 50_000
/** About this many marks per column: the values between two marks are a 1/256 of the column. */
const MARKS_PER_COLUMN = 256

/** Types whose text form reads back as the same value, and whose order is the same everywhere. */
const markableTypes = new Set([
  'int2',
  'int4',
  'int8',
  'float4',
  'float8',
  'numeric',
  'date',
  'timestamp',
  'timestamptz',
])

export function isMarkable(pgType: string): boolean {
  return markableTypes.has(pgType)
}

/**
 * Marks the table's `columns` (indexed, of a markable type) for range counts, replacing any marks a
 * table of the same id had. A table of fewer than `minRows` rows gets none.
 */
export async function buildRangeMarks(
  db: Db,
  resourceId: string,
  columns: ReadonlyArray<{ id: string; pgType: string }>,
  rowCount: number,
  minRows = MARKED_TABLE_MIN_ROWS,
): Promise<void> {
  await db.query(`DELETE FROM ${markTable} WHERE resource_id = $1`, [resourceId])
  if (rowCount < minRows) return
  const table = `public.${quoteIdent(resourceId)}`
  const step = Math.max(1, Math.ceil(rowCount / MARKS_PER_COLUMN))
  for (const { id, pgType } of columns) {
    if (!isMarkable(pgType)) continue
    const column = quoteIdent(id)
    // rank() − 1: how many values are strictly below. A value sampled twice gives the same mark twice.
    await db.query(
      `INSERT INTO ${markTable} (resource_id, field, value, below)
       SELECT $1, $2, value, below FROM (
         SELECT ${column}::text AS value, rank() OVER w - 1 AS below, row_number() OVER w AS n
           FROM ${table} WHERE ${column} IS NOT NULL WINDOW w AS (ORDER BY ${column})) AS s
        WHERE (n - 1) % $3 = 0
       UNION ALL SELECT $1, $2, NULL, count(${column}) FROM ${table}
       ON CONFLICT DO NOTHING`,
      [resourceId, id, step],
    )
  }
}

type Bound = { op: string; value: Json }

/** A range on one column: a lower bound (`gt`/`gte`), an upper one (`lt`/`lte`), or both. */
export interface ColumnRange {
  field: string
  lower?: Bound
  upper?: Bound
}

/**
 * The filters as one column's range, when they are nothing else: `{"year": {"gte": 2000, "lt":
 * 2010}}`, `{"year": {"gt": 5}}`, `{"year": 2000}` (equal is from and to). Undefined otherwise: two
 * columns, a list, an OR, `in`, two lower bounds.
 */
export function columnRange(filters: FilterOp | undefined): ColumnRange | undefined {
  if (!filters) return undefined
  const ops = filters.op === AND ? (filters.value as FilterOp[]) : [filters]
  const field = ops[0]?.field
  if (typeof field !== 'string') return undefined
  const range: ColumnRange = { field }
  for (const op of ops) {
    if (op.field !== field || op.op === AND) return undefined
    const value = op.value as Json
    // a list or object value is compared as a whole, or fails: leave it to the plain count
    if (value === null || typeof value === 'object') return undefined
    const isLower = op.op === 'gt' || op.op === 'gte' || op.op === 'eq'
    const isUpper = op.op === 'lt' || op.op === 'lte' || op.op === 'eq'
    if (!isLower && !isUpper) return undefined
    if (isLower) {
      if (range.lower) return undefined
      range.lower = { op: op.op === 'eq' ? 'gte' : op.op, value }
    }
    if (isUpper) {
      if (range.upper) return undefined
      range.upper = { op: op.op === 'eq' ? 'lte' : op.op, value }
    }
  }
  return range
}

/**
 * SQL for how many of the column's values are below `bound.value` (`lt`) or at most it (`lte`): the
 * nearest mark at or below the bound, plus the values from that mark up to the bound. The first
 * mark is the column's smallest value (nothing below it), so a bound with no mark at or below it
 * has no value below it either: NULL, read as 0.
 */
function valuesBelowSql(
  params: Params,
  resourceId: string,
  field: string,
  pgType: string,
  bound: Bound,
): string {
  const column = quoteIdent(field)
  const at = bindFilterValue(params, bound.value, pgType)
  const comparison = bound.op === 'lt' ? '<' : '<='
  return `(SELECT m.below + (SELECT count(*) FROM public.${quoteIdent(resourceId)}
             WHERE ${column} >= m.value AND ${column} ${comparison} ${at})
           FROM (SELECT value::${pgType} AS value, below FROM ${markTable}
                  WHERE resource_id = ${params.add(resourceId)} AND field = ${params.add(field)}
                    AND value IS NOT NULL AND value::${pgType} <= ${at}
                  ORDER BY value::${pgType} DESC LIMIT 1) AS m)`
}

/**
 * The exact number of records in `range`, from the column's marks, in one statement; undefined
 * when the column has none (a small table, a type without marks, a table loaded before marks).
 */
export async function countRange(
  db: Db,
  resourceId: string,
  range: ColumnRange,
  pgType: string,
): Promise<number | undefined> {
  if (!isMarkable(pgType)) return undefined
  // whether the column is marked, and how many of its values are not empty: kept until the next
  // write, so a range on a small table (no marks) costs no statement beyond its plain count
  const notEmpty = await cachedRead(
    db,
    `range-marks\u0000${resourceId}\u0000${range.field}`,
    async (read) => {
      const { rows } = await read.query<{ below: string }>(
        `SELECT below::text FROM ${markTable} WHERE resource_id = $1 AND field = $2 AND value IS NULL`,
        [resourceId, range.field],
      )
      return rows[0] ? Number(rows[0].below) : undefined
    },
  )
  if (notEmpty === undefined) return undefined
  const params = new Params()
  const upTo = range.upper ? valuesBelowSql(params, resourceId, range.field, pgType, range.upper) : null
  // values above `gt v` are those not at most v; above `gte v`, those not below v
  const from = range.lower
    ? valuesBelowSql(params, resourceId, range.field, pgType, {
        op: range.lower.op === 'gt' ? 'lte' : 'lt',
        value: range.lower.value,
      })
    : null
  // (a range has a bound at least: columnRange says so)
  const { rows } = await db.query<{ up_to: string | null; below_lower: string | null }>(
    `SELECT ${upTo ?? 'NULL'}::text AS up_to, ${from ?? 'NULL'}::text AS below_lower`,
    params.values,
  )
  // NULL for a bound: no mark at or below it, so no value below it either
  const below = {
    upTo: upTo === null ? notEmpty : Number(rows[0]?.up_to ?? 0),
    from: Number(rows[0]?.below_lower ?? 0),
  }
  // a lower bound above the upper one: an empty range
  return Math.max(0, below.upTo - below.from)
}
