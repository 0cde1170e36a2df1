// Stage 1 of datastore_search: CKAN's navl schema (`datastore_search_schema`) of 2.12 or 2.11.5,
// with the same coercions, defaults and messages; where CKAN raises an unhandled exception (a 500)
// for some input, a validation error instead.
import { type CkanVersion, ckanVersionOf } from './ckan-version.ts'
import { pythonJsonDumpsSorted, pythonRepr, pythonReprTuple, pythonStr } from './python-compat.ts'
import type { DataDict, Json, SearchConfig } from './types.ts'

export type RecordsFormat = 'objects' | 'lists' | 'csv' | 'tsv'
export const recordsFormats: RecordsFormat[] = ['objects', 'lists', 'csv', 'tsv']

/** The validated data dict. `echo` holds every key CKAN keeps in it, with CKAN's coerced values. */
export interface ValidatedSearch {
  /** The CKAN whose semantics apply to the rest of the search. */
  ckanVersion: CkanVersion
  echo: Map<string, Json>
  resourceId: string
  q?: string | Record<string, Json>
  fullText?: string
  filters?: Json
  plain?: boolean
  language?: string
  distinct?: boolean
  limit: number
  /** undefined when not sent; null when sent empty (CKAN then builds `OFFSET None`). */
  offset?: number | null
  fields?: string | string[]
  sort?: string | string[]
  includeTotal: boolean
  /** Always null from 2.12 on, which accepts and ignores it. */
  totalEstimationThreshold: number | null
  recordsFormat: RecordsFormat
  /** 2.12: add `next_page` when sorted by `_id` alone (always false in 2.11, which refuses the key). */
  includeNextPage: boolean
}

export type SchemaOutcome =
  | { kind: 'valid'; data: ValidatedSearch }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  /** CKAN raises an unhandled exception for this input (answered with 500). */
  | { kind: 'crash'; reason: string }

const schemaKeys2_11 = new Set([
  'resource_id',
  'id',
  'q',
  'plain',
  'filters',
  'language',
  'limit',
  'offset',
  'fields',
  'sort',
  'distinct',
  'include_total',
  'total_estimation_threshold',
  'records_format',
  'full_text',
])

const schemaKeys: Record<CkanVersion, Set<string>> = {
  '2.11': schemaKeys2_11,
  '2.12': new Set([...schemaKeys2_11, 'include_next_page']),
}

class Invalid extends Error {}

/** Deeper JSON than any real request needs: refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 64

/** Whether a JSON value nests lists or objects deeper than `max` (counted without recursion). */
export function nestedTooDeep(value: Json, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[Json, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!
    if (item === null || typeof item !== 'object') continue
    if (depth > max) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1])
  }
  return false
}

function isDict(value: Json | undefined): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Python truthiness of a JSON value. */
export function truthy(value: Json | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  if (isDict(value)) return Object.keys(value).length > 0
  return true
}

/**
 * navl's `flatten_dict`: lists whose first item is a dict become keys like ('fields', 0, 'id').
 * From 2.12 on only keys with a sub-schema are flattened, and datastore_search has none.
 */
function flattenedJunkKeys(
  key: Array<string | number>,
  value: Json,
  version: CkanVersion,
): Array<Array<string | number>> | 'crash' {
  if (version !== '2.11') return [key]
  if (!Array.isArray(value) || value.length === 0 || !isDict(value[0])) return [key]
  const keys: Array<Array<string | number>> = []
  for (const [index, item] of value.entries()) {
    if (!isDict(item)) return 'crash'
    for (const [subKey, subValue] of Object.entries(item)) {
      const nested = flattenedJunkKeys([...key, index, subKey], subValue, version)
      if (nested === 'crash') return 'crash'
      keys.push(...nested)
    }
  }
  return keys
}

/** `unicode_safe`: strings pass, anything else becomes `json.dumps(value, sort_keys=True)`. */
function unicodeSafe(value: Json): string {
  return typeof value === 'string' ? value : pythonJsonDumpsSorted(value)
}

/**
 * `boolean_validator`. CKAN 2.11 calls `.lower()` on a non-string and answers 500; here a number, list
 * or object counts by its Python truthiness instead (as CKAN master does), so no input is a 5xx.
 */
function booleanValidator(value: Json): boolean {
  if (value === null) return false
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return truthy(value)
  return ['true', 'yes', 't', 'y', '1'].includes(value.toLowerCase())
}

