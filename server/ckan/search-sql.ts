// Stage 4 of datastore_search: the SQL CKAN 2.11 builds (records page in an inner select, DISTINCT and
// formatting outside, JSON made by PostgreSQL). Identifiers are always quoted and every request value
// is a bound parameter; nothing from the request is spliced into the SQL text.
import { quoteIdent } from './identifiers.ts'
import { pythonStr } from './python-compat.ts'
import type { RecordsFormat, ValidatedSearch } from './search-schema.ts'
import { truthy } from './search-schema.ts'
import { type FieldTypes, getList, parseSortClause } from './search-validate.ts'
import type { Json } from './types.ts'

/** Collects bound parameters and hands out their `$n` placeholders. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown, cast = ''): string {
    this.values.push(value)
    return `$${this.values.length}${cast}`
  }
}

export interface SearchPlan {
  /** Returns one row with one text column: the records (JSON text, or CSV/TSV text); NULL when empty. */
  records: { sql: string; params: unknown[] }
  /** The same records one row each, in one text column `v` (a JSON object, JSON list or CSV/TSV line). */
  rows: { sql: string; params: unknown[] }
  /**
   * For CSV and TSV: the records' columns (c0, c1, …), each already in the form CKAN gives it, for
   * `COPY … TO STDOUT` to write; `rows` builds the same lines itself.
   */
  columns?: { sql: string; params: unknown[] }
  /** Exact count, one row with a text column. */
  count: { sql: string; params: unknown[] }
  /** Whether `total_estimation_threshold` may use the planner estimate (no WHERE, no DISTINCT). */
  estimable: boolean
  /** Output column names of the records, for the `fields` descriptors. */
  resultFieldIds: string[]
  /** Field types including the rank pseudo-columns (type `float`). */
  fieldTypes: FieldTypes
  /** Whether full-text search is used (so the language was needed). */
  usesTextSearch: boolean
}

/** A filter value CKAN's driver could not bind (a dict): the query fails with this message. */
export class UnadaptableValue extends Error {}

const ftsIndexedTypes = new Set(['text', 'tsvector'])

function isArrayType(type: string): boolean {
  return type.startsWith('_')
}

/** Binds one filter value the way psycopg2 would type it (int literal, float literal, bool, text). */
function bindFilterValue(params: Params, value: Json, type: string): string {
  if (type === 'text') return params.add(pythonStr(value))
  if (value === null) return params.add(null)
  if (typeof value === 'boolean') return params.add(value, '::boolean')
  if (typeof value === 'number') {
    return Number.isSafeInteger(value)
      ? params.add(String(value), '::int8')
      : params.add(String(value), '::numeric')
  }
  if (typeof value === 'string') return params.add(value)
  if (Array.isArray(value)) return params.add(value)
  throw new UnadaptableValue("can't adapt type 'dict'")
}

function filterClauses(params: Params, filters: Record<string, Json>, fieldTypes: FieldTypes): string[] {
  const clauses: string[] = []
  for (const [field, value] of Object.entries(filters)) {
    const type = fieldTypes.get(field)
    if (type === undefined) continue
    if (Array.isArray(value) && !isArrayType(type)) {
      // An empty list gives `in ()`, a syntax error, exactly as in CKAN.
      const placeholders = value.map((item) => bindFilterValue(params, item, type))
      clauses.push(`${quoteIdent(field)} in (${placeholders.join(',')})`)
    } else {
      clauses.push(`${quoteIdent(field)} = ${bindFilterValue(params, value, type)}`)
    }
  }
  return clauses
}

interface TextSearch {
  /** FROM items such as `plainto_tsquery($1::regconfig, $2) "query"`. */
  fromItems: string[]
  /** Rank alias → rank expression, in CKAN's order. */
  rankColumns: Map<string, string>
  where: string[]
}

