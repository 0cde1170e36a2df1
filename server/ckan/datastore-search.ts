// datastore_search with CKAN 2.12's semantics, or 2.11.5's (`--ckan-version`): schema → existence +
// auth → backend validation → SQL. Each stage answers with CKAN's error shape; nothing here throws
// for bad input.
import { cachedRowCount, catalogAccess } from './catalog.ts'
import { countRange } from './range-count.ts'
import { inputLimitErrors } from './input-limits.ts'
import { setOwn } from './ckan-json.ts'
import { UnadaptableValue } from './filter-sql.ts'
import { FilterError } from './filters.ts'
import { buildLinks } from './links.ts'
import { type SchemaOutcome, type ValidatedSearch, validateSearchSchema } from './search-schema.ts'
import { buildSearchPlan, type SearchPlan } from './search-sql.ts'
import { validateAgainstColumns } from './search-validate.ts'
import {
  canonicalTsConfig,
  readTableInfo,
  resolveAlias,
  type TableInfo,
  textSearchConfigs,
} from './table-info.ts'
import {
  type ActionOutcome,
  type Json,
  QueryError,
  QueryTimeoutError,
  RawJson,
  type SearchContext,
} from './types.ts'

/** Resources anyone may search without an existence or auth check (`WHITELISTED_RESOURCES`). */
const whitelistedResources = new Set(['_table_metadata'])

export function validationError(errors: Record<string, Json>): ActionOutcome {
  return { ok: false, status: 409, error: { ...errors, __type: 'Validation Error' } }
}

export function internalServerError(): ActionOutcome {
  return {
    ok: false,
    status: 500,
    error: { __type: 'Internal Server Error', message: 'Internal Server Error' },
  }
}

export function notFound(message: string): ActionOutcome {
  return { ok: false, status: 404, error: { __type: 'Not Found Error', message } }
}

export function accessDenied(userName: string, resourceId: string): ActionOutcome {
  return {
    ok: false,
    status: 403,
    error: {
      __type: 'Authorization Error',
      message: `Access denied: User ${userName} not authorized to read resource ${resourceId}`,
    },
  }
}

function paramsAsJson(params: unknown[]): Json {
  return params.map((value): Json => {
    if (value === null || value === undefined) return null
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
    try {
      return JSON.parse(JSON.stringify(value)) as Json
    } catch {
      return String(value)
    }
  })
}

export function invalidQuery(statement: string, params: unknown[], orig: string): ActionOutcome {
  return validationError({
    query: ['Invalid query'],
    info: { statement: [statement], params: [paramsAsJson(params)], orig: [orig] },
  })
}

/** Maps database failures to CKAN's answers; anything else is a 500 without details. */
export function outcomeForError(error: unknown): ActionOutcome {
  if (error instanceof QueryTimeoutError) return validationError({ query: ['Search took too long'] })
  if (error instanceof QueryError) return invalidQuery(error.statement, error.params, error.message)
  return internalServerError()
}

function fromSchema(outcome: SchemaOutcome): ActionOutcome | ValidatedSearch {
  if (outcome.kind === 'crash') return internalServerError()
  if (outcome.kind === 'invalid') return validationError(outcome.errors)
  return outcome.data
}

function isOutcome(value: unknown): value is ActionOutcome {
  return typeof value === 'object' && value !== null && 'ok' in value
}

/** Stage 2: alias resolution, then the resource_show auth check. Returns the real id or an outcome. */
async function checkExistenceAndAccess(
  search: ValidatedSearch,
  ctx: SearchContext,
): Promise<string | ActionOutcome> {
  const requested = search.resourceId
  if (whitelistedResources.has(requested)) return requested
  const alias = await resolveAlias(ctx.db, requested)
  if (!alias.exists) return notFound(`Not found: Resource "${requested}" was not found.`)
  const realId = alias.realId ?? requested
  const access = await catalogAccess(ctx.db, realId, ctx.caller)
  if (access === 'missing') return notFound('Not found')
  if (access === 'denied') return accessDenied(ctx.caller.name, realId)
  // as CKAN answers for a resource whose DataStore table is not ready yet
  if (access === 'loading') return notFound(`Not found: Resource "${requested}" is still being loaded.`)
  return realId
}

async function countTotal(ctx: SearchContext, search: ValidatedSearch, plan: SearchPlan, realId: string) {
  // 2.12: an unfiltered total is the table's cached row count (`_table_metadata` is counted)
  if (search.ckanVersion !== '2.11' && plan.estimable && !realId.startsWith('_')) {
    const cached = await cachedRowCount(ctx.db, realId)
    if (cached !== undefined) return { total: cached, estimated: false }
  }
  const threshold = search.totalEstimationThreshold
  if (threshold !== null && plan.estimable) {
    const { rows } = await ctx.db.query<{ estimate: string }>(
      `SELECT c.reltuples::bigint::text AS estimate FROM pg_catalog.pg_class c
        WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace`,
      [realId],
    )
    const estimate = rows[0] ? Number(rows[0].estimate) : undefined
    if (estimate !== undefined && estimate >= threshold) return { total: estimate, estimated: true }
  }
  if (plan.range && !realId.startsWith('_')) {
    const type = plan.fieldTypes.get(plan.range.field) ?? ''
    const marked = await countRange(ctx.db, realId, plan.range, type)
    if (marked !== undefined) return { total: marked, estimated: false }
  }
  const { rows } = await ctx.db.query<{ total: string }>(plan.count.sql, plan.count.params)
  return { total: Number(rows[0]?.total ?? 0), estimated: false }
}

