import type { CkanField, FilterScalar } from '../../api/ckan/types'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { fieldLabel } from '../../model/fields'
import { describeFilters, filterValueText } from './describe-filters'

/** The active filters: a sentence, then one chip per column with change and remove buttons. */
export function FilterChips({
  filters,
  fields,
  onRemove,
  onEdit,
  onClear,
}: {
  filters: Record<string, readonly FilterScalar[]>
  fields: readonly CkanField[]
  onRemove: (field: string) => void
  onEdit: (field: string) => void
  onClear: () => void
}) {
  const t = useMessages(mainCatalogue)
  const cellLocale = useCellLocale()
  const active = Object.entries(filters).filter(([, values]) => values.length > 0)
  if (active.length === 0) return null
  const byId = new Map(fields.map((field) => [field.id, field]))
  return (
    <div className="dse-filter-chips">
      <p className="dse-filter-chips__summary">
        {t('filters.showing', { summary: describeFilters(filters, fields, cellLocale, t) })}
      </p>
      <ul className="dse-chips" aria-label={t('filters.activeHeading')}>
        {active.map(([id, values]) => {
          const field = byId.get(id)
          const label = fieldLabel(field, id)
          const texts = values.map((value) =>
            filterValueText(value, field?.type ?? 'text', cellLocale, t, id),
          )
          return (
            <li key={id} className="dse-chip" part="chip">
              <button
                type="button"
                className="dse-chip__text dse-chip__edit"
                title={t('filters.edit', { field: label })}
                onClick={() => onEdit(id)}
              >
                <span className="dse-chip__field">{label}</span>
                {': '}
                {cellLocale.formats.list(texts, 'disjunction')}
              </button>
              <button
                type="button"
                className="dse-chip__remove"
                aria-label={t('filters.remove', { field: label })}
                onClick={() => onRemove(id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          )
        })}
      </ul>
      {active.length > 1 && (
        <button type="button" className="dse-button dse-button--quiet" onClick={onClear}>
          {t('filters.clearAll')}
        </button>
      )}
    </div>
  )
}
