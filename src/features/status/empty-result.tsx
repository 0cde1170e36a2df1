// A search or filters that found nothing: say what was asked, and offer each way out in one click.
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { conditionField, type FilterCondition } from '../../model/filters'

export function EmptyResult({
  q,
  wholeWords,
  filters,
  onClearSearch,
  onMatchPartOfWords,
  onRemoveFilter,
}: {
  q: string
  /** The search matches whole words only: matching the start of words may find more. */
  wholeWords: boolean
  filters: readonly FilterCondition[]
  onClearSearch: () => void
  onMatchPartOfWords: () => void
  onRemoveFilter: (field: string) => void
}) {
  const t = useMessages(mainCatalogue)
  const search = q.trim()
  // one way out per column filtered (all its conditions go); a pasted form is removed from its chip
  const filtered = [...new Set(filters.map(conditionField).filter((field) => field !== null))]
  const count = filters.length
  return (
    <div className="dse-empty-result">
      <p className="dse-empty-result__title">
        {search && count > 0
          ? t('empty.searchAndFilters', { q: search, count })
          : search
            ? t('empty.search', { q: search })
            : count > 0
              ? t('empty.filters', { count })
              : t('empty.table')}
      </p>
      {(search || count > 0) && (
        <div className="dse-empty-result__actions">
          {search && wholeWords && (
            <button type="button" className="dse-button dse-button--primary" onClick={onMatchPartOfWords}>
              {t('empty.matchPartOfWords')}
            </button>
          )}
          {search && (
            <button type="button" className="dse-button dse-button--secondary" onClick={onClearSearch}>
              {t('app.clearSearch')}
            </button>
          )}
          {filtered.map((field) => (
            <button
              key={field}
              type="button"
              className="dse-button dse-button--secondary"
              onClick={() => onRemoveFilter(field)}
            >
              {t('app.removeFilter', { field })}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
