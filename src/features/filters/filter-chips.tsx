import type { CkanField, FilterScalar } from '../../api/ckan/types'
import { describeFilters, fieldLabel } from './describe-filters'
import { filterText } from './filter-messages'

/** The active filters: a sentence, then one chip per column with change and remove buttons. */
export function FilterChips({
  filters,
  fields,
  locale,
  onRemove,
  onEdit,
  onClear,
  formatValue,
}: {
  filters: Record<string, readonly FilterScalar[]>
  fields: readonly CkanField[]
  locale: string
  onRemove: (field: string) => void
  onEdit: (field: string) => void
  onClear: () => void
  formatValue: (value: FilterScalar, type: string) => string
}) {
  const active = Object.entries(filters).filter(([, values]) => values.length > 0)
  if (active.length === 0) return null
  const byId = new Map(fields.map((field) => [field.id, field]))
  const list = new Intl.ListFormat(locale, { type: 'disjunction' })
  return (
    <div className="dse-filter-chips">
      <p className="dse-filter-chips__summary">
        {filterText('showing', { summary: describeFilters(filters, fields, locale) })}
      </p>
      <ul className="dse-chips" aria-label={filterText('activeHeading')}>
        {active.map(([id, values]) => {
          const field = byId.get(id)
          const label = fieldLabel(field, id)
          return (
            <li key={id} className="dse-chip">
              <button
                type="button"
                className="dse-chip__text dse-chip__edit"
                title={filterText('edit', { field: label })}
                onClick={() => onEdit(id)}
              >
                <span className="dse-chip__field">{label}</span>
                {': '}
                {list.format(values.map((value) => formatValue(value, field?.type ?? 'text')))}
              </button>
              <button
                type="button"
                className="dse-chip__remove"
                aria-label={filterText('remove', { field: label })}
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
          {filterText('clearAll')}
        </button>
      )}
    </div>
  )
}
