// "Copy as code": the current view as a link, an API address, and curl, Python, JavaScript and R
// programs that ask the portal for the same records. Pure builders: the request's wire form comes
// from the client's own encoders (toSearchParams, encodeGetParams, actionUrl), so a snippet sends
// what the explorer sends. A token is never written into a snippet: each one reads CKAN_API_TOKEN.
import { actionUrl, canEncodeAsGet, encodeGetParams } from '../../api/ckan/client'
import { toSearchParams } from '../../api/ckan/datastore-search'
import { dumpUrl, type DumpRequest } from '../../api/ckan/dump'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import type { ExplorerState, Limit } from '../../model/explorer-state'
import { shownColumns } from '../../model/fields'
import { toSearchRequest } from '../../model/to-search-request'

/** The environment variable every snippet reads the token from. */
export const TOKEN_VARIABLE = 'CKAN_API_TOKEN'

/**
 * Records asked for per call when paging (and by the API address with "All"): CKAN's default
 * `ckan.datastore.search.rows_max`. A portal with a lower cap sends fewer, and the loops ask again.
 */
export const SNIPPET_PAGE_SIZE = 32_000

export interface SnippetInput {
  /** The portal's base URL, with its locale segment (`https://demo.ckan.org/en`). */
  baseUrl: string
  /** The view's request: its resource, search, filters and sort (limit, offset and fields are set here). */
  request: SearchRequest
  /** The visible columns' ids, in the order the table shows them. */
  columns: readonly string[]
  limit: Limit
  /** Whether the view is read with a token: the snippets then send the one in CKAN_API_TOKEN. */
  tokenInUse: boolean
  /** The address of the page showing this view, when it has one (not an embed). */
  pageLink?: string
  /** false for a portal older than CKAN 2.10, which refuses `nulls last` in a sort clause. */
  nullsLast?: boolean
}

export interface CodeSnippets {
  pageLink?: string
  /** A datastore_search GET address (with "All": its first call). */
  apiUrl: string
  curl: string
  python: string
  javascript: string
  r: string
  /** curl downloads the dump (CSV) rather than one datastore_search call: "All", or a limit above a call's. */
  curlUsesDump: boolean
  /** A column name or sort clause holds a comma, which CKAN splits in an address: the GET forms are not exact. */
  addressInexact: boolean
}

/**
 * The view's wire parameters, in the order the explorer sends them. Without `limit`: what every call
 * of a paging snippet sends (each call adds its own offset and limit).
 */
export function queryParams(input: SnippetInput, limit?: number): Record<string, unknown> {
  const { resourceId, q, plain, language, filters, sort } = input.request
  const view: SearchRequest = { resourceId, limit: limit ?? 0 }
  if (q !== undefined) view.q = q
  if (plain !== undefined) view.plain = plain
  if (language !== undefined) view.language = language
  if (filters !== undefined) view.filters = filters
  if (sort !== undefined) view.sort = sort
  if (input.columns.length > 0) view.fields = [...input.columns]
  const params = toSearchParams(view, { nullsLast: input.nullsLast !== false })
  if (limit === undefined) delete params.limit
  return params
}

/** The dump's address (CSV) of the view: every matching record, or the first `limit`; null when the
 * view cannot be said in the dump's query string (a comma in a column name). */
function viewDumpUrl(input: SnippetInput): string | null {
  const { resourceId, q, plain, language, filters, sort } = input.request
  const request: DumpRequest = { resourceId, fields: input.columns }
  if (q !== undefined) request.q = q
  if (plain !== undefined) request.plain = plain
  if (language !== undefined) request.language = language
  if (filters !== undefined) request.filters = filters
  if (sort !== undefined) request.sort = sort
  if (input.limit !== 'all') request.limit = input.limit
  return dumpUrl(input.baseUrl, request, 'csv', { nullsLast: input.nullsLast !== false })
}

// ---------------------------------------------------------------- quoting

/** A POSIX shell word: single quotes keep everything literal ($, \, newlines); a ' is closed, escaped, reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/**
 * A string literal for JavaScript and Python: JSON's escapes (\" \\ \n \uXXXX…) mean the same in
 * both, and JSON.stringify escapes every control character and lone surrogate.
 */
export function jsonString(text: string): string {
  return JSON.stringify(text)
}

