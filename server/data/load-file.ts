// Reads the files given with `--load`: datastore_create-shaped JSON (one or a list), a saved
// datastore_search response, or a CSV typed like DataPusher types it (see csv-types.ts).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FieldDescriptor, Json, ResourceDefinition } from '../ckan/types.ts'
import { CsvError, readCsvRows, describeFixes, type CsvRows } from './csv-rows.ts'
import { cellValue, guessColumnType } from './csv-types.ts'

export class LoadError extends Error {}

type JsonObject = { [key: string]: Json }

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A readable resource id from a file name: `My Data (2024).csv` → `my-data-2024`. */
export function resourceIdFromFileName(file: string): string {
  const base = path.basename(file).replace(/\.[^.]+$/, '')
  const id = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
  return id || 'resource'
}

function fieldsFrom(value: Json | undefined, where: string): FieldDescriptor[] {
  if (!Array.isArray(value)) throw new LoadError(`${where}: "fields" must be a list`)
  return value.map((field, i) => {
    if (!isObject(field) || typeof field.id !== 'string') {
      throw new LoadError(`${where}: fields[${i}] needs a string "id"`)
    }
    const descriptor: FieldDescriptor = {
      id: field.id,
      type: typeof field.type === 'string' ? field.type : 'text',
    }
    if (isObject(field.info)) descriptor.info = field.info
    return descriptor
  })
}

function recordsFrom(value: Json | undefined, where: string): ResourceDefinition['records'] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new LoadError(`${where}: "records" must be a list`)
  if (value.every(isObject)) return value
  if (value.every(Array.isArray)) return value
  throw new LoadError(`${where}: "records" must be all objects or all lists`)
}

function stringList(value: Json | undefined, where: string, key: string): string[] | undefined {
  if (value === undefined) return undefined
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw new LoadError(`${where}: "${key}" must be a list of strings`)
  }
  return list
}

/** A datastore_create-style object. */
function fromCreateInput(input: JsonObject, where: string, fallbackId: string): ResourceDefinition {
  const id = input.resource_id ?? input.id ?? fallbackId
  if (typeof id !== 'string' || id === '') throw new LoadError(`${where}: "resource_id" must be a string`)
  const records = recordsFrom(input.records, where)
  const fields =
    input.fields !== undefined
      ? fieldsFrom(input.fields, where)
      : Object.keys(isObject(records[0] as Json) ? (records[0] as JsonObject) : {}).map((key) => ({
          id: key,
          type: 'text',
        }))
  const text = (key: string): string | undefined =>
    typeof input[key] === 'string' ? (input[key] as string) : undefined
  return {
    resource_id: id,
    fields,
    records,
    aliases: stringList(input.aliases, where, 'aliases'),
    private: input.private === true,
    name: text('name') ?? id,
    description: text('description'),
    package_title: text('package_title'),
    package_id: text('package_id'),
  }
}

/** A saved datastore_search response: its fields (minus `_id`) and records. */
function fromSearchResponse(response: JsonObject, where: string, fallbackId: string): ResourceDefinition {
  const result = response.result
  if (!isObject(result)) throw new LoadError(`${where}: a datastore_search response needs a "result" object`)
  const allFields = fieldsFrom(result.fields, where)
  const fields = allFields.filter((field) => !['_id', '_full_text', '_full_count', 'rank'].includes(field.id))
  const records = recordsFrom(result.records, where)
  const keep = new Set(fields.map((field) => field.id))
  const cleaned = (records as Json[]).map((record) => {
    if (Array.isArray(record)) {
      // records_format=lists: values follow allFields order.
      return allFields.flatMap((field, i) => (keep.has(field.id) ? [record[i] ?? null] : []))
    }
    const row: JsonObject = {}
    for (const field of fields) row[field.id] = (record as JsonObject)[field.id] ?? null
    return row
  })
  return {
    resource_id: typeof result.resource_id === 'string' ? result.resource_id : fallbackId,
    fields: fields.map((field) => ({
      ...field,
      type: field.type === 'int' ? 'int4' : field.type === 'float' ? 'float8' : field.type,
    })),
    records: cleaned as ResourceDefinition['records'],
    name: fallbackId,
  }
}

export function definitionsFromJson(value: Json, file: string): ResourceDefinition[] {
  const fallbackId = resourceIdFromFileName(file)
  const items = Array.isArray(value) ? value : [value]
  return items.map((item, i) => {
    const where = Array.isArray(value) ? `${file} [${i}]` : file
    if (!isObject(item)) throw new LoadError(`${where}: expected an object`)
    if ('success' in item && 'result' in item) return fromSearchResponse(item, where, fallbackId)
    if ('help' in item && 'error' in item)
      throw new LoadError(`${where}: this is an error response, not data`)
    return fromCreateInput(item, where, Array.isArray(value) ? `${fallbackId}-${i + 1}` : fallbackId)
  })
}

export interface CsvOptions {
  /** Load ragged rows and broken quotes anyway (see csv-rows.ts), and report what was fixed. */
  lenient?: boolean
  /** Receives one line, naming the file, when `lenient` fixed rows. */
  report?: (message: string) => void
}

export function definitionFromCsv(text: string, file: string, options: CsvOptions = {}): ResourceDefinition {
  let csv: CsvRows
  try {
    csv = readCsvRows(text.replace(/^\uFEFF/, ''), options)
  } catch (error) {
    if (error instanceof CsvError) throw new LoadError(`${file}: ${error.message}`)
    throw error
  }
  const { header, rows } = csv
  const fixed = describeFixes(csv.fixes, header.length)
  if (fixed) options.report?.(`${file}: ${fixed}`)
  const seen = new Set<string>()
  const names = header.map((raw, i) => {
    let name = raw.trim() || `column ${i + 1}`
    while (seen.has(name)) name = `${name}_`
    seen.add(name)
    return name
  })
  const types = names.map((_, column) => guessColumnType(rows.map((row) => row[column]!)))
  return {
    resource_id: resourceIdFromFileName(file),
    name: path.basename(file),
    description: `Loaded from ${path.basename(file)}`,
    fields: names.map((id, i) => ({ id, type: types[i]! })),
    records: rows.map((row) => names.map((_, i) => cellValue(row[i]!, types[i]!))),
  }
}

/** Reads one `--load` file. Throws LoadError with a one-line message. */
export async function loadFile(file: string, options: CsvOptions = {}): Promise<ResourceDefinition[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new LoadError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    )
  }
  if (/\.csv$/i.test(file)) return [definitionFromCsv(text, file, options)]
  let value: Json
  try {
    value = JSON.parse(text) as Json
  } catch (error) {
    throw new LoadError(`${file} is not valid JSON: ${(error as Error).message}`)
  }
  return definitionsFromJson(value, file)
}