/** Python `int(text)`: surrounding whitespace, a sign and digit-group underscores are allowed. */
function pythonIntFromString(text: string): number | undefined {
  const match = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(text)
  if (!match) return undefined
  const magnitude = Number((match[2] ?? '').replace(/_/g, ''))
  return match[1] === '-' ? -magnitude : magnitude
}

/** `int_validator`: ints, whole floats, numeric strings; blank strings become None. */
function intValidator(value: Json): number | null {
  if (value === null) return null
  if (typeof value === 'string') {
    if (value.trim() === '') return null
    const parsed = pythonIntFromString(value)
    if (parsed === undefined) throw new Invalid('Invalid integer')
    return parsed
  }
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'number' && Number.isFinite(value) && Number.isInteger(value)) return value
  throw new Invalid('Invalid integer')
}

/** `json_validator`: lists and dicts pass, strings are parsed; other types (CKAN 2.11: a 500) cannot be parsed. */
function jsonValidator(value: Json): Json {
  if (Array.isArray(value) || isDict(value)) return value
  if (typeof value !== 'string') throw new Invalid('Cannot parse JSON')
  let parsed: Json
  try {
    parsed = JSON.parse(value) as Json
  } catch {
    throw new Invalid('Cannot parse JSON')
  }
  if (nestedTooDeep(parsed)) throw new Invalid('Nested too deeply')
  return parsed
}

/** `unicode_or_json_validator`: a JSON object becomes the dict form, anything else stays text. */
function unicodeOrJsonValidator(value: Json): string | Record<string, Json> {
  let parsed: Json
  try {
    parsed = jsonValidator(value)
  } catch (error) {
    if (error instanceof Invalid) return pythonStr(value)
    throw error
  }
  return isDict(parsed) ? parsed : pythonStr(value)
}

/**
 * `list_of_strings_or_string`. CKAN lets a list through as an item, and then fails on it (a 500):
 * refused here.
 */
function listOfStringsOrString(value: Json): string | string[] {
  if (typeof value === 'string') return value
  if (!Array.isArray(value)) throw new Invalid('Not a list')
  for (const item of value) {
    if (Array.isArray(item)) throw new Invalid(`Not a string: ${pythonStr(item)}`)
    if (typeof item !== 'string') throw new Invalid(`Neither a string nor a list: ${pythonStr(item)}`)
  }
  return value as string[]
}

const missing = Symbol('missing')
type Value = Json | typeof missing

function isAbsent(value: Value): value is typeof missing | null {
  return value === missing || value === null
}

