// "Copy as code" for a summary: Python with pandas (groupby), R with dplyr, and a JavaScript loop
// that read every matching record with the same datastore_search query the explorer streams (the
// view's search and filters, only the columns the summary needs, page after page) and compute the
// same groups and figures. Pure; a token is never written: each program reads CKAN_API_TOKEN.
import { actionUrl } from '../../api/ckan/client'
import type { Portal, SearchRequest } from '../../api/ckan/types'
import {
  measuredFields,
  summaryFields,
  type Grouping,
  type Measure,
  type SummarySpec,
} from '../../lib/summary/summary-spec'
import { summaryScope } from '../../queries/summary/summary-query'
import {
  jsonString,
  literal,
  LITERAL_SYNTAX,
  queryParams,
  rString,
  SNIPPET_PAGE_SIZE,
  TOKEN_VARIABLE,
} from './code-snippets'

export interface SummarySnippets {
  python: string
  r: string
  javascript: string
}

/** The name of a grouping's key column: the column itself, or `founded_month`, `population_range`. */
export function keyName(grouping: Grouping): string {
  return grouping.by === 'value' ? grouping.field : `${grouping.field}_${grouping.by}`
}

/** A figure's column in the result: `count`, `sum_population`, `avg_score`. */
export function figureName(measure: Measure): string {
  return measure.kind === 'count' ? 'count' : `${measure.kind}_${measure.field}`
}

const PANDAS_PERIODS = { day: 'D', month: 'M', quarter: 'Q', year: 'Y' } as const
const PANDAS_FUNCTIONS = { sum: 'sum', avg: 'mean', min: 'min', max: 'max' } as const
const R_FUNCTIONS = { sum: 'sum', avg: 'mean', min: 'min', max: 'max' } as const

