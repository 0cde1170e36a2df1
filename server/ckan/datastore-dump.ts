// CKAN's dump (`GET /datastore/dump/<resource_id>`, ckanext/datastore/blueprint.py `dump` and
// `dump_to`, writer.py): the records of a datastore_search without its row cap, as CSV, TSV, JSON
// or XML, with every `filters` form datastore_search takes. Here the records come from one cursor
// instead of CKAN's pages of 32,000 (2.12 chains them with `next_page`), and the input is checked by
// datastore_search's own validation first, so a bad sort is a 409, not CKAN's 500.
import { catalogAccess } from './catalog.ts'
import { type CkanVersion, ckanVersionOf } from './ckan-version.ts'
import { internalServerError, invalidQuery, planSearch, validationError } from './datastore-search.ts'
import { type PyValue, decodeJson, dumpsCompact, fromJson, pythonStrOf } from './python-values.ts'
import { validateSearchSchema } from './search-schema.ts'
import { resolveAlias } from './table-info.ts'
import type { ActionOutcome, DataDict, Json, SearchContext } from './types.ts'

export const DUMP_FORMATS = ['csv', 'tsv', 'json', 'xml'] as const
export type DumpFormat = (typeof DUMP_FORMATS)[number]

/** The search parameters the dump hands on to datastore_search (blueprint.py `search_params`). */
const searchParams = new Set(['filters', 'q', 'distinct', 'plain', 'language', 'fields'])

/** Turns the rows of one FETCH (their text column `v`) into output; one writer per dump. */
export interface DumpWriter {
  head: string
  rows(texts: string[]): string
  tail: string
}

export interface DumpPlan {
  status: 200
  headers: Record<string, string>
  /** Returns the records one row each, in a text column `v`. */
  sql: string
  params: unknown[]
  writer: DumpWriter
  /** CSV and TSV: the records' columns for PostgreSQL's own COPY to write (where the Db has it). */
  copy?: { select: string; params: unknown[]; delimiter: ',' | '\t' }
}

export type DumpPreparation =
  | DumpPlan
  /** CKAN's `abort(404, 'DataStore resource not found')`: unknown, or private without a valid token. */
  | { status: 404; message: string }
  | { status: 409 | 500; outcome: ActionOutcome & { ok: false } }

const contentTypes: Record<DumpFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
}

const recordsFormats = { csv: 'csv', tsv: 'tsv', json: 'lists', xml: 'objects' } as const

const BOM = '\uFEFF'

function isBlank(value: string | undefined): value is undefined | '' {
  return value === undefined || value === ''
}

/** navl's `boolean_validator` on a query-string value. */
function booleanParam(value: string): boolean {
  return ['true', 'yes', 't', 'y', '1'].includes(value.toLowerCase())
}

/** The part of blueprint.py's `dump_schema` that datastore_search does not check: format and bom. */
function dumpOptions(args: Map<string, string>): { format: DumpFormat; bom: boolean } | ActionOutcome {
  const given = args.get('format')
  const format = isBlank(given) ? 'csv' : given
  if (!(DUMP_FORMATS as readonly string[]).includes(format)) {
    return validationError({ format: [`Value must be one of ('csv', 'tsv', 'json', 'xml')`] })
  }
  const bom = args.get('bom')
  return { format: format as DumpFormat, bom: !isBlank(bom) && booleanParam(bom) }
}

/**
 * The datastore_search call of `dump_to`, in the order the request gave its keys (which decides
 * which error datastore_search reports first). `limit` and `offset` are the whole dump's.
 */
function searchDataDict(resourceId: string, args: Map<string, string>, format: DumpFormat): DataDict {
  const data: DataDict = { resource_id: resourceId }
  for (const [key, value] of args) {
    if (searchParams.has(key)) data[key] = value
    // dump_schema: a blank offset is 0, a blank limit is no limit, a blank sort is `_id`
    else if ((key === 'offset' || key === 'limit' || key === 'sort') && value !== '') data[key] = value
  }
  data.sort ??= '_id'
  data.records_format = recordsFormats[format]
  data.include_total = false
  return data
}

