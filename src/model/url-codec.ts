// The explorer's URL, in CKAN's own names and syntax so that the query string of a CKAN
// `datastore_search` GET opens the same view:
//
//   resource_id (or CKAN's alias `id`)   the table
//   q                                    search words
//   filters                              CKAN 2.12's JSON, as in a CKAN GET: {"country":["DE","UK"],
//                                        "elevation":{"gte":1000}}; every 2.9–2.12 form is read, and
//                                        it is written canonically (model/filters.ts); key order is
//                                        display order, except that JavaScript puts integer-like names first
//   sort                                 CKAN syntax: year desc, "country name"
//   limit                                a whole number above 0, or `all`
// and ours:
//   search=plain                         CKAN's whole-word search (default: word-start search)
//   hidden                               hidden columns, in CKAN's `fields` syntax: a,"name, with comma"
//                                        (`hidden=` alone: every column shown; absent: `_id` hidden).
//                                        A JSON list is also read.
//   columns                              the columns' order, in the same syntax: these first, the others
//                                        after them in the table's order (names it lacks are passed over)
//   pinned                               columns kept in view while the rest scroll sideways, same syntax
//   portal                               the portal's base URL when not the configured one
//   lang                                 the interface language (en, fr, he, ar, or a pseudo-language for tests)
//   view, group, show                    the tab shown (table, cards, chart, summary, map; absent: cards on a
//                                        narrow screen, else the table) and the summary (model/summary-link.ts):
//                                        view=summary&group=country&show=count,sum:population
//   place                                the map's position columns chosen by the reader: latitude,longitude
//                                        or one column of positions (same syntax as `hidden`)
//   at                                   the map's centre and zoom: lat,lon,zoom (model/map-at.ts)
//
// CKAN's `plain=true|false` is read as `search=plain|prefix`. CKAN parameters the explorer does
// not apply (offset, fields, distinct, ...) are dropped with a reason; anything else is ignored
// silently (tracking parameters and the like). Parsing never throws.
import { supportedLocale } from '../i18n/languages'
import { DEFAULT_STATE, type ExplorerState, type Limit } from './explorer-state'
import { readFilters, writeFilters, type FilterCondition } from './filters'
import {
  formatNameList,
  formatSort,
  isValidResourceId,
  NOT_APPLIED_PARAMETERS,
  readPlainParameter,
  resourceIdParameter,
  parseNameList,
  readSortParameters,
} from '../api/ckan/ckan-syntax'
import { canonicalPortalUrl } from '../api/ckan/portal-url'
import { formatMapAt, parseMapAt } from './map-at'
import { parseViewTab } from './view-tab'

/** Larger limits are most likely typos; 'all' exists for "everything". */
export const MAX_LIMIT = 10_000_000

/** A part of a link that was not applied, and why: the interface words it (LinkNotice). */
export type IgnoredPart =
  | {
      reason:
        'filters.badJson' | 'filters.notObject' | 'hidden.bad' | 'columns.bad' | 'pinned.bad' | 'place.bad'
    }
  | { reason: 'view.bad' | 'at.bad'; value: string }
  | {
      reason: 'portal.bad' | 'resource.bad' | 'search.bad' | 'sort.bad' | 'limit.bad' | 'lang.bad'
      value: string
    }
  | { reason: 'unsupported'; name: string }

function parseFilters(text: string, ignored: IgnoredPart[]): FilterCondition[] {
  const { conditions, problem } = readFilters(text)
  if (problem === 'bad-json') ignored.push({ reason: 'filters.badJson' })
  else if (problem === 'not-object') ignored.push({ reason: 'filters.notObject' })
  return conditions
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

/** A list of column names: CKAN's `fields` syntax, or a JSON list; repeats kept once. */
function parseColumnNames(text: string): string[] | null {
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
    filters: [],
    sort: [],
    hidden: [...DEFAULT_STATE.hidden],
    columns: [],
    pinned: [],
    summary: { group: '', show: '' },
    place: [],
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
  const plain = readPlainParameter(params)
  if (mode !== null && mode !== '') {
    if (mode === 'plain' || mode === 'prefix') state.searchMode = mode
    else ignored.push({ reason: 'search.bad', value: mode })
  } else if (plain !== undefined) {
    state.searchMode = plain ? 'plain' : 'prefix'
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
    const parsed = parseColumnNames(hidden)
    if (parsed) state.hidden = parsed
    else ignored.push({ reason: 'hidden.bad' })
  }
  for (const name of ['columns', 'pinned'] as const) {
    const text = params.get(name)
    if (text === null) continue
    const parsed = parseColumnNames(text)
    if (parsed) state[name] = parsed
    else ignored.push({ reason: `${name}.bad` })
  }

  for (const name of NOT_APPLIED_PARAMETERS) {
    if (params.has(name)) ignored.push({ reason: 'unsupported', name })
  }

  const lang = params.get('lang')
  if (lang !== null && lang.trim() !== '') {
    const locale = supportedLocale(lang)
    if (locale) state.lang = locale
    else ignored.push({ reason: 'lang.bad', value: lang })
  }
  readSummary(params, state, ignored)
  readMap(params, state, ignored)
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

/** The map's columns (`place`: one or two names) and view (`at`). */
function readMap(params: URLSearchParams, state: ExplorerState, ignored: IgnoredPart[]): void {
  const place = params.get('place')
  if (place !== null && place.trim() !== '') {
    const names = parseColumnNames(place)
    if (names && names.length >= 1 && names.length <= 2) state.place = names
    else ignored.push({ reason: 'place.bad' })
  }
  const at = params.get('at')
  if (at !== null && at.trim() !== '') {
    const parsed = parseMapAt(at)
    if (parsed) state.mapAt = parsed
    else ignored.push({ reason: 'at.bad', value: at })
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}

/** One value per filter reads like CKAN's own examples: {"year":2013}; several stay a list. */
function serializeFilters(filters: readonly FilterCondition[]): string | null {
  const json = writeFilters(filters)
  return json ? JSON.stringify(json) : null
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
  if (state.columns.length > 0) params.set('columns', formatNameList(dedupe(state.columns)))
  if (state.pinned.length > 0) params.set('pinned', formatNameList(dedupe(state.pinned)))
  if (state.lang) params.set('lang', state.lang)
  if (state.tab) params.set('view', state.tab)
  if (state.summary.group !== '') params.set('group', state.summary.group)
  if (state.summary.show !== '') params.set('show', state.summary.show)
  if (state.place.length > 0) params.set('place', formatNameList(state.place))
  if (state.mapAt) params.set('at', formatMapAt(state.mapAt))
  return params.toString()
}
