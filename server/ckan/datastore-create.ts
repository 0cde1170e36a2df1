// Creates datastore tables the way CKAN's datastore_create lays them out: `_id` serial primary key,
// `_full_text` tsvector filled like `populate_full_text_trigger`, the columns, alias views, indexes,
// plus the catalogue row that resource_show / package_search answer from.
import { availableParallelism } from 'node:os'
import { catalogSchema, fieldNameProblem, quoteIdent, quoteLiteral, tableNameProblem } from './identifiers.ts'
import { buildRangeMarks, rangeMarkTable } from './range-count.ts'
import type { BulkLoadDb, Db, FieldDescriptor, Json, ResourceDefinition } from './types.ts'

export { catalogSchema }

/** Thrown for a resource definition CKAN would refuse (bad names, unknown types, malformed records). */
export class ResourceDefinitionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ResourceDefinitionError'
  }
}

// CKAN 2.11 set_permissions.sql: every table and view of the public schema, aliases pointing at
// the table they select from.
const tableMetadataView = `
CREATE OR REPLACE VIEW public."_table_metadata" AS
    SELECT DISTINCT
        substr(md5(dependee.relname || COALESCE(dependent.relname, '')), 0, 17) AS "_id",
        dependee.relname AS name,
        dependee.oid AS oid,
        dependent.relname AS alias_of
    FROM
        pg_class AS dependee
        LEFT OUTER JOIN pg_rewrite AS r ON r.ev_class = dependee.oid
        LEFT OUTER JOIN pg_depend AS d ON d.objid = r.oid
        LEFT OUTER JOIN pg_class AS dependent ON d.refobjid = dependent.oid
    WHERE
        (dependee.oid != dependent.oid OR dependent.oid IS NULL) AND
        (dependee.relkind = 'r'::"char" OR dependee.relkind = 'v'::"char")
        AND dependee.relnamespace = (
            SELECT oid FROM pg_namespace WHERE nspname='public')
    ORDER BY dependee.oid DESC;`

// Kept for rows written by other tools; createResource fills _full_text itself (same result, no per-row call).
const fullTextTrigger = `
CREATE OR REPLACE FUNCTION public.populate_full_text_trigger() RETURNS trigger
AS $body$
    BEGIN
        IF NEW._full_text IS NOT NULL THEN
            RETURN NEW;
        END IF;
        NEW._full_text := (
            SELECT to_tsvector(string_agg(value, ' '))
            FROM json_each_text(row_to_json(NEW.*))
            WHERE key NOT LIKE '\\_%');
        RETURN NEW;
    END;
$body$ LANGUAGE plpgsql;`

const catalogTable = `
CREATE SCHEMA IF NOT EXISTS ${catalogSchema};
CREATE TABLE IF NOT EXISTS ${catalogSchema}.resource (
    id text PRIMARY KEY,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    package_id text NOT NULL,
    package_name text NOT NULL,
    package_title text NOT NULL,
    private boolean NOT NULL DEFAULT false,
    position integer NOT NULL DEFAULT 0,
    created timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'),
    last_modified timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')
);
-- Not CKAN's: the row count the catalogue gives (datastore_rows), and a load's progress while the
-- table is still coming in (datastore_loading). Added apart so databases made earlier get them too.
ALTER TABLE ${catalogSchema}.resource ADD COLUMN IF NOT EXISTS row_count bigint;
ALTER TABLE ${catalogSchema}.resource ADD COLUMN IF NOT EXISTS loading boolean NOT NULL DEFAULT false;
ALTER TABLE ${catalogSchema}.resource ADD COLUMN IF NOT EXISTS rows_loaded bigint;`

/** Creates the `_table_metadata` view, the full-text trigger function and the catalogue. Idempotent. */
export async function initDatastore(db: Db): Promise<void> {
  await db.exec(tableMetadataView + fullTextTrigger + catalogTable + rangeMarkTable)
}

