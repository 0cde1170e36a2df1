// The explorer's URL, in CKAN's own names and syntax so that the query string of a CKAN
// `datastore_search` GET opens the same view:
//
//   resource_id (or CKAN's alias `id`)   the table
//   q                                    search words
//   filters                              JSON object as in a CKAN GET: {"country":["DE","UK"],"year":2013}
//                                        (written with one value as a scalar; key order is display
//                                        order, except that JavaScript puts integer-like names first)
//   sort                                 CKAN syntax: year desc, "country name"
//   limit                                a whole number above 0, or `all`
// and ours:
//   search=plain                         CKAN's whole-word search (default: word-start search)
//   hidden                               hidden columns, in CKAN's `fields` syntax: a,"name, with comma"
//                                        (`hidden=` alone: every column shown; absent: `_id` hidden).
//                                        A JSON list is also read.
//   portal                               the portal's base URL when not the configured one
//   lang                                 the interface language (en, fr, he, ar, or a pseudo-language for tests)
//   view, group, show                    the tab shown and the summary (model/summary-link.ts):
//                                        view=summary&group=country&show=count,sum:population
//
// CKAN's `plain=true|false` is read as `search=plain|prefix`. CKAN parameters the explorer does
// not apply (offset, fields, distinct, ...) are dropped with a reason; anything else is ignored
// silently (tracking parameters and the like). Parsing never throws.
import type { FilterScalar } from '../api/ckan/types'
import { supportedLocale } from '../i18n/languages'
import { DEFAULT_STATE, type ExplorerState, type Limit } from './explorer-state'
import {
  formatNameList,
  formatSort,
  isValidResourceId,
  resourceIdParameter,
  parseFiltersJson,
  parseNameList,
  readSortParameters,
  setOwn,
} from '../api/ckan/ckan-syntax'
import { canonicalPortalUrl } from '../api/ckan/portal-url'
import { parseViewTab } from './view-tab'

/** Larger limits are most likely typos; 'all' exists for "everything". */
export const MAX_LIMIT = 10_000_000

/** CKAN parameters that a pasted API link may carry but the explorer does not apply. */
const UNSUPPORTED_CKAN_PARAMS = [
  'offset',
  'fields',
  'distinct',
  'language',
  'records_format',
  'include_total',
  'total_estimation_threshold',
  'full_text',
  'include_next_page',
]

/** A part of a link that was not applied, and why: the interface words it (LinkNotice). */
export type IgnoredPart =
  | { reason: 'filters.badJson' | 'filters.notObject' | 'hidden.bad' }
  | { reason: 'view.bad'; value: string }
  | { reason: 'filters.badValue'; field: string }
  | {
      reason: 'portal.bad' | 'resource.bad' | 'search.bad' | 'sort.bad' | 'limit.bad' | 'lang.bad'
      value: string
    }
  | { reason: 'unsupported'; name: string }

function parseFilters(text: string, ignored: IgnoredPart[]): Record<string, FilterScalar[]> {
  const { filters, problems } = parseFiltersJson(text)
  for (const problem of problems) {
    if (problem.kind === 'bad-json') ignored.push({ reason: 'filters.badJson' })
    else if (problem.kind === 'not-object') ignored.push({ reason: 'filters.notObject' })
    else ignored.push({ reason: 'filters.badValue', field: problem.field })
  }
  return filters
}

function dedupe<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}

/** A whole number of rows from 1 to MAX_LIMIT, or 'all'; null otherwise. */
export function parseLimit(text: string): Limit | null {
  const trimmed = text.trim().toLowerCase()
  if (trimmed === 'all') return 'all'
  if (!/^\d+$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= 1 && value <= MAX_LIMIT ? value : null
}

function parseHidden(text: string): string[] | null {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed)
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return dedupe(parsed)
    } catch {
      // not JSON: read as a name list below
    }
  }
  const names = parseNameList(text)
  return names && dedupe(names)
}

