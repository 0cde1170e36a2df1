// valibot schemas for what CKAN portals really send (see ../../../docs and the recorded samples):
// strict where the explorer relies on a value (`fields[].id`, `fields[].type`, records being objects),
// tolerant of the quirks real portals show: missing `limit`/`total`/`_links`, numbers as strings,
// record keys missing from `fields` (`rank`, `_full_count`), and `info` of any shape.
// Records are checked as "array of objects" only: no per-cell schema over 32 000 rows.
import * as v from 'valibot'

import { CkanError, isPlainObject } from './errors'
import type { CkanRecord } from './types'

/** A non-negative integer, also when an old portal sends it as text ("100"). */
export const countSchema = v.union([
  v.pipe(v.number(), v.integer(), v.minValue(0)),
  v.pipe(v.string(), v.trim(), v.regex(/^\d+$/), v.transform(Number)),
])

export const envelopeSchema = v.looseObject({
  help: v.optional(v.unknown()),
  success: v.boolean(),
  result: v.optional(v.unknown()),
  error: v.optional(v.unknown()),
})

export const fieldSchema = v.object({
  id: v.string(),
  type: v.string(),
  // Free-form data dictionary: `{label, notes, type_override}` usually, but any JSON was seen live.
  info: v.optional(v.unknown()),
})

export const recordsSchema = v.array(v.custom<CkanRecord>(isPlainObject, 'Each record must be an object'))

export const searchResultSchema = v.looseObject({
  fields: v.array(fieldSchema),
  records: recordsSchema,
  total: v.optional(v.nullable(countSchema)),
  total_was_estimated: v.optional(v.nullable(v.boolean())),
  limit: v.optional(v.nullable(countSchema)),
  offset: v.optional(v.nullable(countSchema)),
  _links: v.optional(v.unknown()),
  resource_id: v.optional(v.unknown()),
})

/**
 * A catalogue text: a string, or a per-language object on portals with multilingual metadata
 * (ckanext-fluent: `{"en": "Air quality", "fr": "Qualité de l'air"}`). Read with `displayText`.
 */
export const catalogTextSchema = v.optional(
  v.nullable(v.union([v.string(), v.record(v.string(), v.unknown())])),
)

export const resourceSchema = v.looseObject({
  id: v.string(),
  name: catalogTextSchema,
  description: catalogTextSchema,
  package_id: v.optional(v.nullable(v.string())),
  // A boolean on current CKAN; older extras were stored as text ("True").
  datastore_active: v.optional(v.unknown()),
})

export const packageSchema = v.looseObject({
  id: v.string(),
  name: v.optional(v.nullable(v.string())),
  title: catalogTextSchema,
  resources: v.optional(v.nullable(v.array(resourceSchema)), []),
})

export const packageSearchResultSchema = v.looseObject({
  count: v.optional(v.nullable(countSchema)),
  results: v.array(packageSchema),
})

export const tableMetadataRecordSchema = v.looseObject({
  name: v.string(),
  alias_of: v.optional(v.nullable(v.string())),
})

export type SearchResultBody = v.InferOutput<typeof searchResultSchema>
export type ResourceBody = v.InferOutput<typeof resourceSchema>
export type PackageSearchBody = v.InferOutput<typeof packageSearchResultSchema>

/** Parses or throws CkanError 'contract' naming what was wrong, never returning half-typed data. */
export function parseOrThrow<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, value)
  if (parsed.success) return parsed.output
  const issues = parsed.issues
    .slice(0, 5)
    .map((issue) => {
      const path = v.getDotPath(issue)
      return path ? `${path}: ${issue.message}` : issue.message
    })
    .join('\n')
  throw new CkanError('contract', `Unexpected ${what}`, { detail: issues })
}