// CKAN type names accepted by datastore_create → PostgreSQL type used for the column.
const baseTypes = new Map<string, string>([
  ['text', 'text'],
  ['varchar', 'varchar'],
  ['int', 'int4'],
  ['int2', 'int2'],
  ['int4', 'int4'],
  ['int8', 'int8'],
  ['integer', 'int4'],
  ['smallint', 'int2'],
  ['bigint', 'int8'],
  ['float', 'float8'],
  ['float4', 'float4'],
  ['float8', 'float8'],
  ['real', 'float4'],
  ['double precision', 'float8'],
  ['numeric', 'numeric'],
  ['bool', 'bool'],
  ['boolean', 'bool'],
  ['date', 'date'],
  ['time', 'time'],
  ['timestamp', 'timestamp'],
  ['timestamptz', 'timestamptz'],
  ['interval', 'interval'],
  ['uuid', 'uuid'],
  ['json', 'json'],
  ['nested', 'json'],
])

interface Column {
  id: string
  /** PostgreSQL type name, e.g. `int4`, `_text`. */
  pgType: string
  info?: Record<string, Json>
}

/** Maps a CKAN create type to a PostgreSQL type name (`_text` and `text[]` both give `_text`). */
export function columnType(type: string | undefined): string | undefined {
  const name = (type ?? 'text').trim().toLowerCase()
  const arrayOf = name.startsWith('_') ? name.slice(1) : name.endsWith('[]') ? name.slice(0, -2) : undefined
  if (arrayOf !== undefined) {
    const element = baseTypes.get(arrayOf)
    return element && element !== 'json' ? '_' + element : undefined
  }
  return baseTypes.get(name)
}

function checkedColumns(def: ResourceDefinition): Column[] {
  const seen = new Set<string>()
  return def.fields.map((field: FieldDescriptor) => {
    const problem = fieldNameProblem(field.id)
    if (problem) throw new ResourceDefinitionError(`field name ${JSON.stringify(field.id)} ${problem}`)
    if (seen.has(field.id))
      throw new ResourceDefinitionError(`field name ${JSON.stringify(field.id)} is duplicated`)
    seen.add(field.id)
    const pgType = columnType(field.type)
    if (!pgType) throw new ResourceDefinitionError(`"${field.type}" is not a valid field type`)
    return field.info ? { id: field.id, pgType, info: field.info } : { id: field.id, pgType }
  })
}

/** Records as arrays in field order; objects are checked for unknown keys like CKAN does. */
function recordsAsRows(records: ResourceDefinition['records'], columns: Column[], offset = 0): Json[][] {
  const known = new Set(columns.map((column) => column.id))
  return records.map((record: Json[] | Record<string, Json>, position) => {
    const index = offset + position
    if (Array.isArray(record)) {
      if (record.length > columns.length)
        throw new ResourceDefinitionError(`row "${index + 1}" has too many values`)
      return record
    }
    if (record === null || typeof record !== 'object') {
      throw new ResourceDefinitionError(`row "${index}" is not a json object`)
    }
    const extra = Object.keys(record).filter((key) => !known.has(key))
    if (extra.length > 0)
      throw new ResourceDefinitionError(`row "${index + 1}" has extra keys "${extra.join(', ')}"`)
    return columns.map((column) => (Object.hasOwn(record, column.id) ? (record[column.id] ?? null) : null))
  })
}

