// The catalogue actions an explorer uses to offer resources by name: resource_show and package_search,
// answered from the `ckan_catalog.resource` table that createResource fills.
import { catalogSchema } from './datastore-create.ts'
import { cachedRead } from './read-cache.ts'
import type { ActionOutcome, Caller, DataDict, Db, Json, SearchContext } from './types.ts'

interface ResourceRow {
  id: string
  name: string
  description: string
  package_id: string
  package_name: string
  package_title: string
  private: boolean
  position: number
  created: string
  last_modified: string
  row_count: string | null
  loading: boolean
  rows_loaded: string | null
}

const resourceColumns = `id, name, description, package_id, package_name, package_title, private, position,
  row_count::text, loading, rows_loaded::text,
  to_char(created, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created,
  to_char(last_modified, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS last_modified`

/** Whether the caller may read a resource (CKAN's resource_show auth), or that it has no catalogue row. */
export async function catalogAccess(
  db: Db,
  resourceId: string,
  caller: Caller,
): Promise<'ok' | 'denied' | 'missing' | 'loading'> {
  const row = await cachedRead(db, `access\u0000${resourceId}`, async (database) => {
    const { rows } = await database.query<{ private: boolean; loading: boolean }>(
      `SELECT private, loading FROM ${catalogSchema}.resource WHERE id = $1`,
      [resourceId],
    )
    return rows[0]
  })
  if (!row) return 'missing'
  if (row.private && !caller.authorised) return 'denied'
  return row.loading ? 'loading' : 'ok'
}

/**
 * The table's row count as its load left it (CKAN 2.12's `cached_table_row_count`, which it keeps
 * after every change; this server's tables do not change once loaded). Undefined without one.
 */
export async function cachedRowCount(db: Db, resourceId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ row_count: string | null }>(
    `SELECT row_count::text FROM ${catalogSchema}.resource WHERE id = $1 AND NOT loading`,
    [resourceId],
  )
  const count = rows[0]?.row_count
  return count === null || count === undefined ? undefined : Number(count)
}

/**
 * A resource dict as CKAN 2.11 returns it for a datastore-only resource, plus two keys of this
 * server's: `datastore_rows` (its row count, so a list of tables needs no count per table) and,
 * while the table is still loading, `datastore_loading` with its progress.
 */
function resourceDict(row: ResourceRow): Record<string, Json> {
  const progress: Record<string, Json> = row.loading
    ? {
        datastore_loading: {
          rows_loaded: Number(row.rows_loaded ?? 0),
          rows_total: Number(row.row_count ?? 0),
        },
      }
    : row.row_count !== null
      ? { datastore_rows: Number(row.row_count) }
      : {}
  return {
    cache_last_updated: null,
    cache_url: null,
    created: row.created,
    datastore_active: !row.loading,
    ...progress,
    description: row.description,
    format: 'CSV',
    hash: '',
    id: row.id,
    last_modified: row.last_modified,
    metadata_modified: row.last_modified,
    mimetype: 'text/csv',
    mimetype_inner: null,
    name: row.name,
    package_id: row.package_id,
    position: row.position,
    resource_type: null,
    size: null,
    state: 'active',
    url: '_datastore_only_resource',
    url_type: 'datastore',
  }
}

function validation(errors: Record<string, Json>): ActionOutcome {
  return { ok: false, status: 409, error: { ...errors, __type: 'Validation Error' } }
}

/** resource_show: `id` required; unknown → 404 "Not found"; private without access → 403. */
export async function resourceShow(data: DataDict, ctx: SearchContext): Promise<ActionOutcome> {
  const id = data['id']
  if (id === undefined) return validation({ id: ['Missing value'] })
  const { rows } = await ctx.db.query<ResourceRow>(
    `SELECT ${resourceColumns} FROM ${catalogSchema}.resource WHERE id = $1`,
    [typeof id === 'string' ? id : JSON.stringify(id)],
  )
  const row = rows[0]
  if (!row) return { ok: false, status: 404, error: { __type: 'Not Found Error', message: 'Not found' } }
  if (row.private && !ctx.caller.authorised) {
    return {
      ok: false,
      status: 403,
      error: {
        __type: 'Authorization Error',
        message: `Access denied: User ${ctx.caller.name} not authorized to read resource ${row.id}`,
      },
    }
  }
  return { ok: true, result: resourceDict(row) }
}