/** datastore_search's existence and auth checks, answered as the dump answers them (404 for both). */
async function readableTable(resourceId: string, ctx: SearchContext): Promise<string | undefined> {
  if (resourceId === '_table_metadata') return resourceId
  const alias = await resolveAlias(ctx.db, resourceId)
  if (!alias.exists) return undefined
  const realId = alias.realId ?? resourceId
  return (await catalogAccess(ctx.db, realId, ctx.caller)) === 'ok' ? realId : undefined
}

function failure(outcome: ActionOutcome): DumpPreparation {
  if (outcome.ok) throw new Error('not a failure')
  // datastore_search's ObjectNotFound (a table that is gone), which the dump answers with its 404
  if (outcome.status === 404) return { status: 404, message: 'DataStore resource not found' }
  return { status: outcome.status === 500 ? 500 : 409, outcome }
}

/** Validates a dump request and plans its query and writer; nothing is read from the table yet. */
export async function prepareDump(
  resourceId: string,
  query: URLSearchParams,
  ctx: SearchContext,
): Promise<DumpPreparation> {
  const realId = await readableTable(resourceId, ctx)
  if (realId === undefined) return { status: 404, message: 'DataStore resource not found' }

  // Flask's `request.args.to_dict()`: the first value of each key
  const args = new Map<string, string>()
  for (const [key, value] of query) if (!args.has(key)) args.set(key, value)
  const options = dumpOptions(args)
  if ('ok' in options) return failure(options)

  const data = searchDataDict(realId, args, options.format)
  // no row cap: the dump pages through everything (CKAN by rows_max at a time)
  const unlimited = { ...ctx.config, rowsMax: Number.MAX_SAFE_INTEGER, rowsDefault: Number.MAX_SAFE_INTEGER }
  const schema = validateSearchSchema(data, unlimited)
  if (schema.kind === 'crash') return failure(internalServerError())
  if (schema.kind === 'invalid') return failure(validationError(schema.errors))
  const search = schema.data

  const planned = await planSearch(search, realId, ctx)
  if ('ok' in planned) return failure(planned)
  const { table, plan, requestedLanguage, language } = planned
  if (plan.usesTextSearch && language === undefined) {
    return failure(invalidQuery('', [], `text search configuration "${requestedLanguage}" does not exist`))
  }

  const fields = plan.resultFieldIds.map((id) => {
    const field: Record<string, Json> = { id, type: plan.fieldTypes.get(id) ?? null }
    const info = table.info.get(id)
    if (info) field['info'] = info
    return field
  })
  return {
    status: 200,
    headers: {
      'Content-Type': contentTypes[options.format],
      'Content-disposition': `attachment; filename="${resourceId}.${options.format}"`,
    },
    sql: plan.rows.sql,
    params: plan.rows.params,
    writer: dumpWriter(options.format, fields, options.bom, ckanVersionOf(ctx.config)),
    ...(plan.columns && {
      copy: {
        select: plan.columns.sql,
        params: plan.columns.params,
        delimiter: options.format === 'tsv' ? '\t' : ',',
      },
    }),
  }
}

