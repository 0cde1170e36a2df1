// The active filters: a sentence, then one chip per condition with change and remove buttons. Loaded
// with its catalogue once a view has filters (table-view): a view opens without them.
import type { CkanField } from '../../api/ckan/types'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { filterChipsCatalogue } from '../../i18n/catalogues/filter-chips'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { isActive, type FilterCondition } from '../../model/filters'
import { describeCondition, describeFilters, type DescribeContext } from './describe-filters'

export function FilterChips({
  filters,
  fields,
  onRemove,
  onEdit,
  onClear,
}: {
  filters: readonly FilterCondition[]
  fields: readonly CkanField[]
  /** Removes the condition at this place in `filters`. */
  onRemove: (index: number) => void
  /** Opens the dialog on the condition at this place (values and ranges; a pasted form is only removed). */
  onEdit: (index: number) => void
  onClear: () => void
}) {
  const t = useMessages(filterChipsCatalogue)
  const tMain = useMessages(mainCatalogue)
  const locale = useCellLocale()
  const context: DescribeContext = { fields, locale, t, emptyText: tMain('cell.empty') }
  const active = filters
    .map((condition, index) => ({ condition, index }))
    .filter(({ condition }) => isActive(condition))
  if (active.length === 0) return null
  return (
    <div className="dse-filter-chips">
      <p className="dse-filter-chips__summary">
        {/* isolated: a sentence that falls back to English keeps its own direction in a right-to-left page */}
        <bdi>{t('filters.showing', { summary: describeFilters(filters, context) })}</bdi>
      </p>
      <ul className="dse-chips" aria-label={t('filters.activeHeading')}>
        {active.map(({ condition, index }) => {
          const words = describeCondition(condition, context)
          return (
            <li key={index} className="dse-chip" part="chip">
              {condition.kind === 'other' ? (
                <span className="dse-chip__text">
                  <bdi>{words}</bdi>
                </span>
              ) : (
                <button
                  type="button"
                  className="dse-chip__text dse-chip__edit"
                  title={t('filters.edit', { condition: words })}
                  onClick={() => onEdit(index)}
                >
                  <bdi>{words}</bdi>
                </button>
              )}
              <button
                type="button"
                className="dse-chip__remove"
                aria-label={t('filters.remove', { condition: words })}
                onClick={() => onRemove(index)}
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
