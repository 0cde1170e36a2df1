// Stage 4 of datastore_search: the SQL CKAN builds (records page in an inner select, DISTINCT and
// formatting outside, JSON made by PostgreSQL), as 2.12 or 2.11.5 builds it. Identifiers are always
// quoted and every request value is a bound parameter; nothing from the request is spliced into the
// SQL text.
import { filterCondition, isArrayType, legacyFilterClauses, Params } from './filter-sql.ts'
import type { FilterOp } from './filters.ts'
import { quoteIdent } from './identifiers.ts'
import { type ColumnRange, columnRange } from './range-count.ts'
import type { RecordsFormat, ValidatedSearch } from './search-schema.ts'
import { truthy } from './search-schema.ts'
import { type FieldTypes, getList, parseSortClause } from './search-validate.ts'

export interface SearchPlan {
  /**
   * Returns one row: `records`, the records as text (JSON, or CSV/TSV), NULL when empty; and with
   * `nextPage`, `next_id`, the largest (smallest) `_id` of the page as text, NULL when it is empty.
   */
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
  /**
   * No WHERE and no DISTINCT: 2.11 may answer the total with the planner's estimate
   * (`total_estimation_threshold`), 2.12 with the table's cached row count.
   */
  estimable: boolean
  /** 2.12's `next_page`: asked for, and sorted by `_id` alone: `{"_id": {<operator>: next_id}}`. */
  nextPage?: { operator: 'gt' | 'lt' }
  /** Output column names of the records, for the `fields` descriptors. */
  resultFieldIds: string[]
  /**
   * 2.12 filters that are one column's range and nothing else (no search, no DISTINCT): its count
   * may come from the column's marks (range-count.ts), the same number as `count`'s.
   */
  range?: ColumnRange
  /** Field types including the rank pseudo-columns (type `float`). */
  fieldTypes: FieldTypes
  /** Whether full-text search is used (so the language was needed). */
  usesTextSearch: boolean
}

const ftsIndexedTypes = new Set(['text', 'tsvector'])

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

/** Timestamps as CKAN writes them: with milliseconds from 2.12 on (`ckan.datastore.ms_in_timestamp`). */
function timestampFormat(search: ValidatedSearch): string {
  return search.ckanVersion === '2.11' ? 'YYYY-MM-DD"T"HH24:MI:SS' : 'YYYY-MM-DD"T"HH24:MI:SS.MS'
}

