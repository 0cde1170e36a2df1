// Offering tables by name: catalogue search (package_search), one resource (resource_show), and the
// DataStore's own table list (_table_metadata) for portals whose catalogue search is missing.
import { callAction, type CallOptions } from './client'
import { CkanError, isPlainObject } from './errors'
import { datastoreSearch } from './datastore-search'
import {
  packageSearchResultSchema,
  parseOrThrow,
  resourceSchema,
  tableMetadataRecordSchema,
  type ResourceBody,
} from './schemas'
import type { Portal, ResourceSummary } from './types'
import * as v from 'valibot'

type Options = Pick<CallOptions, 'signal' | 'fetch' | 'timeoutMs' | 'routes'>

/** Datasets asked for per search; each may hold several tables. */
export const CATALOG_ROWS = 20
/** _table_metadata rows read at most. */
export const TABLE_METADATA_LIMIT = 1000

function isDatastoreActive(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true')
}

/**
 * The text to show for a catalogue value: the string itself, or from a per-language object the
 * given language, then English, then the first text found. Empty → undefined.
 */
export function displayText(value: unknown, language = 'en'): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const texts = value as Record<string, unknown>
  const base = language.split('-')[0] ?? 'en'
  for (const key of [language, base, 'en']) {
    const text = Object.hasOwn(texts, key) ? texts[key] : undefined
    if (typeof text === 'string' && text.trim()) return text.trim()
  }
  for (const text of Object.values(texts)) if (typeof text === 'string' && text.trim()) return text.trim()
  return undefined
}

function summary(resource: ResourceBody, datasetTitle?: string): ResourceSummary {
  const entry: ResourceSummary = { id: resource.id, name: displayText(resource.name) ?? resource.id }
  if (datasetTitle) entry.datasetTitle = datasetTitle
  const description = displayText(resource.description)
  if (description) entry.description = description
  if (isCount(resource.datastore_rows)) entry.rows = resource.datastore_rows
  const loading = resource.datastore_loading
  if (isPlainObject(loading) && isCount(loading.rows_loaded) && isCount(loading.rows_total)) {
    entry.loading = { rowsLoaded: loading.rows_loaded, rowsTotal: loading.rows_total }
  }
  return entry
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function flattenDatastoreResources(result: unknown): ResourceSummary[] {
  const body = parseOrThrow(packageSearchResultSchema, result, 'catalogue search result')
  const found: ResourceSummary[] = []
  for (const dataset of body.results) {
    for (const resource of dataset.resources ?? []) {
      // a table still loading is listed too, with its progress
      if (isDatastoreActive(resource.datastore_active) || resource.datastore_loading !== undefined) {
        found.push(summary(resource, displayText(dataset.title) ?? displayText(dataset.name)))
      }
    }
  }
  return found
}

/** Solr query syntax characters, escaped so that "covid (2021)" or "a:b" are searched as words. */
export function escapeSolr(text: string): string {
  return text.replace(/[+\-!(){}[\]^"~*?:\\/&|]/g, (char) => `\\${char}`)
}

/**
 * Tables whose dataset matches `text`. Asks the catalogue for datasets with DataStore tables
 * (`res_extras_datastore_active:true`); when the portal rejects that filter query, searches without
 * it and keeps the DataStore resources only.
 */
export async function searchResources(
  portal: Portal,
  text: string,
  options: Options = {},
): Promise<ResourceSummary[]> {
  const q = text.trim() === '' ? '*:*' : escapeSolr(text.trim())
  const params = { q, fq: 'res_extras_datastore_active:true', rows: CATALOG_ROWS }
  try {
    return flattenDatastoreResources(await callAction(portal, 'package_search', params, options))
  } catch (error) {
    if (!isFallbackWorthy(error)) throw error
  }
  try {
    const plainParams = { q, rows: CATALOG_ROWS }
    return flattenDatastoreResources(await callAction(portal, 'package_search', plainParams, options))
  } catch (error) {
    if (!isFallbackWorthy(error)) throw error
  }
  // No usable catalogue search: the DataStore's own list, matched on the table id.
  const needle = text.trim().toLowerCase()
  const tables = await listTableMetadata(portal, options)
  return tables.filter((table) => table.id.toLowerCase().includes(needle)).slice(0, CATALOG_ROWS)
}

/** Errors that mean "this portal's catalogue search cannot do that", not "the portal is down". */
function isFallbackWorthy(error: unknown): boolean {
  return (
    error instanceof CkanError &&
    ['validation', 'bad-request', 'server', 'invalid-query', 'not-found', 'contract'].includes(error.kind)
  )
}

/** One resource by id, named as the portal names it. */
export async function showResource(
  portal: Portal,
  id: string,
  options: Options = {},
): Promise<ResourceSummary> {
  const result = await callAction(portal, 'resource_show', { id }, options)
  return summary(parseOrThrow(resourceSchema, result, 'resource'))
}

/**
 * Every DataStore table listed by `_table_metadata` (readable without catalogue access), skipping
 * aliases and CKAN's internal tables (names starting with `_`). Names are resource ids here.
 */
export async function listTableMetadata(portal: Portal, options: Options = {}): Promise<ResourceSummary[]> {
  const result = await datastoreSearch(
    portal,
    { resourceId: '_table_metadata', limit: TABLE_METADATA_LIMIT, includeTotal: false },
    options,
  )
  const rows = parseOrThrow(v.array(tableMetadataRecordSchema), result.records, 'table list')
  return rows
    .filter((row) => !row.alias_of && !row.name.startsWith('_'))
    .map((row) => ({ id: row.name, name: row.name }))
}