type Parsed<T> = { value: T } | { error: string }

/** `int_validator` + `natural_number_validator` for rows/start. */
function naturalNumber(value: Json | undefined, fallback: number): Parsed<number> {
  if (value === undefined || value === null || value === '') return { value: fallback }
  let number: number
  if (typeof value === 'number') number = value
  else if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value)) number = Number(value)
  else return { error: 'Invalid integer' }
  if (!Number.isInteger(number)) return { error: 'Invalid integer' }
  if (number < 0) return { error: 'Must be a natural number' }
  return { value: number }
}

function booleanParam(value: Json | undefined): boolean {
  if (typeof value === 'boolean') return value
  return typeof value === 'string' && ['true', 'yes', 't', 'y', '1'].includes(value.toLowerCase())
}

/** Search terms of a Solr-style `q`: `*:*` or blank means everything; `field:value` searches value. */
function searchTerms(q: Json | undefined): string[] {
  if (typeof q !== 'string') return []
  const text = q.trim()
  if (text === '' || text === '*:*' || text === '*') return []
  return text
    .split(/\s+/)
    .map((term) => term.replace(/^[A-Za-z_]+:/, '').replace(/^"|"$/g, ''))
    .filter((term) => term !== '' && term !== '*')
}

function likePattern(term: string): string {
  return '%' + term.replace(/[\\%_]/g, (char) => '\\' + char) + '%'
}

/**
 * package_search over the catalogue: `q` terms must each appear (case-insensitively) in the dataset
 * title/name or a resource name/description; `rows` (default 10, capped at 1000), `start`,
 * `include_private` (only effective for authorised callers); `fq` and facet parameters are accepted.
 */
export async function packageSearch(data: DataDict, ctx: SearchContext): Promise<ActionOutcome> {
  const rows = naturalNumber(data['rows'], 10)
  const start = naturalNumber(data['start'], 0)
  const errors: Record<string, Json> = {}
  if ('error' in rows) errors['rows'] = [rows.error]
  if ('error' in start) errors['start'] = [start.error]
  if ('error' in rows || 'error' in start) return validation(errors)
  const limit = Math.min((rows as { value: number }).value, 1000)
  const offset = (start as { value: number }).value
  const showPrivate = booleanParam(data['include_private']) && ctx.caller.authorised

  const terms = searchTerms(data['q'])
  const { rows: matching } = await ctx.db.query<{ package_id: string }>(
    `SELECT package_id FROM ${catalogSchema}.resource
      GROUP BY package_id
     HAVING ($1::boolean OR NOT bool_or(private))
        AND (SELECT bool_and(EXISTS (
              SELECT 1 FROM ${catalogSchema}.resource r2
               WHERE r2.package_id = ${catalogSchema}.resource.package_id
                 AND (r2.package_title ILIKE t OR r2.package_name ILIKE t OR r2.name ILIKE t
                      OR r2.description ILIKE t OR r2.id ILIKE t)))
             FROM unnest($2::text[]) AS t) IS NOT FALSE
     ORDER BY max(last_modified) DESC, package_id`,
    [showPrivate, terms.map(likePattern)],
  )
  const pageIds = matching.slice(offset, offset + limit).map((row) => row.package_id)
  const { rows: resources } = await ctx.db.query<ResourceRow>(
    `SELECT ${resourceColumns} FROM ${catalogSchema}.resource WHERE package_id = ANY($1::text[]) ORDER BY position, id`,
    [pageIds],
  )
  const results = pageIds.map((packageId): Json => {
    const own = resources.filter((row) => row.package_id === packageId)
    const first = own[0]
    return {
      id: packageId,
      name: first?.package_name ?? packageId,
      title: first?.package_title ?? packageId,
      notes: '',
      private: own.some((row) => row.private),
      state: 'active',
      type: 'dataset',
      organization: null,
      num_resources: own.length,
      metadata_created: own.map((row) => row.created).sort()[0] ?? null,
      metadata_modified:
        own
          .map((row) => row.last_modified)
          .sort()
          .at(-1) ?? null,
      resources: own.map(resourceDict),
    }
  })
  return {
    ok: true,
    result: {
      count: matching.length,
      facets: {},
      results,
      sort: 'score desc, metadata_modified desc',
      search_facets: {},
    },
  }
}