/** Reads a query string (with or without `?`). Bad parts are dropped and explained in `ignored`. */
export function parseExplorerState(search: string): { state: ExplorerState; ignored: IgnoredPart[] } {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  const ignored: IgnoredPart[] = []
  const state: ExplorerState = {
    ...DEFAULT_STATE,
    filters: {},
    sort: [],
    hidden: [...DEFAULT_STATE.hidden],
    summary: { group: '', show: '' },
  }

  const portal = params.get('portal')
  if (portal !== null && portal.trim() !== '') {
    const normalised = canonicalPortalUrl(portal)
    if (normalised) state.portal = normalised
    else ignored.push({ reason: 'portal.bad', value: portal })
  }

  const rawId = resourceIdParameter(params)
  if (rawId) {
    if (isValidResourceId(rawId)) state.resourceId = rawId
    else ignored.push({ reason: 'resource.bad', value: rawId })
  }

  // Kept as typed. (In plain mode a JSON object here is CKAN's per-column search, as in the CKAN link.)
  const q = params.get('q')
  if (q !== null) state.q = q

  const mode = params.get('search')
  const plain = params.get('plain')
  if (mode !== null && mode !== '') {
    if (mode === 'plain' || mode === 'prefix') state.searchMode = mode
    else ignored.push({ reason: 'search.bad', value: mode })
  } else if (plain !== null) {
    state.searchMode = /^(true|yes|t|y|1)$/i.test(plain.trim()) ? 'plain' : 'prefix'
  }

  const filters = params.get('filters')
  if (filters !== null && filters.trim() !== '') state.filters = parseFilters(filters, ignored)

  const sort = readSortParameters(params)
  if (sort) state.sort = sort
  else if (sort === null) ignored.push({ reason: 'sort.bad', value: params.getAll('sort').join(', ') })

  const limit = params.get('limit')
  if (limit !== null && limit.trim() !== '') {
    const parsed = parseLimit(limit)
    if (parsed !== null) state.limit = parsed
    else ignored.push({ reason: 'limit.bad', value: limit })
  }

  const hidden = params.get('hidden')
  if (hidden !== null) {
    const parsed = parseHidden(hidden)
    if (parsed) state.hidden = parsed
    else ignored.push({ reason: 'hidden.bad' })
  }

  for (const name of UNSUPPORTED_CKAN_PARAMS) {
    if (params.has(name)) ignored.push({ reason: 'unsupported', name })
  }

  const lang = params.get('lang')
  if (lang !== null && lang.trim() !== '') {
    const locale = supportedLocale(lang)
    if (locale) state.lang = locale
    else ignored.push({ reason: 'lang.bad', value: lang })
  }
  readSummary(params, state, ignored)
  return { state, ignored }
}

/**
 * The tab (`view`), and the summary (`group`, `show`) as given: the Summary tab reads those (and says
 * what it cannot), so that their code loads with it.
 */
function readSummary(params: URLSearchParams, state: ExplorerState, ignored: IgnoredPart[]): void {
  const view = params.get('view')
  if (view !== null && view.trim() !== '') {
    const tab = parseViewTab(view)
    if (tab) state.tab = tab
    else ignored.push({ reason: 'view.bad', value: view })
  }
  state.summary = { group: params.get('group')?.trim() ?? '', show: params.get('show')?.trim() ?? '' }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}

/** One value per filter reads like CKAN's own examples: {"year":2013}; several stay a list. */
function serializeFilters(filters: Record<string, FilterScalar[]>): string | null {
  const compact: Record<string, FilterScalar | FilterScalar[]> = {}
  let count = 0
  for (const [field, values] of Object.entries(filters)) {
    if (values.length === 0) continue
    setOwn(compact, field, values.length === 1 ? (values[0] as FilterScalar) : values)
    count++
  }
  return count > 0 ? JSON.stringify(compact) : null
}

/**
 * The canonical query string (without `?`) of a state: fixed key order, defaults and empties left
 * out, so equal states give equal strings (and equal query keys).
 */
export function serializeExplorerState(state: ExplorerState): string {
  const params = new URLSearchParams()
  if (state.portal) params.set('portal', canonicalPortalUrl(state.portal) ?? state.portal)
  if (state.resourceId) params.set('resource_id', state.resourceId)
  if (state.q !== '') params.set('q', state.q)
  if (state.searchMode !== DEFAULT_STATE.searchMode) params.set('search', state.searchMode)
  const filters = serializeFilters(state.filters)
  if (filters) params.set('filters', filters)
  if (state.sort.length > 0) params.set('sort', formatSort(state.sort))
  if (state.limit !== DEFAULT_STATE.limit) params.set('limit', String(state.limit))
  if (!sameList(state.hidden, DEFAULT_STATE.hidden)) params.set('hidden', formatNameList(state.hidden))
  if (state.lang) params.set('lang', state.lang)
  if (state.tab !== DEFAULT_STATE.tab) params.set('view', state.tab)
  if (state.summary.group !== '') params.set('group', state.summary.group)
  if (state.summary.show !== '') params.set('show', state.summary.show)
  return params.toString()
}