function resultFields(plan: SearchPlan, table: TableInfo): Json {
  return plan.resultFieldIds.map((id) => {
    const field: Record<string, Json> = { id, type: plan.fieldTypes.get(id) ?? null }
    const info = table.info.get(id)
    if (info) field['info'] = info
    return field
  })
}

function recordsValue(text: string | null, format: ValidatedSearch['recordsFormat']): Json | RawJson {
  if (format === 'csv' || format === 'tsv') return text ?? ''
  if (text === null || text === '[]') return []
  return new RawJson(text)
}

export interface PlannedSearch {
  table: TableInfo
  plan: SearchPlan
  /** The text search configuration asked for, and the database's name for it (undefined: none such). */
  requestedLanguage: string
  language: string | undefined
}

/**
 * A validated search checked against the table's columns and planned as SQL: datastore_search's and
 * the dump's common part. The caller decides how an unknown text search configuration is answered.
 */
export async function planSearch(
  search: ValidatedSearch,
  realId: string,
  ctx: SearchContext,
): Promise<PlannedSearch | ActionOutcome> {
  const overLimits = inputLimitErrors(search)
  if (overLimits) return validationError(overLimits)
  const table = await readTableInfo(ctx.db, realId)
  const backend = validateAgainstColumns(search, table.fieldTypes)
  if (backend.kind === 'crash') return internalServerError()
  if (backend.kind === 'invalid') return validationError(backend.errors)

  const requestedLanguage = search.language || ctx.config.defaultFtsLang
  const language = canonicalTsConfig(requestedLanguage, await textSearchConfigs(ctx.db))
  let plan: SearchPlan
  try {
    plan = buildSearchPlan(search, realId, table.fieldTypes, language ?? requestedLanguage, backend.filters)
  } catch (error) {
    if (error instanceof UnadaptableValue) return invalidQuery('', [], error.message)
    if (error instanceof FilterError) return validationError({ filters: error.messages })
    throw error
  }
  // 2.12 (#9286): a table that `_table_metadata` lists but is gone is not found (2.11: the query
  // fails, Invalid query)
  if (!table.exists && search.ckanVersion !== '2.11') {
    return notFound(`Not found: DataStore table "${realId}" was not found.`)
  }
  return { table, plan, requestedLanguage, language }
}

async function runSearch(data: Record<string, Json>, ctx: SearchContext): Promise<ActionOutcome> {
  const validated = fromSchema(validateSearchSchema(data, ctx.config))
  if (isOutcome(validated)) return validated
  const search = validated

  const access = await checkExistenceAndAccess(search, ctx)
  if (typeof access !== 'string') return access
  const realId = access

  const planned = await planSearch(search, realId, ctx)
  if ('ok' in planned) return planned
  const { table, plan, requestedLanguage, language } = planned
  if (plan.usesTextSearch && language === undefined) {
    // Never let an unknown configuration name reach SQL; answer as PostgreSQL would have made CKAN answer.
    return invalidQuery(
      plan.records.sql,
      plan.records.params,
      `text search configuration "${requestedLanguage}" does not exist`,
    )
  }

  const { rows } = await ctx.db.query<{ records: string | null; next_id?: string | null }>(
    plan.records.sql,
    plan.records.params,
  )
  const records = recordsValue(rows[0]?.records ?? null, search.recordsFormat)
  const nextId = rows[0]?.next_id

  // Validated input keys in alphabetical order, then what the search adds (CKAN's observed order).
  const result: Record<string, Json> = {}
  const echo = new Map(search.echo)
  echo.set('resource_id', realId)
  for (const key of [...echo.keys()].sort()) setOwn(result, key, echo.get(key) ?? null)
  result['records'] = records as Json
  result['fields'] = resultFields(plan, table)
  const before2_12 = search.ckanVersion === '2.11'
  // 2.12 removed `_links`, the offset links (#9027), with `next_page` for paging instead
  if (before2_12) {
    result['_links'] = ctx.overHttp
      ? buildLinks(ctx.currentPath, ctx.currentQuery, search.limit, search.offset ?? 0)
      : {}
  }
  if (search.includeTotal) {
    const { total, estimated } = await countTotal(ctx, search, plan, realId)
    result['total'] = total
    // 2.12 never estimates, and no longer says so
    if (before2_12) result['total_was_estimated'] = estimated
  }
  // an empty page has no largest _id, and so no next page
  if (plan.nextPage && nextId !== null && nextId !== undefined) {
    result['next_page'] = { _id: { [plan.nextPage.operator]: Number(nextId) } }
  }
  return { ok: true, result }
}

/** The datastore_search action. Never throws: every failure becomes one of CKAN's error answers. */
export async function datastoreSearch(
  data: Record<string, Json>,
  ctx: SearchContext,
): Promise<ActionOutcome> {
  try {
    return await runSearch(data, ctx)
  } catch (error) {
    return outcomeForError(error)
  }
}
