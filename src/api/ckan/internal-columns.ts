// The columns CKAN adds for its own use, in one place: the full-text index, the row count of a
// search, and the search score (`rank`, or `rank <field>` for a search by field). Never data to show.

const INTERNAL_COLUMNS: ReadonlySet<string> = new Set(['_full_text', '_full_count'])

/** Whether `id` is one of CKAN's own columns; a `rank` the caller asked for by name is kept. */
export function isInternalColumn(id: string, requestedFields?: readonly string[]): boolean {
  if (INTERNAL_COLUMNS.has(id)) return true
  if (id === 'rank' || id.startsWith('rank ')) return !requestedFields?.includes(id)
  return false
}