function selectExpression(
  field: string,
  type: string,
  format: RecordsFormat,
  timestamp: string,
  rankExpr?: string,
): string {
  const column = rankExpr ?? quoteIdent(field)
  if (rankExpr !== undefined) {
    return format === 'lists' ? `coalesce(to_json(${column}),'null')` : column
  }
  if (type === 'json')
    return format === 'lists' ? `coalesce(${column}::text,'null')` : `coalesce(${column},'null'::json)`
  if (type === 'timestamp') {
    const formatted = `to_char(${column}, '${timestamp}')`
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

/**
 * Builds the records and count statements for a validated search on a table with `fieldTypes`;
 * `filters` are 2.12's parsed filters (2.11 reads `search.filters` itself). Throws FilterError for an
 * unknown operation and UnadaptableValue for a dict value, as CKAN fails on them.
 */
export function buildSearchPlan(
  search: ValidatedSearch,
  resourceId: string,
  fieldTypes: FieldTypes,
  language: string,
  filters?: FilterOp,
): SearchPlan {
  const params = new Params()
  const where: string[] = []
  if (search.ckanVersion === '2.11') {
    if (search.filters && typeof search.filters === 'object' && !Array.isArray(search.filters)) {
      where.push(...legacyFilterClauses(params, search.filters, fieldTypes))
    }
  } else if (filters) {
    const condition = filterCondition(params, filters, fieldTypes)
    if (condition !== '') where.push(condition)
  }
  const ts = textSearch(params, search, language, fieldTypes)
  where.push(...ts.where)

  const allFieldTypes: FieldTypes = new Map(fieldTypes)
  for (const alias of ts.rankColumns.keys()) allFieldTypes.set(alias, 'float')

  const fieldIds = selectedFieldIds(search, allFieldTypes)
  const format = search.recordsFormat
  const timestamp = timestampFormat(search)
  const selects = fieldIds.map((id) =>
    selectExpression(id, allFieldTypes.get(id) ?? '', format, timestamp, ts.rankColumns.get(id)),
  )

  // `field` for a column's clause: `"field" asc nulls last`, ordering by the column
  let order: Array<{ sql: string; field?: string }>
  let sortedById: 'asc' | 'desc' | undefined
  if (!truthy(search.sort ?? null))
    order = [...ts.rankColumns.values()].map((rank) => ({ sql: `${rank} DESC` }))
  else {
    const clauses = getList(search.sort as string | string[], false).map((clause) => {
      const parsed = parseSortClause(clause, fieldTypes)
      if (!parsed) throw new Error('sort clause was not validated')
      return parsed
    })
    order = clauses.map(({ field, direction, nulls }) => ({
      sql: `${direction}${nulls ? ' nulls ' + nulls : ''}`,
      field,
    }))
    const only = clauses.length === 1 ? clauses[0] : undefined
    // CKAN tests the clause's text: `"_id" desc nulls last` does not end with ' desc', so it pages up
    if (only?.field === '_id') sortedById = only.direction === 'desc' && !only.nulls ? 'desc' : 'asc'
  }
  const distinct = search.distinct === true ? 'DISTINCT' : ''
  if (order.length === 0 && !distinct) {
    order = [{ sql: 'asc', field: '_id' }]
    sortedById = 'asc'
  }
  /** ORDER BY, naming each sorted column as `name` does (a CSV's columns are c0, c1, …). */
  const orderBy = (name: (field: string) => string = quoteIdent): string =>
    order.length === 0
      ? ''
      : 'ORDER BY ' +
        order
          .map((clause) => (clause.field === undefined ? clause.sql : `${name(clause.field)} ${clause.sql}`))
          .join(', ')
  const nextPage =
    search.includeNextPage && order.length === 1 && sortedById
      ? { operator: sortedById === 'desc' ? ('lt' as const) : ('gt' as const) }
      : undefined

  const from = [quoteIdent(resourceId), ...ts.fromItems].join(', ')
  const whereSql = where.length > 0 ? 'WHERE ' + where.map((clause) => `(${clause})`).join(' AND ') : ''
  const countParams = [...params.values]

  const limit = params.add(search.limit, '::int8')
  // CKAN formats a blank offset (`offset=`) as `OFFSET None`, which PostgreSQL rejects: keep that.
  const offset = search.offset === null ? 'None' : params.add(search.offset ?? 0, '::int8')
  // 2.12 (#9365) orders and cuts the page after DISTINCT; 2.11.3+ took DISTINCT of a page of rows
  const distinctAfterPage = search.ckanVersion === '2.11' || !distinct
  const cut = `LIMIT ${limit} OFFSET ${offset}`
  const page = `SELECT * FROM ${from} ${whereSql} ${distinctAfterPage ? `${orderBy()} ${cut}` : ''}`
  const afterDistinct = distinctAfterPage ? '' : `${orderBy()} ${cut}`
  // CKAN's `next_id` CTE: the largest (smallest) _id of records_page
  const nextId = nextPage
    ? `, (SELECT ${nextPage.operator === 'gt' ? 'max' : 'min'}("_id")::text FROM records_page) AS next_id`
    : ''

  let recordsSql: string
  let rowsSql: string
  let columnsSql: string | undefined
  if (format === 'objects') {
    const columns = selects.map((expr, i) => `${expr} AS ${quoteIdent(fieldIds[i] ?? '')}`).join(', ')
    const ctes = `WITH records_page AS (${page}), select_cols AS (SELECT ${distinct} ${columns} FROM records_page ${afterDistinct}) `
    recordsSql = `${ctes}SELECT array_to_json(array_agg(select_cols))::text AS records${nextId} FROM select_cols`
    rowsSql = `${ctes}SELECT to_json(select_cols)::text AS v FROM select_cols`
  } else if (format === 'lists') {
    const ctes = `WITH records_page AS (${page}), select_cols AS (SELECT ${distinct} '[' || ${selects.join(" || ',' || ")} || ']' v FROM records_page ${afterDistinct}) `
    recordsSql = `${ctes}SELECT '[' || array_to_string(array_agg(select_cols.v), ',') || ']' AS records${nextId} FROM select_cols`
    rowsSql = `${ctes}SELECT v FROM select_cols`
  } else {
    const delimiter = format === 'csv' ? ',' : '\t'
    const columns = selects.map((expr, i) => `${expr} AS c${i}`).join(', ')
    const line = fieldIds
      .map((id, i) => csvField(`c${i}`, allFieldTypes.get(id) ?? '', delimiter, fieldIds.length === 1))
      .join(format === 'csv' ? " || ',' || " : ' || chr(9) || ')
    // the CSV's columns are named c0, c1, … (CKAN's keep the column's name where it is not formatted)
    const cAlias = (field: string): string => {
      const index = fieldIds.indexOf(field)
      return index < 0 ? quoteIdent(field) : `c${index}`
    }
    const csvAfterDistinct = distinctAfterPage ? '' : `${orderBy(cAlias)} ${cut}`
    const ctes = `WITH records_page AS (${page}), select_cols AS (SELECT ${distinct} ${columns} FROM records_page ${csvAfterDistinct}) `
    recordsSql = `${ctes}SELECT string_agg(${line} || chr(10), '') AS records${nextId} FROM select_cols`
    rowsSql = `${ctes}SELECT ${line} AS v FROM select_cols`
    columnsSql = `${ctes}SELECT * FROM select_cols`
  }

  const countSelect = format === 'lists' ? selects.join(" || ',' || ") : selects.join(', ')
  const countSql = `SELECT count(*)::text AS total FROM (SELECT ${distinct} ${countSelect} FROM ${from} ${whereSql}) AS t`

  const range =
    search.ckanVersion !== '2.11' && where.length === 1 && ts.where.length === 0 && !distinct
      ? columnRange(filters)
      : undefined

  return {
    records: { sql: recordsSql, params: params.values },
    rows: { sql: rowsSql, params: params.values },
    ...(columnsSql !== undefined && { columns: { sql: columnsSql, params: params.values } }),
    count: { sql: countSql, params: countParams },
    estimable: where.length === 0 && !distinct,
    ...(nextPage && { nextPage }),
    ...(range && { range }),
    resultFieldIds: search.fields === undefined ? [...allFieldTypes.keys()] : getList(search.fields),
    fieldTypes: allFieldTypes,
    usesTextSearch: ts.fromItems.length > 0,
  }
}
