// A sentence for the active filters: "country is DE or UK and year is 2013".
// Word lists come from Intl.ListFormat, so they follow the user's language.
import type { CkanField, FilterScalar } from '../../api/ckan/types'
import { formatCell } from '../../lib/format'
import { t } from '../../lib/messages'

const listFormats = new Map<string, Intl.ListFormat>()

function listFormat(locale: string, type: 'conjunction' | 'disjunction'): Intl.ListFormat {
  const key = `${locale}|${type}`
  let formatter = listFormats.get(key)
  if (!formatter) {
    let resolved = 'en'
    try {
      resolved = Intl.getCanonicalLocales(locale)[0] ?? 'en'
    } catch {
      // an invalid locale tag: English
    }
    formatter = new Intl.ListFormat(resolved, { style: 'long', type })
    listFormats.set(key, formatter)
  }
  return formatter
}

/** The column's label from the data dictionary when it has one, else its id. */
export function fieldLabel(field: CkanField | undefined, id: string): string {
  const label = field?.info?.label
  return typeof label === 'string' && label.trim() !== '' ? label.trim() : id
}

function describeValue(value: FilterScalar, type: string, locale: string): string {
  const cell = formatCell(value, type, locale)
  if (cell.kind === 'empty') return t('cell.empty')
  return cell.text
}

export function describeFilters(
  filters: Record<string, readonly FilterScalar[]>,
  fields: readonly CkanField[],
  locale: string,
): string {
  const byId = new Map(fields.map((field) => [field.id, field]))
  const clauses: string[] = []
  for (const [id, values] of Object.entries(filters)) {
    if (values.length === 0) continue
    const field = byId.get(id)
    const type = field?.type ?? 'text'
    const texts = values.map((value) => describeValue(value, type, locale))
    clauses.push(
      t('filters.clause', {
        field: fieldLabel(field, id),
        values: listFormat(locale, 'disjunction').format(texts),
      }),
    )
  }
  return listFormat(locale, 'conjunction').format(clauses)
}