/** PostgreSQL array-literal text of a JSON list (`{"a","b",NULL}`), for array columns. */
function pgArrayLiteral(values: Json[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL'
    if (Array.isArray(value)) return pgArrayLiteral(value)
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
    return '"' + text.replace(/[\\"]/g, '\\$&') + '"'
  })
  return '{' + items.join(',') + '}'
}

/** Text form of a value for its column, parsed by PostgreSQL's input function (NULL stays null). */
function valueText(value: Json | undefined, pgType: string): string | null {
  if (value === null || value === undefined) return null
  if (pgType === 'json') return JSON.stringify(value)
  if (pgType.startsWith('_') && Array.isArray(value)) return pgArrayLiteral(value)
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * One column of a batch as a `text[]` literal. Array literals are parsed by PostgreSQL in one go,
 * which measured about twice as fast as extracting values from a JSON parameter row by row.
 */
function columnLiteral(rows: Json[][], index: number, pgType: string): string {
  const items = rows.map((row) => {
    const text = valueText(row[index], pgType)
    return text === null ? 'NULL' : '"' + text.replace(/[\\"]/g, '\\$&') + '"'
  })
  return '{' + items.join(',') + '}'
}

// Types whose JSON text differs from their ::text form (or that are JSON already).
const jsonRenderedTypes = new Set(['timestamp', 'timestamptz', 'json', 'time', 'timetz'])

/**
 * `_full_text` exactly as CKAN's trigger computes it: single-argument to_tsvector over the JSON text
 * forms of the row's values (`json_each_text(row_to_json(NEW))`), NULLs skipped, joined with spaces.
 * For text, numbers, booleans and dates the ::text form is the same text and much cheaper.
 */
function fullTextExpression(columns: Column[]): string {
  if (columns.length === 0) return 'NULL::tsvector'
  const parts = columns.map((column) => {
    const name = quoteIdent(column.id)
    if (column.pgType === 'text') return name
    if (jsonRenderedTypes.has(column.pgType) || column.pgType.startsWith('_'))
      return `to_json(${name}) #>> '{}'`
    return `${name}::text`
  })
  return `to_tsvector(NULLIF(concat_ws(' ', ${parts.join(', ')}), ''))`
}

const batchRows = 20_000

/** Told the number of rows loaded so far, after each batch. */
type Progress = (rowsLoaded: number) => Promise<void>

async function insertRows(
  db: Db,
  table: string,
  columns: Column[],
  source: CheckedRows,
  progress: Progress,
): Promise<void> {
  if (columns.length === 0) {
    for (let start = 0; start < source.count; start += batchRows) {
      const count = Math.min(batchRows, source.count - start)
      await db.query(`INSERT INTO ${table} ("_id") SELECT $1::int8 + g FROM generate_series(1, $2::int8) g`, [
        start,
        count,
      ])
      await progress(start + count)
    }
    return
  }
  const names = columns.map((column) => quoteIdent(column.id))
  const aliases = columns.map((_, i) => `c${i}`)
  const typed = columns.map((column, i) => `r.c${i}::${column.pgType} AS ${names[i]}`)
  const arrays = columns.map((_, i) => `$${i + 2}::text[]`)
  const sql =
    `INSERT INTO ${table} ("_id", ${names.join(', ')}, "_full_text") ` +
    `SELECT t."_id", ${names.map((n) => 't.' + n).join(', ')}, ${fullTextExpression(columns)} ` +
    `FROM (SELECT $1::int8 + r.ordinality AS "_id", ${typed.join(', ')} ` +
    `FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS r(${aliases.join(', ')}, ordinality)) t`
  for (let start = 0; start < source.count; start += batchRows) {
    const batch = source.slice(start, Math.min(source.count, start + batchRows))
    await db.query(sql, [start, ...columns.map((column, i) => columnLiteral(batch, i, column.pgType))])
    await progress(start + batch.length)
  }
}

/** Rows of a resource made on demand, so that a big generated table never sits in memory whole. */
export interface RowSource {
  count: number
  /** Rows `start` to `end - 1`, as arrays in field order (or objects keyed by field id). */
  slice(start: number, end: number): ResourceDefinition['records']
}

/** Rows already checked by `recordsAsRows`: arrays in field order, ready to load. */
interface CheckedRows {
  count: number
  slice(start: number, end: number): Json[][]
}

/**
 * A database that can load big tables faster (PGlite in worker threads): COPY with a whole batch
 * in one blob, and empty scratch databases on other threads to compute beside it.
 */
function canBulkLoad(db: Db): db is BulkLoadDb {
  const candidate = db as Partial<BulkLoadDb>
  return (
    typeof candidate.copyFrom === 'function' &&
    typeof candidate.copyTo === 'function' &&
    typeof candidate.openScratch === 'function'
  )
}

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** One value in COPY's text format: `\N` for NULL, backslash, newline, CR and tab escaped. */
export function copyField(text: string | null): string {
  if (text === null) return '\\N'
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => copyEscapes[c]!) : text
}

/** COPY text (`_id`, then the values in column order, a line per row) of rows from `_id` `firstId` on. */
function copyText(rows: Json[][], columns: Column[], firstId: number): string {
  let text = ''
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    let line = String(firstId + i)
    for (let c = 0; c < columns.length; c++) line += '\t' + copyField(valueText(row[c], columns[c]!.pgType))
    text += line + '\n'
  }
  return text
}

/** Rows per COPY: big enough that a message costs nothing per row, small enough to keep memory flat. */
const copyBatchRows = 10_000

/** Scratch databases computing `_full_text` beside the main one: one per core, 1 to 4. */
function defaultHelpers(): number {
  return Math.max(1, Math.min(4, availableParallelism()))
}

/**
 * Loads rows with COPY, in batches. Computing `_full_text` (to_tsvector) is most of the cost of a
 * load, so scratch databases on other threads do it: each takes a batch as COPY text into a staging
 * table with the same column types, and writes it back as binary COPY rows with `_full_text`
 * computed by the same expression as `insertRows`. The main database only stores those rows (binary
 * input costs it far less than text), in `_id` order. Batches are pipelined to keep every core busy.
 */
async function copyRows(
  db: BulkLoadDb,
  table: string,
  columns: Column[],
  source: CheckedRows,
  { helpers: helperCount, batchRows }: { helpers: number; batchRows: number },
  progress: Progress,
): Promise<void> {
  const names = columns.map((column) => quoteIdent(column.id)).join(', ')
  const stagingColumns = columns.map((column) => `${quoteIdent(column.id)} ${column.pgType}`).join(', ')
  const stagingIn = `COPY staging ("_id", ${names}) FROM '/dev/blob'`
  // `_id` is serial (int4) in the table: binary COPY needs the exact type
  const rowsOut =
    `COPY (SELECT ${fullTextExpression(columns)}, "_id"::int4, ${names} FROM staging ORDER BY "_id") ` +
    `TO '/dev/blob' WITH (FORMAT binary)`
  const tableIn = `COPY ${table} ("_full_text", "_id", ${names}) FROM '/dev/blob' WITH (FORMAT binary)`

  const helpers = await Promise.all(Array.from({ length: helperCount }, () => db.openScratch()))
  try {
    await Promise.all(
      helpers.map((helper) => helper.exec(`CREATE UNLOGGED TABLE staging ("_id" int8, ${stagingColumns})`)),
    )
    // A helper's staging table holds one batch at a time: its batches run one after another.
    const helperQueues: Array<Promise<unknown>> = helpers.map(() => Promise.resolve())
    const batches = Math.ceil(source.count / batchRows)
    const pending: Array<Promise<Uint8Array>> = []
    let made = 0
    const makeNext = (): void => {
      const batch = made++
      const start = batch * batchRows
      const text = copyText(
        source.slice(start, Math.min(source.count, start + batchRows)),
        columns,
        start + 1,
      )
      const lane = batch % helpers.length
      const helper = helpers[lane]!
      const done = helperQueues[lane]!.then(async () => {
        await helper.copyFrom(stagingIn, text)
        const rows = await helper.copyTo(rowsOut)
        await helper.exec('TRUNCATE staging')
        return rows
      })
      // The next batch of this helper waits for this one, failed or not. This handler also keeps a
      // failure from going unhandled until `done` is awaited below, in order.
      helperQueues[lane] = done.catch(() => undefined)
      pending.push(done)
    }
    const ahead = 2 * helpers.length
    for (let batch = 0; batch < batches; batch++) {
      while (made < batches && pending.length < ahead) makeNext()
      await db.copyFrom(tableIn, await pending.shift()!)
      await progress(Math.min(source.count, (batch + 1) * batchRows))
    }
  } finally {
    await Promise.all(helpers.map((helper) => helper.close()))
  }
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'dataset'
  )
}

async function writeCatalogRow(
  db: Db,
  def: ResourceDefinition,
  { loading, rows }: { loading: boolean; rows: number },
): Promise<void> {
  const packageId = def.package_id ?? `pkg-${def.resource_id}`
  const packageTitle = def.package_title ?? def.name ?? def.resource_id
  await db.query(
    `INSERT INTO ${catalogSchema}.resource (id, name, description, package_id, package_name, package_title, private, position, row_count, loading)
     VALUES ($1, $2, $3, $4, $5, $6, $7,
             (SELECT count(*) FROM ${catalogSchema}.resource WHERE package_id = $4 AND id <> $1), $8, $9)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
       package_id = EXCLUDED.package_id, package_name = EXCLUDED.package_name,
       package_title = EXCLUDED.package_title, private = EXCLUDED.private,
       row_count = EXCLUDED.row_count, loading = EXCLUDED.loading,
       rows_loaded = CASE WHEN EXCLUDED.loading THEN ${catalogSchema}.resource.rows_loaded END,
       last_modified = now() AT TIME ZONE 'UTC'`,
    [
      def.resource_id,
      def.name ?? def.resource_id,
      def.description ?? '',
      packageId,
      slug(def.package_id ?? packageTitle),
      packageTitle,
      def.private === true,
      rows,
      loading,
    ],
  )
}

function markLoading(db: Db, resourceId: string, rowsLoaded: number): Promise<void> {
  return db
    .query(`UPDATE ${catalogSchema}.resource SET rows_loaded = $2 WHERE id = $1`, [resourceId, rowsLoaded])
    .then(() => undefined)
}

/** Whether a datastore table (not an alias) with this id exists. */
export async function resourceExists(db: Db, resourceId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM pg_catalog.pg_class WHERE relname = $1 AND relkind = 'r' AND relnamespace = 'public'::regnamespace`,
    [resourceId],
  )
  return rows.length > 0
}

/** From this many rows on, a database that can bulk-load (PGlite in workers) loads with COPY. */
export const COPY_MIN_ROWS = 50_000

export interface CreateOptions {
  /** The rows, made on demand; replaces `def.records` (for big generated tables). */
  rows?: RowSource
  /** Load with COPY from this many rows on (default COPY_MIN_ROWS), when the database can. */
  copyMinRows?: number
  /** Scratch databases computing `_full_text` in a COPY load (default: one per core, 1 to 4). */
  helpers?: number
  /** Rows per COPY batch (default 10,000). */
  batchRows?: number
  /**
   * List the resource in the catalogue as soon as its table is made, with `datastore_loading`
   * progress after each batch; searches answer "not found" until it is complete.
   */
  listWhileLoading?: boolean
  /** Mark the indexed columns for range counts from this many rows on (default MARKED_TABLE_MIN_ROWS). */
  markRangesFrom?: number
}

/**
 * Creates (or replaces) the table of a resource, loads its records in batches, builds its indexes,
 * alias views and catalogue row, then VACUUMs and ANALYZEs it (see below).
 * Throws ResourceDefinitionError for names or types CKAN would refuse.
 */
export async function createResource(
  db: Db,
  def: ResourceDefinition,
  options: CreateOptions = {},
): Promise<void> {
  const idProblem = tableNameProblem(def.resource_id)
  if (idProblem)
    throw new ResourceDefinitionError(`resource id ${JSON.stringify(def.resource_id)} ${idProblem}`)
  const aliases = def.aliases ?? []
  for (const alias of aliases) {
    const problem = tableNameProblem(alias)
    if (problem) throw new ResourceDefinitionError(`alias ${JSON.stringify(alias)} ${problem}`)
    if (alias === def.resource_id)
      throw new ResourceDefinitionError(`alias ${JSON.stringify(alias)} is the resource id`)
  }
  const columns = checkedColumns(def)
  const indexed = def.indexes ?? []
  for (const name of indexed) {
    if (!columns.some((column) => column.id === name)) {
      throw new ResourceDefinitionError(`The field "${name}" is not a valid column name.`)
    }
  }
  // Given records are checked before anything is created; rows made on demand are checked (once)
  // batch by batch as they are loaded.
  const source: CheckedRows = options.rows
    ? checkedSource(options.rows, columns)
    : arraySource(recordsAsRows(def.records, columns))
  const table = quoteIdent(def.resource_id)
  const taken = await db.query<{ name: string }>(
    `SELECT relname::text AS name FROM pg_catalog.pg_class
      WHERE relname = ANY($1::text[]) AND relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM "_table_metadata" m WHERE m.name = relname AND m.alias_of = $2)`,
    [aliases, def.resource_id],
  )
  if (taken.rows[0]) throw new ResourceDefinitionError(`The alias "${taken.rows[0].name}" already exists.`)

  await db.exec(`DROP TABLE IF EXISTS public.${table} CASCADE`)
  const columnSql = columns.map((column) => `${quoteIdent(column.id)} ${column.pgType}`)
  await db.exec(
    `CREATE TABLE public.${table} ("_id" serial PRIMARY KEY, "_full_text" tsvector${columnSql.map((c) => ', ' + c).join('')})`,
  )
  try {
    const comments = columns
      .filter((column) => column.info)
      .map(
        (column) =>
          `COMMENT ON COLUMN public.${table}.${quoteIdent(column.id)} IS ${quoteLiteral(JSON.stringify({ _info: column.info }))};`,
      )
    if (comments.length > 0) await db.exec(comments.join('\n'))
    const progress: Progress = options.listWhileLoading
      ? (rowsLoaded) => markLoading(db, def.resource_id, rowsLoaded)
      : () => Promise.resolve()
    if (options.listWhileLoading) {
      await writeCatalogRow(db, def, { loading: true, rows: source.count })
      await markLoading(db, def.resource_id, 0)
    }

    const copy =
      canBulkLoad(db) && columns.length > 0 && source.count >= (options.copyMinRows ?? COPY_MIN_ROWS)
    const fullTextIndex = def.full_text_index !== false
    // GIN, which CKAN builds when `ckan.datastore.default_fts_index_method = gin` (its default is
    // GiST). GiST signatures are lossy: a word-start search such as `'port':*` matched every row of the
    // 100,000-row table in the index and was rechecked row by row, so searches with filters took 2.9×
    // as long as with GIN (docs/server.md, "Indexes"). GIN is built once the rows are in: its bulk
    // build is far faster than adding rows one by one to a GIN index.
    const fullTextIndexSql = `CREATE INDEX ON public.${table} USING gin ("_full_text");`
    if (copy) {
      await copyRows(
        db,
        `public.${table}`,
        columns,
        source,
        { helpers: options.helpers ?? defaultHelpers(), batchRows: options.batchRows ?? copyBatchRows },
        progress,
      )
    } else await insertRows(db, `public.${table}`, columns, source, progress)
    await db.query(`SELECT setval(pg_get_serial_sequence($1, '_id'), GREATEST($2::int8, 1), $2::int8 > 0)`, [
      `public.${table}`,
      source.count,
    ])

    // more memory than the 64 MB default speeds up building indexes
    const indexSql = [`SET maintenance_work_mem = '256MB';`]
    if (fullTextIndex) indexSql.push(fullTextIndexSql)
    // (column, _id): clients sort with an _id tiebreak for stable paging (`year, _id`), and only a
    // two-column index serves that order without sorting every row;
    // and a second one for descending sorts, which clients ask with empty values last
    // (`year desc nulls last, _id desc`): the first, read backwards, gives them first.
    for (const name of indexed) {
      indexSql.push(`CREATE INDEX ON public.${table} (${quoteIdent(name)}, "_id");`)
      indexSql.push(`CREATE INDEX ON public.${table} (${quoteIdent(name)} DESC NULLS LAST, "_id" DESC);`)
    }
    for (const alias of aliases) {
      indexSql.push(`CREATE OR REPLACE VIEW public.${quoteIdent(alias)} AS SELECT * FROM public.${table};`)
    }
    indexSql.push('RESET maintenance_work_mem;')
    await db.exec(indexSql.join('\n'))
    // ANALYZE: statistics for the planner (and 2.11's `total_estimation_threshold`). VACUUM: the
    // visibility map, without which an index cannot answer a count alone (an index-only scan) and
    // `count(*)` of a range on an indexed column visits the table's pages: on 1M rows 3 s instead of
    // a few tens of ms. PostgreSQL's autovacuum would do it some time after a load; PGlite has none.
    // (Alone: VACUUM cannot run in a multi-statement query.)
    await db.exec(`VACUUM (ANALYZE) public.${table}`)
    const indexedColumns = columns.filter((column) => indexed.includes(column.id))
    await buildRangeMarks(db, def.resource_id, indexedColumns, source.count, options.markRangesFrom)
    await writeCatalogRow(db, def, { loading: false, rows: source.count })
  } catch (error) {
    await db.exec(`DROP TABLE IF EXISTS public.${table} CASCADE`).catch(() => undefined)
    if (options.listWhileLoading) {
      await db
        .query(`DELETE FROM ${catalogSchema}.resource WHERE id = $1`, [def.resource_id])
        .catch(() => undefined)
    }
    throw error
  }
}

function arraySource(rows: Json[][]): CheckedRows {
  return { count: rows.length, slice: (start, end) => rows.slice(start, end) }
}

function checkedSource(rows: RowSource, columns: Column[]): CheckedRows {
  return { count: rows.count, slice: (start, end) => recordsAsRows(rows.slice(start, end), columns, start) }
}
