// The columns of a view: which of a table's fields it offers and shows, in which order, and what the
// data dictionary says of each. The table, the export and "Copy as code" all read them here.
import { isInternalColumn } from '../api/ckan/ckan-syntax'
import type { CkanField } from '../api/ckan/types'

/** A column a view can show: one field of the table. */
export interface ViewColumn {
  /** The CKAN field id, exactly as sent (may be `__proto__`, `a.b`, Hebrew, spaces…). */
  id: string
  type: string
  /** The data dictionary's label (`info.label`), trimmed, when it gives one. */
  label?: string
  /** The data dictionary's description (`info.notes`), trimmed, when it gives one. */
  notes?: string
}

/** Text from the data dictionary: trimmed, or undefined when missing, blank or not text. */
function dictionaryText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** The column's label from the data dictionary when it has one, else its id. */
export function fieldLabel(field: CkanField | undefined, id: string): string {
  return dictionaryText(field?.info?.label) ?? id
}

/**
 * Every column the table offers, in the view's order: the fields without CKAN's internal columns
 * (`_full_text`, ranks) or repeated ids; those named in `order` first, in its order (unknown names are
 * passed over), then the others in the table's own order.
 */
export function viewColumns(fields: readonly CkanField[], order: readonly string[] = []): ViewColumn[] {
  const byId = new Map<string, ViewColumn>()
  for (const field of fields) {
    if (typeof field.id !== 'string' || isInternalColumn(field.id) || byId.has(field.id)) continue
    const column: ViewColumn = { id: field.id, type: typeof field.type === 'string' ? field.type : 'text' }
    const label = dictionaryText(field.info?.label)
    const notes = dictionaryText(field.info?.notes)
    if (label !== undefined) column.label = label
    if (notes !== undefined) column.notes = notes
    byId.set(field.id, column)
  }
  if (order.length === 0) return [...byId.values()]
  const ordered: ViewColumn[] = []
  for (const id of order) {
    const column = byId.get(id)
    if (column === undefined) continue
    ordered.push(column)
    byId.delete(id)
  }
  return [...ordered, ...byId.values()]
}

/**
 * The columns the view shows, in the grid's order: those kept in view first (`pinned`, in its order),
 * then the others in the view's order (viewColumns), without the hidden ones.
 */
export function shownColumns(
  fields: readonly CkanField[],
  hidden: readonly string[],
  order: readonly string[] = [],
  pinned: readonly string[] = [],
): ViewColumn[] {
  const hiddenSet = new Set(hidden)
  const offered = viewColumns(fields, order).filter((column) => !hiddenSet.has(column.id))
  if (pinned.length === 0) return offered
  const byId = new Map(offered.map((column) => [column.id, column]))
  const kept = [...new Set(pinned)].flatMap((id) => byId.get(id) ?? [])
  const keptIds = new Set(kept.map((column) => column.id))
  return [...kept, ...offered.filter((column) => !keptIds.has(column.id))]
}