function textSearch(
  params: Params,
  search: ValidatedSearch,
  language: string,
  fieldTypes: FieldTypes,
): TextSearch {
  const result: TextSearch = { fromItems: [], rankColumns: new Map(), where: [] }
  const q = search.q
  const fullText = truthy(search.fullText ?? null) ? search.fullText : undefined
  if (!truthy(q ?? null) && fullText === undefined) return result

  const plain = search.plain ?? true
  let lang: string | undefined
  const langParam = (): string => (lang ??= params.add(language, '::regconfig'))
  const addQuery = (text: string, field?: string): void => {
    const alias = quoteIdent(field === undefined ? 'query' : 'query ' + field)
    const fn = plain ? 'plainto_tsquery' : 'to_tsquery'
    result.fromItems.push(`${fn}(${langParam()}, ${params.add(text)}) ${alias}`)
    const vector =
      field === undefined ? '_full_text' : `to_tsvector(${langParam()}, cast(${quoteIdent(field)} as text))`
    result.rankColumns.set(field === undefined ? 'rank' : 'rank ' + field, `ts_rank(${vector}, ${alias}, 32)`)
  }

  const qDict = q !== undefined && typeof q !== 'string' && truthy(q) ? q : undefined
  if (fullText !== undefined) addQuery(fullText)
  else if (typeof q === 'string') addQuery(q)
  if (qDict) for (const [field, value] of Object.entries(qDict)) addQuery(String(value), field)

  if (typeof q === 'string' && truthy(q)) result.where.push('_full_text @@ "query"')
  if (qDict) {
    for (const field of Object.keys(qDict)) {
      const alias = quoteIdent('query ' + field)
      if (!ftsIndexedTypes.has(fieldTypes.get(field) ?? '')) result.where.push(`_full_text @@ ${alias}`)
      result.where.push(`to_tsvector(${langParam()}, cast(${quoteIdent(field)} as text)) @@ ${alias}`)
    }
  }
  if (fullText !== undefined) result.where.push('_full_text @@ "query"')
  return result
}

/** The output columns: requested fields, or all columns plus rank columns (with the 2.10+ full_text quirk). */
function selectedFieldIds(search: ValidatedSearch, allFieldTypes: FieldTypes): string[] {
  const fields = search.fields
  if (!truthy(fields ?? null)) return [...allFieldTypes.keys()]
  const requested = getList(fields as string | string[])
  if (!truthy(search.fullText ?? null)) return requested
  // CKAN 2.10+ (ckan/ckan#6172): with full_text, records carry every column, and `rank` only when
  // the `fields` value contains "rank" (a substring test for a string).
  const rankRequested = typeof fields === 'string' ? fields.includes('rank') : (fields ?? []).includes('rank')
  const all = [...allFieldTypes.keys()].filter((id) => rankRequested || id !== 'rank')
  return [...all, ...requested.filter((id) => !all.includes(id))]
}

function selectExpression(field: string, type: string, format: RecordsFormat, rankExpr?: string): string {
  const column = rankExpr ?? quoteIdent(field)
  if (rankExpr !== undefined) {
    return format === 'lists' ? `coalesce(to_json(${column}),'null')` : column
  }
  if (type === 'json')
    return format === 'lists' ? `coalesce(${column}::text,'null')` : `coalesce(${column},'null'::json)`
  if (type === 'timestamp') {
    const formatted = `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`
    return format === 'lists' ? `coalesce(to_json(${formatted}),'null')` : formatted
  }
  if (isArrayType(type)) return `coalesce(array_to_json(${column}),'null')`
  return format === 'lists' ? `coalesce(to_json(${column}),'null')` : column
}

/** Text of one CSV/TSV field exactly as PostgreSQL's `COPY ... csv` writes it. */
function csvField(column: string, type: string, delimiter: string, singleColumn: boolean): string {
  // COPY prints booleans with their output function (t/f), where a ::text cast would say true/false.
  const text = type === 'bool' ? `(CASE WHEN ${column} THEN 't' ELSE 'f' END)` : `(${column})::text`
  const needsQuotes = [
    `${text} = ''`,
    `strpos(${text}, ${delimiter === ',' ? "','" : 'chr(9)'}) > 0`,
    `strpos(${text}, '"') > 0`,
    `strpos(${text}, chr(10)) > 0`,
    `strpos(${text}, chr(13)) > 0`,
    ...(singleColumn ? [`${text} = '\\.'`] : []),
  ].join(' OR ')
  return `CASE WHEN ${column} IS NULL THEN '' WHEN ${needsQuotes} THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END`
}

