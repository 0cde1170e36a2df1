// What a user pastes into "open a table": a resource id, a resource page link, or a
// `datastore_search` API link (whose q, filters, limit and sort are taken over).
import {
  isValidResourceId,
  NOT_APPLIED_PARAMETERS,
  readPlainParameter,
  readSortParameters,
  resourceIdParameter,
} from './ckan-syntax'
import { canonicalPortalUrl, isLocaleSegment } from './portal-url'
import type { SortKey } from './types'

export interface ParsedResourceInput {
  /** Set only when the link points to another portal than `currentPortal`. */
  portal?: string
  resourceId: string
  q?: string
  /** The link's `filters` as sent (JSON text in any CKAN form): model/filters.ts reads it. */
  filters?: string
  limit?: number
  sort?: SortKey[]
  /** CKAN's `plain`: true for its whole-word search. */
  plain?: boolean
  /** Something the user should know about how the link was read. */
  note?: ResourceInputNote
}

/** Why a typed id or pasted link could not be opened. */
export type ResourceInputProblem = 'empty' | 'bad-url' | 'not-id'

export type ResourceInputNote =
  /** A page link without a language segment before /dataset/: the address before it is the portal. */
  | { kind: 'no-locale' }
  /** An API link with parameters the explorer does not apply. */
  | { kind: 'not-taken-over'; names: string[] }

export type ResourceInputResult = ParsedResourceInput | { error: ResourceInputProblem }

/** Resource ids are UUIDs; aliases are table names. Either way one path segment without spaces. */
const ID_LIKE = /^[\p{L}\p{N}_.:-]+$/u

function samePortal(a: string, b: string): boolean {
  return canonicalPortalUrl(a) === canonicalPortalUrl(b)
}

function withPortal(result: ParsedResourceInput, portal: string, currentPortal: string): ParsedResourceInput {
  if (!samePortal(portal, currentPortal)) result.portal = portal
  return result
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** Reads a `datastore_search` GET link: its table, and the q, search kind, filters, limit and sort it asks for. */
function fromApiUrl(url: URL, apiIndex: number, currentPortal: string): ResourceInputResult {
  const portal = `${url.origin}${url.pathname.slice(0, apiIndex)}`
  const params = url.searchParams
  const id = resourceIdParameter(params)
  if (!id || !isValidResourceId(id)) return { error: 'bad-url' }
  const result: ParsedResourceInput = { resourceId: id }
  const q = params.get('q')
  if (q) result.q = q
  const filters = params.get('filters')
  if (filters && filters.trim() !== '') result.filters = filters
  const limit = params.get('limit')?.trim()
  if (limit && /^\d+$/.test(limit) && Number(limit) > 0) result.limit = Number(limit)
  const sort = readSortParameters(params)
  if (sort && sort.length > 0) result.sort = sort
  const plain = readPlainParameter(params)
  if (plain !== undefined) result.plain = plain
  const notTakenOver = NOT_APPLIED_PARAMETERS.filter((name) => params.has(name))
  if (notTakenOver.length > 0) result.note = { kind: 'not-taken-over', names: notTakenOver }
  return withPortal(result, portal, currentPortal)
}

function fromPageUrl(url: URL, currentPortal: string): ResourceInputResult | null {
  const segments = url.pathname.split('/')
  const resourceIndex = segments.indexOf('resource')
  const datasetIndex = segments.lastIndexOf('dataset', resourceIndex)
  // /…/dataset/<dataset>/resource/<id>[/view/…]
  if (resourceIndex > 0 && datasetIndex >= 0 && resourceIndex === datasetIndex + 2) {
    const id = decodeSegment(segments[resourceIndex + 1] ?? '')
    if (!id || !ID_LIKE.test(id)) return { error: 'bad-url' }
    const prefix = segments.slice(0, datasetIndex)
    const portal = `${url.origin}${prefix.join('/')}`
    const result: ParsedResourceInput = { resourceId: id }
    if (!isLocaleSegment(prefix.at(-1) ?? '')) result.note = { kind: 'no-locale' }
    return withPortal(result, portal, currentPortal)
  }
  // /…/datastore/dump/<id>
  const dumpIndex = segments.indexOf('dump')
  if (dumpIndex > 0 && segments[dumpIndex - 1] === 'datastore') {
    const id = decodeSegment(segments[dumpIndex + 1] ?? '')
    if (!id || !ID_LIKE.test(id)) return { error: 'bad-url' }
    const portal = `${url.origin}${segments.slice(0, dumpIndex - 1).join('/')}`
    return withPortal({ resourceId: id }, portal, currentPortal)
  }
  return null
}

/** Reads an id or link; a problem is a code the interface words. */
export function parseResourceInput(text: string, currentPortal: string): ResourceInputResult {
  const input = text.trim()
  if (input === '') return { error: 'empty' }

  const looksLikeUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) || input.startsWith('/')
  if (!looksLikeUrl) {
    if (isValidResourceId(input) && ID_LIKE.test(input)) return { resourceId: input }
    return { error: 'not-id' }
  }

  let url: URL
  try {
    url = new URL(input, currentPortal)
  } catch {
    return { error: 'bad-url' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'bad-url' }

  const apiMatch = /\/api\/(?:\d+\/)?action\/datastore_search$/.exec(url.pathname)
  if (apiMatch) return fromApiUrl(url, apiMatch.index, currentPortal)

  return fromPageUrl(url, currentPortal) ?? { error: 'bad-url' }
}