/** An R name: bare when it is a plain name, else in backticks. */
function rName(name: string): string {
  return /^[A-Za-z][A-Za-z0-9_.]*$/.test(name)
    ? name
    : `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``
}

function pythonKey(grouping: Grouping): string | null {
  const column = `data[${jsonString(grouping.field)}]`
  if (grouping.by === 'value') return null
  if (grouping.by === 'range')
    return `(pd.to_numeric(${column}) // ${grouping.width}) * ${grouping.width}  # ranges of ${grouping.width}`
  return `pd.to_datetime(${column}.str[:10], errors="coerce").dt.to_period(${jsonString(PANDAS_PERIODS[grouping.by])}).astype(str)`
}

function rKey(grouping: Grouping): string | null {
  const column = rName(grouping.field)
  if (grouping.by === 'value') return null
  if (grouping.by === 'range') return `floor(as.numeric(${column}) / ${grouping.width}) * ${grouping.width}`
  if (grouping.by === 'quarter')
    return `paste0(substr(${column}, 1, 4), "-Q", (as.integer(substr(${column}, 6, 7)) - 1) %/% 3 + 1)`
  const length = { day: 10, month: 7, year: 4 }[grouping.by]
  return `substr(${column}, 1, ${length})`
}

function jsKey(grouping: Grouping): string {
  const value = `record[${jsonString(grouping.field)}]`
  if (grouping.by === 'value') return `${value} ?? null`
  if (grouping.by === 'range')
    return `${value} == null ? null : Math.floor(Number(${value}) / ${grouping.width}) * ${grouping.width}`
  if (grouping.by === 'quarter')
    return `${value} == null ? null : \`\${String(${value}).slice(0, 4)}-Q\${Math.ceil(Number(String(${value}).slice(5, 7)) / 3)}\``
  const length = { day: 10, month: 7, year: 4 }[grouping.by]
  return `${value} == null ? null : String(${value}).slice(0, ${length})`
}

function scope(portal: Portal, view: SearchRequest, spec: SummarySpec) {
  // the records the summary itself streams: the view's search and filters, in `_id` order
  const request = summaryScope(view)
  const tokenInUse = !!portal.token?.trim()
  const query = queryParams({
    baseUrl: portal.baseUrl,
    request,
    columns: summaryFields(spec),
    limit: 'all',
    tokenInUse,
  })
  return { query, url: actionUrl(portal.baseUrl, 'datastore_search'), tokenInUse }
}

function python(portal: Portal, view: SearchRequest, spec: SummarySpec): string {
  const { query, url, tokenInUse } = scope(portal, view, spec)
  const keys = spec.groups.map((grouping) => {
    const expression = pythonKey(grouping)
    return expression ? `data[${jsonString(keyName(grouping))}] = ${expression}` : null
  })
  const figures = spec.measures.map((measure) => {
    if (measure.kind === 'count')
      return `    ${jsonString('count')}: (${jsonString(keyName(spec.groups[0]!))}, "size"),`
    return `    ${jsonString(figureName(measure))}: (${jsonString(measure.field)}, ${jsonString(PANDAS_FUNCTIONS[measure.kind])}),`
  })
  return [
    '# Python 3 with pandas and requests (pip install pandas requests)',
    ...(tokenInUse ? ['import os', ''] : []),
    'import pandas as pd',
    'import requests',
    '',
    `url = ${jsonString(url)}`,
    `query = ${literal(query, LITERAL_SYNTAX.python)}`,
    tokenInUse ? `headers = {"Authorization": os.environ[${jsonString(TOKEN_VARIABLE)}]}` : 'headers = {}',
    `page_size = ${SNIPPET_PAGE_SIZE}  # a portal may send fewer per call: the loop asks for the rest`,
    '',
    '# every matching record, page after page',
    'records = []',
    'while True:',
    '    body = {**query, "offset": len(records), "limit": page_size}',
    '    response = requests.post(url, json=body, headers=headers, timeout=60)',
    '    response.raise_for_status()',
    '    page = response.json()["result"]["records"]',
    '    if not page:',
    '        break',
    '    records.extend(page)',
    '',
    `data = pd.DataFrame.from_records(records, columns=${literal(summaryFields(spec), LITERAL_SYNTAX.python)})`,
    ...measuredFields(spec).map(
      (field) => `data[${jsonString(field)}] = pd.to_numeric(data[${jsonString(field)}])`,
    ),
    ...keys.filter((line): line is string => line !== null),
    '# empty values form their own group (dropna=False)',
    `summary = data.groupby(${literal(spec.groups.map(keyName), LITERAL_SYNTAX.python)}, dropna=False).agg(**{`,
    ...figures,
    '})',
    'print(summary.to_string())',
    '',
  ].join('\n')
}

function r(portal: Portal, view: SearchRequest, spec: SummarySpec): string {
  const { query, url, tokenInUse } = scope(portal, view, spec)
  const mutations = spec.groups
    .map((grouping) => {
      const expression = rKey(grouping)
      return expression ? `${rName(keyName(grouping))} = ${expression}` : null
    })
    .filter((line): line is string => line !== null)
  const figures = spec.measures.map((measure) =>
    measure.kind === 'count'
      ? 'count = n()'
      : `${rName(figureName(measure))} = ${R_FUNCTIONS[measure.kind]}(as.numeric(${rName(measure.field)}), na.rm = TRUE)`,
  )
  return [
    '# R with httr2 and dplyr (install.packages(c("httr2", "dplyr")))',
    'library(httr2)',
    'library(dplyr)',
    '',
    `url <- ${rString(url)}`,
    `query <- ${literal(query, LITERAL_SYNTAX.r)}`,
    ...(tokenInUse
      ? [
          `token <- Sys.getenv(${rString(TOKEN_VARIABLE)})`,
          `if (token == "") stop(${rString(`Set ${TOKEN_VARIABLE} to your API token first`)})`,
        ]
      : []),
    `page_size <- ${SNIPPET_PAGE_SIZE}  # a portal may send fewer per call: the loop asks for the rest`,
    '',
    '# every matching record, page after page',
    'pages <- list()',
    'offset <- 0',
    'repeat {',
    '  req <- req_body_json(request(url), c(query, list(offset = offset, limit = page_size)))',
    ...(tokenInUse ? ['  req <- req_headers(req, Authorization = token)'] : []),
    '  page <- resp_body_json(req_perform(req), simplifyVector = TRUE)$result$records',
    '  if (NROW(page) == 0) break',
    '  pages[[length(pages) + 1]] <- page',
    '  offset <- offset + NROW(page)',
    '}',
    'data <- bind_rows(pages)',
    '',
    'summary <- data |>',
    ...(mutations.length > 0 ? [`  mutate(${mutations.join(', ')}) |>`] : []),
    `  group_by(${spec.groups.map((grouping) => rName(keyName(grouping))).join(', ')}) |>`,
    `  summarise(${[...figures, '.groups = "drop"'].join(', ')})`,
    'print(summary, n = Inf)',
    '',
  ].join('\n')
}

function javascript(portal: Portal, view: SearchRequest, spec: SummarySpec): string {
  const { query, url, tokenInUse } = scope(portal, view, spec)
  const measured = measuredFields(spec)
  const headers = tokenInUse
    ? [
        `const token = process.env.${TOKEN_VARIABLE}`,
        `if (!token) throw new Error(${jsonString(`Set ${TOKEN_VARIABLE} to your API token first`)})`,
        'const headers = { "Content-Type": "application/json", Authorization: token }',
      ]
    : ['const headers = { "Content-Type": "application/json" }']
  const figure = (measure: Measure) => {
    if (measure.kind === 'count') return 'group.count'
    const stats = `group.stats[${jsonString(measure.field)}]`
    if (measure.kind === 'avg') return `${stats}.n ? ${stats}.sum / ${stats}.n : null`
    return `${stats}.n ? ${stats}.${measure.kind} : null`
  }
  return [
    '// Node 18 or newer: save as summary.mjs and run `node summary.mjs`',
    `const url = ${jsonString(url)}`,
    `const query = ${literal(query, LITERAL_SYNTAX.javascript)}`,
    ...headers,
    `const pageSize = ${SNIPPET_PAGE_SIZE} // a portal may send fewer per call: the loop asks for the rest`,
    `const measured = ${literal(measured, LITERAL_SYNTAX.javascript)}`,
    '',
    'const groups = new Map()',
    'let offset = 0',
    'for (;;) {',
    '  const body = { ...query, offset, limit: pageSize }',
    '  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) })',
    '  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`)',
    '  const page = (await response.json()).result.records',
    '  if (page.length === 0) break',
    '  for (const record of page) {',
    `    const key = [${spec.groups.map((grouping) => `(${jsKey(grouping)})`).join(', ')}]`,
    '    const id = JSON.stringify(key)',
    '    let group = groups.get(id)',
    '    if (!group) {',
    '      group = { key, count: 0, stats: {} }',
    '      for (const field of measured) group.stats[field] = { n: 0, sum: 0, min: Infinity, max: -Infinity }',
    '      groups.set(id, group)',
    '    }',
    '    group.count++',
    '    for (const field of measured) {',
    '      const value = record[field] == null || record[field] === "" ? NaN : Number(record[field])',
    '      if (Number.isNaN(value)) continue',
    '      const stats = group.stats[field]',
    '      stats.n++',
    '      stats.sum += value',
    '      stats.min = Math.min(stats.min, value)',
    '      stats.max = Math.max(stats.max, value)',
    '    }',
    '  }',
    '  offset += page.length',
    '}',
    '',
    'const rows = [...groups.values()].map((group) => ({',
    ...spec.groups.map((grouping, index) => `  ${jsonString(keyName(grouping))}: group.key[${index}],`),
    ...spec.measures.map((measure) => `  ${jsonString(figureName(measure))}: ${figure(measure)},`),
    '}))',
    'console.table(rows)',
    '',
  ].join('\n')
}

/** The summary's programs. Throws on a portal address that is not a web address (a caller bug). */
export function summarySnippets(portal: Portal, view: SearchRequest, spec: SummarySpec): SummarySnippets {
  return {
    python: python(portal, view, spec),
    r: r(portal, view, spec),
    javascript: javascript(portal, view, spec),
  }
}