/** Builds the records and count statements for a validated search on a table with `fieldTypes`. */
export function buildSearchPlan(
  search: ValidatedSearch,
  resourceId: string,
  fieldTypes: FieldTypes,
  language: string,
): SearchPlan {
  const params = new Params()
  const where: string[] = []
  if (search.filters && typeof search.filters === 'object' && !Array.isArray(search.filters)) {
    where.push(...filterClauses(params, search.filters, fieldTypes))
  }
  const ts = textSearch(params, search, language, fieldTypes)
  where.push(...ts.where)

  const allFieldTypes: FieldTypes = new Map(fieldTypes)
  for (const alias of ts.rankColumns.keys()) allFieldTypes.set(alias, 'float')

  const fieldIds = selectedFieldIds(search, allFieldTypes)
  const format = search.recordsFormat
  const selects = fieldIds.map((id) =>
    selectExpression(id, allFieldTypes.get(id) ?? '', format, ts.rankColumns.get(id)),
  )

  let order: string[]
  if (!truthy(search.sort ?? null)) order = [...ts.rankColumns.values()].map((rank) => `${rank} DESC`)
  else {
    order = getList(search.sort as string | string[], false).map((clause) => {
      const parsed = parseSortClause(clause, fieldTypes)
      if (!parsed) throw new Error('sort clause was not validated')
      return `${quoteIdent(parsed.field)} ${parsed.direction}${parsed.nulls ? ' nulls ' + parsed.nulls : ''}`
    })
  }
  const distinct = search.distinct === true ? 'DISTINCT' : ''
  if (order.length === 0 && !distinct) order = ['"_id" asc']

  const from = [quoteIdent(resourceId), ...ts.fromItems].join(', ')
  const whereSql = where.length > 0 ? 'WHERE ' + where.map((clause) => `(${clause})`).join(' AND ') : ''
  const orderSql = order.length > 0 ? 'ORDER BY ' + order.join(', ') : ''
  const countParams = [...params.values]

  const limit = params.add(search.limit, '::int8')
  // CKAN formats a blank offset (`offset=`) as `OFFSET None`, which PostgreSQL rejects: keep that.
  const offset = search.offset === null ? 'None' : params.add(search.offset ?? 0, '::int8')
  const page = `SELECT * FROM ${from} ${whereSql} ${orderSql} LIMIT ${limit} OFFSET ${offset}`

  let recordsSql: string
  let rowsSql: string
  let columnsSql: string | undefined
  if (format === 'objects') {
    const columns = selects.map((expr, i) => `${expr} AS ${quoteIdent(fieldIds[i] ?? '')}`).join(', ')
    const ctes = `WITH records_page AS (${page}), select_cols AS (SELECT ${distinct} ${columns} FROM records_page) `
    recordsSql = `${ctes}SELECT array_to_json(array_agg(select_cols))::text AS records FROM select_cols`
    rowsSql = `${ctes}SELECT to_json(select_cols)::text AS v FROM select_cols`
  } else if (format === 'lists') {
    const ctes = `WITH records_page AS (${page}), select_cols AS (SELECT ${distinct} '[' || ${selects.join(" || ',' || ")} || ']' v FROM records_page) `
    recordsSql = `${ctes}SELECT '[' || array_to_string(array_agg(select_cols.v), ',') || ']' AS records FROM select_cols`
    rowsSql = `${ctes}SELECT v FROM select_cols`
  } else {
    const delimiter = format === 'csv' ? ',' : '\t'
    const columns = selects.map((expr, i) => `${expr} AS c${i}`).join(', ')
    const line = fieldIds
      .map((id, i) => csvField(`c${i}`, allFieldTypes.get(id) ?? '', delimiter, fieldIds.length === 1))
      .join(format === 'csv' ? " || ',' || " : ' || chr(9) || ')
    const ctes = `WITH records_page AS (${page}), select_cols AS (SELECT ${distinct} ${columns} FROM records_page) `
    recordsSql = `${ctes}SELECT string_agg(${line} || chr(10), '') AS records FROM select_cols`
    rowsSql = `${ctes}SELECT ${line} AS v FROM select_cols`
    columnsSql = `${ctes}SELECT * FROM select_cols`
  }

  const countSelect = format === 'lists' ? selects.join(" || ',' || ") : selects.join(', ')
  const countSql = `SELECT count(*)::text AS total FROM (SELECT ${distinct} ${countSelect} FROM ${from} ${whereSql}) AS t`

  return {
    records: { sql: recordsSql, params: params.values },
    rows: { sql: rowsSql, params: params.values },
    ...(columnsSql !== undefined && { columns: { sql: columnsSql, params: params.values } }),
    count: { sql: countSql, params: countParams },
    estimable: where.length === 0 && !distinct,
    resultFieldIds: search.fields === undefined ? [...allFieldTypes.keys()] : getList(search.fields),
    fieldTypes: allFieldTypes,
    usesTextSearch: ts.fromItems.length > 0,
  }
}
