import { isRankColumn } from '../../api/ckan/ckan-syntax'
import type { CkanField } from '../../api/ckan/types'

/** CKAN's internal columns, and the ranking columns a search adds: not useful to filter on. */
export function isFilterableField(field: CkanField): boolean {
  return !field.id.startsWith('_') && !isRankColumn(field.id)
}

export function filterableFields(fields: readonly CkanField[]): CkanField[] {
  return fields.filter(isFilterableField)
}
