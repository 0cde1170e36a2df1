import type { CkanField } from '../api/ckan/types'

/** The column's label from the data dictionary when it has one, else its id. */
export function fieldLabel(field: CkanField | undefined, id: string): string {
  const label = field?.info?.label
  return typeof label === 'string' && label.trim() !== '' ? label.trim() : id
}