/** Python's csv writer (excel or excel-tab dialect, QUOTE_MINIMAL) for the header row. */
function csvHeader(ids: string[], delimiter: string): string {
  const quoted = ids.map((id) =>
    id.includes(delimiter) || /["\r\n]/.test(id) ? `"${id.replace(/"/g, '""')}"` : id,
  )
  return `${quoted.join(delimiter)}\r\n`
}

export function dumpWriter(
  format: DumpFormat,
  fields: Array<Record<string, Json>>,
  bom: boolean,
  version: CkanVersion = '2.12',
): DumpWriter {
  const start = bom ? BOM : ''
  const ids = fields.map((field) => String(field['id']))
  switch (format) {
    case 'csv':
    case 'tsv':
      return {
        head: start + csvHeader(ids, format === 'csv' ? ',' : '\t'),
        rows: (texts) => `${texts.join('\n')}\n`,
        tail: '',
      }
    case 'json':
      return jsonWriter(start, fields)
    case 'xml':
      return xmlWriter(start, ids, version)
  }
}

/** writer.py's JSONWriter: the fields, then one record list per line. */
function jsonWriter(start: string, fields: Array<Record<string, Json>>): DumpWriter {
  let first = true
  return {
    head: `${start}{\n  "fields": ${dumpsCompact(fromJson(fields))},\n  "records": [`,
    rows: (texts) => {
      let out = ''
      for (const text of texts) {
        out += first ? '\n    ' : ',\n    '
        first = false
        out += dumpsCompact(decodeJson(text))
      }
      return out
    },
    tail: '\n]}\n',
  }
}

/** ElementTree's `_escape_cdata`. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** ElementTree's `_escape_attrib`. */
function escapeAttribute(text: string): string {
  return escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#09;')
}

/** One element as writer.py's `_insert_node` builds it and ElementTree serialises it. */
function xmlNode(tag: string, value: PyValue, key?: string): string {
  const keyAttribute = key === undefined ? '' : ` key="${escapeAttribute(key)}"`
  if (value === null) return `<${tag} xsi:nil="true"${keyAttribute} />`
  let content: string
  if (Array.isArray(value))
    content = value.map((item, index) => xmlNode('value', item, String(index))).join('')
  else if (value instanceof Map) {
    content = [...value].map(([itemKey, item]) => xmlNode('value', item, itemKey)).join('')
  } else content = escapeText(pythonStrOf(value))
  // ElementTree writes an element without text or children as `<tag />`
  return content === '' ? `<${tag}${keyAttribute} />` : `<${tag}${keyAttribute}>${content}</${tag}>`
}

/** Python's `str()` of any value (`_id` is always an int; anything else is shown as Python would). */
function scalarStr(value: PyValue): string {
  return Array.isArray(value) || value instanceof Map ? dumpsCompact(value) : pythonStrOf(value)
}

/** writer.py's `xml_element_name_rules` (2.12, #8340), applied in order. */
const xmlNameRules: Array<[RegExp, string]> = [
  // cannot start with XML or a number
  [/^(\p{Nd}*xml\p{Nd}*|\p{Nd}+)/iu, ''],
  // no whitespace (Python's \s also takes the separators U+001C–U+001F, and U+0085)
  // eslint-disable-next-line no-control-regex -- those separators are what the rule is about
  [/[\s\u001c-\u001f\u0085]+/gu, '_'],
  // only letters, digits, underscores, stops and hyphens
  [/[^\p{L}\p{N}_.-]/gu, ''],
  // must start with a letter or an underscore
  [/^[\p{Nd}.-]+/u, ''],
]

/** 2.12's element name of each column: the rules above, then `_0`, `_1`, … to keep names unique. */
export function xmlElementNames(columns: string[]): string[] {
  const names: string[] = []
  for (const column of columns) {
    let name = column.normalize('NFC')
    for (const [rule, replacement] of xmlNameRules) name = name.replace(rule, replacement)
    let unique = name
    for (let suffix = 0; names.includes(unique); suffix++) unique = `${name}_${suffix}`
    names.push(unique)
  }
  return names
}

/**
 * writer.py's XMLWriter: a `<row>` per record, `_id` as its attribute when it is the first field;
 * from 2.12 on, columns named as XML allows (xmlElementNames).
 */
function xmlWriter(start: string, ids: string[], version: CkanVersion): DumpWriter {
  const idColumn = ids[0] === '_id'
  const columns = idColumn ? ids.slice(1) : ids
  const tags = version === '2.11' ? columns : xmlElementNames(columns)
  return {
    head: `${start}<data xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n`,
    rows: (texts) => {
      let out = ''
      for (const text of texts) {
        const record = decodeJson(text)
        const get = (column: string): PyValue => (record instanceof Map ? (record.get(column) ?? null) : null)
        const id = idColumn ? ` _id="${escapeAttribute(scalarStr(get('_id')))}"` : ''
        const children = columns.map((column, index) => xmlNode(tags[index]!, get(column))).join('')
        out += children === '' ? `<row${id} />\n` : `<row${id}>${children}</row>\n`
      }
      return out
    },
    tail: '</data>\n',
  }
}
