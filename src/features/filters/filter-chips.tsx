// The active filters: a sentence, then one chip per condition with change and remove buttons. Loaded
// with its catalogue once a view has filters (table-view): a view opens without them. An area drawn on
// the map (a latitude range and a longitude range side by side) is one chip, "In the area you drew".
import type { CkanField } from '../../api/ckan/types'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { filterChipsCatalogue } from '../../i18n/catalogues/filter-chips'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { isActive, type FilterCondition } from '../../model/filters'
import { isAreaAt } from '../../model/place-area'
import { describeCondition, describeFilters, type DescribeContext } from './describe-filters'

export function FilterChips({
  filters,
  fields,
  onRemove,
  onRemoveMany,
  onEdit,
  onClear,
}: {
  filters: readonly FilterCondition[]
  fields: readonly CkanField[]
  /** Removes the condition at this place in `filters`. */
  onRemove: (index: number) => void
  /** Removes the conditions at these places (an area's two ranges). */
  onRemoveMany: (indices: number[]) => void
  /** Opens the dialog on the condition at this place (values and ranges; a pasted form is only removed). */
  onEdit: (index: number) => void
  onClear: () => void
}) {
  const t = useMessages(filterChipsCatalogue)
  const tMain = useMessages(mainCatalogue)
  const locale = useCellLocale()
  const context: DescribeContext = { fields, locale, t, emptyText: tMain('cell.empty') }
  const active: { condition: FilterCondition; index: number; area: boolean }[] = []
  for (let index = 0; index < filters.length; index++) {
    const condition = filters[index]!
    if (!isActive(condition)) continue
    const area = isAreaAt(filters, index, fields)
    active.push({ condition, index, area })
    if (area) index++
  }
  if (active.length === 0) return null
  return (
    <div className="dse-filter-chips">
      <p className="dse-filter-chips__summary">
        {/* isolated: a sentence that falls back to English keeps its own direction in a right-to-left page */}
        <bdi>{t('filters.showing', { summary: describeFilters(filters, context) })}</bdi>
      </p>
      <ul className="dse-chips" aria-label={t('filters.activeHeading')}>
        {active.map(({ condition, index, area }) => {
          if (area) {
            const words = t('filters.area')
            return (
              <li key={index} className="dse-chip" part="chip">
                <span
                  className="dse-chip__text"
                  title={`${describeCondition(condition, context)}; ${describeCondition(filters[index + 1]!, context)}`}
                >
                  {words}
                </span>
                <button
                  type="button"
                  className="dse-chip__remove"
                  aria-label={t('filters.remove', { condition: words })}
                  onClick={() => onRemoveMany([index, index + 1])}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            )
          }
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
