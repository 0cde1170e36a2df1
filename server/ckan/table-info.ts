// Reads what CKAN reads about a datastore table: its visible columns with their PostgreSQL type
// names, the data-dictionary `info` kept in column comments, and the alias → resource mapping.
import { cachedRead } from './read-cache.ts'
import type { FieldTypes } from './search-validate.ts'
import type { Db, Json } from './types.ts'

export interface TableInfo {
  /** Whether the table (or view) is there at all: `_table_metadata` may list a name whose table is gone. */
  exists: boolean
  fieldTypes: FieldTypes
  info: Map<string, Record<string, Json>>
}

interface ColumnRow {
  name: string
  type: string
  description: string | null
}

/**
 * Columns of `public.<relname>` (table or view), `_id` first as `int`, other `_` columns hidden.
 * Kept until the next write (read-cache.ts): never change what it returns.
 */
export function readTableInfo(db: Db, relname: string): Promise<TableInfo> {
  return cachedRead(db, `columns\u0000${relname}`, (database) => queryTableInfo(database, relname))
}

async function queryTableInfo(db: Db, relname: string): Promise<TableInfo> {
  const { rows } = await db.query<ColumnRow>(
    `SELECT a.attname::text AS name, t.typname::text AS type,
            (SELECT d.description FROM pg_catalog.pg_description d
              WHERE d.objoid = c.oid AND d.objsubid = a.attnum AND d.classoid = 'pg_catalog.pg_class'::regclass) AS description
       FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
       JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
      WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [relname],
  )
  const fieldTypes: FieldTypes = new Map([['_id', 'int']])
  const info = new Map<string, Record<string, Json>>()
  for (const row of rows) {
    if (row.name.startsWith('_')) continue
    fieldTypes.set(row.name, row.type)
    const parsed = parseInfo(row.description)
    if (parsed) info.set(row.name, parsed)
  }
  return { exists: rows.length > 0, fieldTypes, info }
}

function parseInfo(description: string | null): Record<string, Json> | undefined {
  if (!description) return undefined
  try {
    const parsed = JSON.parse(description) as Json
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const info = parsed['_info']
      if (info && typeof info === 'object' && !Array.isArray(info)) return info
    }
  } catch {
    // CKAN ignores comments that are not JSON.
  }
  return undefined
}

/**
 * CKAN's `resource_id_from_alias`: whether `name` is listed in `_table_metadata`, and the resource it
 * is an alias of (undefined for a table).
 */
export function resolveAlias(db: Db, name: string): Promise<{ exists: boolean; realId?: string }> {
  return cachedRead(db, `alias\u0000${name}`, async (database) => {
    const { rows } = await database.query<{ alias_of: string | null }>(
      'SELECT alias_of::text AS alias_of FROM "_table_metadata" WHERE name = $1',
      [name],
    )
    if (rows.length === 0) return { exists: false }
    const aliasOf = rows[0]?.alias_of
    return aliasOf ? { exists: true, realId: aliasOf } : { exists: true }
  })
}

const tsConfigCache = new WeakMap<Db, Promise<Set<string>>>()

/** Names of the text-search configurations (`pg_ts_config`), cached per database. */
export function textSearchConfigs(db: Db): Promise<Set<string>> {
  // each request sees the database through a view of its own: cache on the database itself
  const key = db.base ?? db
  let cached = tsConfigCache.get(key)
  if (!cached) {
    cached = db
      .query<{ name: string }>('SELECT cfgname::text AS name FROM pg_catalog.pg_ts_config')
      .then(({ rows }) => new Set(rows.map((row) => row.name)))
    cached.catch(() => tsConfigCache.delete(key))
    tsConfigCache.set(key, cached)
  }
  return cached
}

/**
 * The configuration a `regconfig` literal would name (`English`, `pg_catalog.english`, `"english"`),
 * or undefined when PostgreSQL would reject it.
 */
export function canonicalTsConfig(language: string, known: Set<string>): string | undefined {
  let name = language.trim()
  if (name.toLowerCase().startsWith('pg_catalog.')) name = name.slice('pg_catalog.'.length)
  if (/^"[^"]+"$/.test(name)) name = name.slice(1, -1)
  else if (/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) name = name.toLowerCase()
  else return undefined
  return known.has(name) ? name : undefined
}