/** Runs the datastore_search schema over a request's data dict. */
export function validateSearchSchema(input: DataDict, config: SearchConfig): SchemaOutcome {
  const version = ckanVersionOf(config)
  const keys = schemaKeys[version]
  const data = new Map<string, Json>(Object.entries(input))
  // The API layer removes `callback` (JSONP) before validation.
  data.delete('callback')

  // a body nested thousands deep (CKAN: a RecursionError, 500) is refused before it is walked
  const tooDeep = [...data].filter(([, value]) => nestedTooDeep(value)).map(([key]) => key)
  if (tooDeep.length > 0) {
    return { kind: 'invalid', errors: Object.fromEntries(tooDeep.map((key) => [key, ['Nested too deeply']])) }
  }

  const junk: Array<Array<string | number>> = []
  for (const [key, value] of data) {
    const flattened = flattenedJunkKeys([key], value, version)
    // a list mixing dicts and other values (CKAN 2.11: a 500) is junk, as a list of dicts is
    if (flattened === 'crash') {
      junk.push([key])
      data.delete(key)
      continue
    }
    if (flattened.length === 1 && flattened[0]?.length === 1 && keys.has(key)) continue
    junk.push(...flattened)
    data.delete(key)
  }

  // __before: rename('id', 'resource_id') moves a truthy id over resource_id.
  if (data.has('id') && truthy(data.get('id'))) {
    data.set('resource_id', data.get('id') ?? null)
    data.delete('id')
  }

  const errors: Record<string, string[]> = {}
  const echo = new Map<string, Json>()
  const get = (key: string): Value => (data.has(key) ? (data.get(key) as Json) : missing)
  const run = (key: string, step: () => void): void => {
    try {
      step()
    } catch (error) {
      if (error instanceof Invalid) errors[key] = [error.message]
      else throw error
    }
  }
  const out: Partial<ValidatedSearch> = { ckanVersion: version, includeNextPage: false }

  // every input has an answer: a value CKAN 2.11 crashes on (a 500) is a validation error here
  // Keys keep the order they had in the request, as navl's flattened dict does.
  const order = [...data.keys(), ...keys].filter((key, index, all) => all.indexOf(key) === index)
  for (const key of order) {
    const value = get(key)
    switch (key) {
      case 'resource_id':
        run(key, () => {
          if (isAbsent(value) || !truthy(value)) throw new Invalid('Missing value')
          out.resourceId = unicodeSafe(value)
          echo.set(key, out.resourceId)
        })
        break
      case 'id':
        if (!isAbsent(value)) echo.set(key, value)
        break
      case 'q':
        if (!isAbsent(value))
          run(key, () => {
            out.q = unicodeOrJsonValidator(value)
            echo.set(key, out.q)
          })
        break
      case 'plain':
      case 'distinct':
        if (!isAbsent(value))
          run(key, () => {
            const flag = booleanValidator(value)
            if (key === 'plain') out.plain = flag
            else out.distinct = flag
            echo.set(key, flag)
          })
        break
      case 'filters':
        if (!isAbsent(value))
          run(key, () => {
            const filters = jsonValidator(value)
            // CKAN 2.11 answers a non-dict with a 500; this is CKAN 2.12's message for it (2.12
            // itself checks the shape later, with the columns: search-validate.ts)
            const shapeLater = version !== '2.11'
            if (!shapeLater && !isDict(filters) && !(Array.isArray(filters) && filters.length === 0))
              throw new Invalid('Filters must be defined as a dict or a list of dicts')
            out.filters = filters
            echo.set(key, out.filters)
          })
        break
      case 'language':
      case 'full_text':
        if (!isAbsent(value)) {
          const text = unicodeSafe(value)
          if (key === 'language') out.language = text
          else out.fullText = text
          echo.set(key, text)
        }
        break
      case 'limit':
        run(key, () => {
          const given = isAbsent(value) || value === '' ? config.rowsDefault : value
          const limit = intValidator(given)
          // blank: CKAN 2.11 compares None with 0 and answers 500
          if (limit === null) throw new Invalid('Invalid integer')
          if (limit < 0) throw new Invalid('Must be a natural number')
          out.limit = Math.min(limit, config.rowsMax)
          echo.set(key, out.limit)
        })
        break
      case 'offset':
        if (!isAbsent(value))
          run(key, () => {
            out.offset = intValidator(value)
            echo.set(key, out.offset)
          })
        break
      case 'fields':
      case 'sort':
        if (!isAbsent(value))
          run(key, () => {
            const list = listOfStringsOrString(value)
            if (key === 'fields') out.fields = list
            else out.sort = list
            echo.set(key, list)
          })
        break
      case 'include_total':
        run(key, () => {
          out.includeTotal = isAbsent(value) || value === '' ? true : booleanValidator(value)
          echo.set(key, out.includeTotal)
        })
        break
      case 'total_estimation_threshold':
        // 2.12's `ignore`: accepted whatever it is, dropped, never echoed
        if (version !== '2.11') {
          out.totalEstimationThreshold = null
          break
        }
        run(key, () => {
          out.totalEstimationThreshold = isAbsent(value) || value === '' ? null : intValidator(value)
          echo.set(key, out.totalEstimationThreshold)
        })
        break
      case 'include_next_page':
        run(key, () => {
          out.includeNextPage = isAbsent(value) || value === '' ? false : booleanValidator(value)
          echo.set(key, out.includeNextPage)
        })
        break
      case 'records_format':
        run(key, () => {
          const format = isAbsent(value) || value === '' ? 'objects' : value
          if (truthy(format) && !recordsFormats.includes(format as RecordsFormat)) {
            throw new Invalid(`Value must be one of ${pythonRepr(recordsFormats)}`)
          }
          // A falsy non-string (0, false, []) passes `one_of` and then breaks the query: a crash in CKAN.
          if (typeof format !== 'string')
            throw new Invalid(`Value must be one of ${pythonRepr(recordsFormats)}`)
          out.recordsFormat = format as RecordsFormat
          echo.set(key, format)
        })
        break
    }
  }

  if (junk.length > 0) {
    errors['__junk'] = [`The input field [${junk.map(pythonReprTuple).join(', ')}] was not expected.`]
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors }
  return { kind: 'valid', data: { ...(out as ValidatedSearch), echo } }
}