/** An R string literal: R reads \\ \" \n \r \t and \uXXXX as JSON does; other text stays as it is. */
export function rString(text: string): string {
  let out = '"'
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    const code = char.charCodeAt(0)
    if (char === '\\') out += '\\\\'
    else if (char === '"') out += '\\"'
    else if (char === '\n') out += '\\n'
    else if (char === '\r') out += '\\r'
    else if (char === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`
    else if (code >= 0xd800 && code <= 0xdbff && /[\udc00-\udfff]/.test(text[index + 1] ?? '')) {
      out += char + text[index + 1]!
      index++
    } else if (code >= 0xd800 && code <= 0xdfff)
      out += '\ufffd' // a lone surrogate: R has no such character
    else out += char
  }
  return `${out}"`
}

interface LiteralSyntax {
  string(text: string): string
  scalar(value: number | boolean | null): string
  /** `key: ` or `key = `, for an object's entry. */
  key(name: string): string
  array: [string, string]
  object: [string, string]
  /** One level of indentation. */
  indent: string
  /** Whether the last entry may end with a comma (R reads it as one more, empty argument). */
  trailingComma: boolean
}

const JS_IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const PYTHON_SCALARS = { true: 'True', false: 'False', null: 'None' } as const
const R_SCALARS = { true: 'TRUE', false: 'FALSE', null: 'NULL' } as const
const R_RESERVED: ReadonlySet<string> = new Set([
  'if',
  'else',
  'repeat',
  'while',
  'function',
  'for',
  'next',
  'break',
  'in',
])

const scalarText = (value: number | boolean | null, words: Record<'true' | 'false' | 'null', string>) =>
  value === null ? words.null : typeof value === 'boolean' ? words[`${value}`] : String(value)

const JS: LiteralSyntax = {
  string: jsonString,
  scalar: (value) => scalarText(value, { true: 'true', false: 'false', null: 'null' }),
  // `"__proto__": x` in an object literal sets the prototype; the computed form makes a property
  key: (name) =>
    name === '__proto__'
      ? `["__proto__"]: `
      : JS_IDENTIFIER.test(name)
        ? `${name}: `
        : `${jsonString(name)}: `,
  array: ['[', ']'],
  object: ['{', '}'],
  indent: '  ',
  trailingComma: true,
}

const PYTHON: LiteralSyntax = {
  string: jsonString,
  scalar: (value) => scalarText(value, PYTHON_SCALARS),
  key: (name) => `${jsonString(name)}: `,
  array: ['[', ']'],
  object: ['{', '}'],
  indent: '    ',
  trailingComma: true,
}

// httr2 writes a list as a JSON array when unnamed, as an object when named (req_body_json)
const R: LiteralSyntax = {
  string: rString,
  scalar: (value) => scalarText(value, R_SCALARS),
  key: (name) =>
    (/^[A-Za-z][A-Za-z0-9_]*$/.test(name) && !R_RESERVED.has(name) ? name : rString(name)) + ' = ',
  array: ['list(', ')'],
  object: ['list(', ')'],
  indent: '  ',
  trailingComma: false,
}

/** A value as a literal: the top-level object one entry a line, anything inside it on one line. */
export function literal(value: unknown, syntax: LiteralSyntax, topLevel = true): string {
  if (typeof value === 'string') return syntax.string(value)
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return syntax.scalar(value)
  const [open, close] = Array.isArray(value) ? syntax.array : syntax.object
  if (Array.isArray(value))
    return `${open}${value.map((item) => literal(item, syntax, false)).join(', ')}${close}`
  if (typeof value !== 'object') throw new Error(`No literal for ${typeof value}`)
  const entries = Object.entries(value).map(
    ([key, item]) => `${syntax.key(key)}${literal(item, syntax, false)}`,
  )
  if (!topLevel || entries.length === 0) return `${open}${entries.join(', ')}${close}`
  const lines = entries.map((entry, index) =>
    index < entries.length - 1 || syntax.trailingComma ? `${entry},` : entry,
  )
  return `${open}\n${lines.map((line) => `${syntax.indent}${line}`).join('\n')}\n${close}`
}

export const LITERAL_SYNTAX = { javascript: JS, python: PYTHON, r: R } as const

// ---------------------------------------------------------------- the snippets

function curlSnippet(input: SnippetInput, query: Record<string, unknown>, dump: string | null): string {
  const lines = ['curl -sS']
  if (input.tokenInUse) lines.push(`-H "Authorization: $${TOKEN_VARIABLE}"`)
  if (dump !== null) {
    lines.push(shellQuote(dump))
  } else {
    lines.push(`-H 'Content-Type: application/json'`)
    lines.push(`--data-raw ${shellQuote(JSON.stringify(query, null, 2))}`)
    lines.push(shellQuote(actionUrl(input.baseUrl, 'datastore_search')))
  }
  return `${lines.join(' \\\n  ')}\n`
}

function pythonSnippet(input: SnippetInput, query: Record<string, unknown>): string {
  const limit = input.limit === 'all' ? 'None  # None: every matching record' : String(input.limit)
  return [
    '# Python 3 with requests (pip install requests)',
    'import json',
    ...(input.tokenInUse ? ['import os'] : []),
    '',
    'import requests',
    '',
    `url = ${jsonString(actionUrl(input.baseUrl, 'datastore_search'))}`,
    `query = ${literal(query, PYTHON)}`,
    input.tokenInUse
      ? `headers = {"Authorization": os.environ[${jsonString(TOKEN_VARIABLE)}]}`
      : 'headers = {}',
    `limit = ${limit}`,
    `page_size = ${SNIPPET_PAGE_SIZE}  # a portal may send fewer per call: the loop asks for the rest`,
    '',
    'records = []',
    'while limit is None or len(records) < limit:',
    '    wanted = page_size if limit is None else min(page_size, limit - len(records))',
    '    body = {**query, "offset": len(records), "limit": wanted}',
    '    response = requests.post(url, json=body, headers=headers, timeout=60)',
    '    response.raise_for_status()',
    '    page = response.json()["result"]["records"]',
    '    if not page:',
    '        break',
    '    records.extend(page)',
    '',
    'print(json.dumps(records, ensure_ascii=False, indent=2))',
    '',
  ].join('\n')
}

function javascriptSnippet(input: SnippetInput, query: Record<string, unknown>): string {
  const limit = input.limit === 'all' ? 'Infinity // every matching record' : String(input.limit)
  const headers = input.tokenInUse
    ? [
        `const token = process.env.${TOKEN_VARIABLE}`,
        `if (!token) throw new Error(${jsonString(`Set ${TOKEN_VARIABLE} to your API token first`)})`,
        `const headers = { "Content-Type": "application/json", Authorization: token }`,
      ]
    : ['const headers = { "Content-Type": "application/json" }']
  return [
    '// Node 18 or newer: save as view.mjs and run `node view.mjs`',
    `const url = ${jsonString(actionUrl(input.baseUrl, 'datastore_search'))}`,
    `const query = ${literal(query, JS)}`,
    ...headers,
    `const limit = ${limit}`,
    `const pageSize = ${SNIPPET_PAGE_SIZE} // a portal may send fewer per call: the loop asks for the rest`,
    '',
    'const records = []',
    'while (records.length < limit) {',
    '  const body = { ...query, offset: records.length, limit: Math.min(pageSize, limit - records.length) }',
    '  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) })',
    '  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)',
    '  const page = (await response.json()).result.records',
    '  if (page.length === 0) break',
    '  records.push(...page)',
    '}',
    'console.log(JSON.stringify(records, null, 2))',
    '',
  ].join('\n')
}

function rSnippet(input: SnippetInput, query: Record<string, unknown>): string {
  const limit = input.limit === 'all' ? 'Inf  # every matching record' : String(input.limit)
  const token = input.tokenInUse
    ? [
        `token <- Sys.getenv(${rString(TOKEN_VARIABLE)})`,
        `if (token == "") stop(${rString(`Set ${TOKEN_VARIABLE} to your API token first`)})`,
      ]
    : []
  return [
    '# R with httr2 (install.packages("httr2"))',
    'library(httr2)',
    '',
    `url <- ${rString(actionUrl(input.baseUrl, 'datastore_search'))}`,
    `query <- ${literal(query, R)}`,
    ...token,
    `limit <- ${limit}`,
    `page_size <- ${SNIPPET_PAGE_SIZE}  # a portal may send fewer per call: the loop asks for the rest`,
    '',
    'records <- list()',
    'while (length(records) < limit) {',
    '  body <- c(query, list(offset = length(records), limit = min(page_size, limit - length(records))))',
    '  req <- req_body_json(request(url), body)',
    ...(input.tokenInUse ? ['  req <- req_headers(req, Authorization = token)'] : []),
    '  page <- resp_body_json(req_perform(req))$result$records',
    '  if (length(page) == 0) break',
    '  records <- c(records, page)',
    '}',
    'str(records)',
    '',
  ].join('\n')
}

/** Every form of the view. Throws on a portal address that is not a web address (a caller bug). */
export function codeSnippets(input: SnippetInput): CodeSnippets {
  const query = queryParams(input)
  const firstCall = queryParams(input, input.limit === 'all' ? SNIPPET_PAGE_SIZE : input.limit)
  const dump = input.limit === 'all' || input.limit > SNIPPET_PAGE_SIZE ? viewDumpUrl(input) : null
  const curlUsesDump = dump !== null
  const snippets: CodeSnippets = {
    apiUrl: `${actionUrl(input.baseUrl, 'datastore_search')}?${encodeGetParams(firstCall)}`,
    curl: curlSnippet(input, curlUsesDump ? query : firstCall, dump),
    python: pythonSnippet(input, query),
    javascript: javascriptSnippet(input, query),
    r: rSnippet(input, query),
    curlUsesDump,
    addressInexact: !canEncodeAsGet(query),
  }
  if (input.pageLink) snippets.pageLink = input.pageLink
  return snippets
}

/**
 * The snippets of what a view shows: its request (search, filters, sort with the `_id` tiebreak the
 * table pages with), its visible columns and its limit. Only whether a token is in use goes on, never
 * the token: nothing after this point could write it into a snippet.
 */
export function viewSnippets(
  portal: Portal,
  state: ExplorerState,
  fields: readonly CkanField[],
  pageLink?: string,
): CodeSnippets {
  const request = toSearchRequest(state, { pageOffset: 0, pageLimit: 1, includeTotal: false })
  const input: SnippetInput = {
    baseUrl: portal.baseUrl,
    request,
    columns: shownColumns(fields, state.hidden, state.columns, state.pinned).map((column) => column.id),
    limit: state.limit,
    tokenInUse: !!portal.token?.trim(),
  }
  if (pageLink) input.pageLink = pageLink
  return codeSnippets(input)
}
