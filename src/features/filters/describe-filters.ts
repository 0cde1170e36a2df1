// A sentence for the active filters: "country is DE or UK and year is 2013". Word lists come from
// Intl.ListFormat, so they follow the interface language.
import type { CkanField, FilterScalar } from '../../api/ckan/types'
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import { isCodeColumnName } from '../../lib/code-columns'
import { CODE_COLUMN, formatCell, type CellLocale } from '../../lib/format'
import { fieldLabel } from '../../model/fields'

/** A filter value as the table shows it (a code of column `id` ungrouped); an empty text visibly so. */
export function filterValueText(
  value: FilterScalar,
  type: string,
  locale: CellLocale,
  t: Translate<MainMessages>,
  id?: string,
): string {
  const cell = formatCell(
    value,
    type,
    locale,
    id !== undefined && isCodeColumnName(id) ? CODE_COLUMN : undefined,
  )
  return cell.kind === 'empty' ? t('cell.empty') : cell.text
}

export function describeFilters(
  filters: Record<string, readonly FilterScalar[]>,
  fields: readonly CkanField[],
  locale: CellLocale,
  t: Translate<MainMessages>,
): string {
  const byId = new Map(fields.map((field) => [field.id, field]))
  const clauses: string[] = []
  for (const [id, values] of Object.entries(filters)) {
    if (values.length === 0) continue
    const field = byId.get(id)
    const type = field?.type ?? 'text'
    const texts = values.map((value) => filterValueText(value, type, locale, t, id))
    clauses.push(
      t('filters.clause', {
        field: fieldLabel(field, id),
        values: locale.formats.list(texts, 'disjunction'),
      }),
    )
  }
  return locale.formats.list(clauses, 'conjunction')
}
