import { useQuery } from '@tanstack/react-query'
import type { CkanField, FilterScalar, Portal, SearchRequest } from '../../api/ckan/types'
import { filterDialogCatalogue } from '../../i18n/catalogues/filter-dialog'
import { useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import { searchQueryOptions } from '../../queries/datastore-queries'
import { countValues, distinctValues, sameValue, suggestionValue } from './filter-values'

/** How many distinct values are offered. */
export const SUGGESTION_LIMIT = 200
/**
 * Rows scanned for distinct values. CKAN 2.10.8+/2.11.3+ apply `limit` to the rows *before*
 * DISTINCT (ckan/ckan#8709), so `distinct` with `sort: field, limit: 200` returns the distinct values
 * of the first 200 sorted rows: often a single value. Asking without a sort and with a larger limit
 * gives a useful list on every version; it is sorted here.
 */
export const DISTINCT_SCAN_LIMIT = 10_000
/**
 * Up to this many matching records, each value's count is read in the browser (one column); the
 * values then follow the search and the other filters with their counts.
 */
export const COUNT_RECORDS_MAX = 5000

interface Suggestion {
  value: FilterScalar
  count?: number
}

function useSuggestions(
  portal: Portal,
  scope: SearchRequest,
  field: CkanField,
  scopeTotal: number | undefined,
) {
  const { api } = useEnvironment()
  // counted in the browser when every matching record fits in one answer (known, or tried first)
  const countable = scopeTotal === undefined || scopeTotal <= COUNT_RECORDS_MAX
  const counted = useQuery({
    ...searchQueryOptions(api, portal, {
      ...scope,
      fields: [field.id],
      limit: COUNT_RECORDS_MAX,
      includeTotal: scopeTotal === undefined,
    }),
    enabled: countable,
  })
  // every matching record came (a portal may send fewer than asked: then the counts are not whole)
  const matching = scopeTotal ?? counted.data?.total
  const countedAll =
    counted.data !== undefined && matching !== undefined && counted.data.records.length >= matching
  const distinct = useQuery({
    ...searchQueryOptions(api, portal, {
      ...scope,
      fields: [field.id],
      distinct: true,
      limit: DISTINCT_SCAN_LIMIT,
      includeTotal: false,
    }),
    enabled: !countable || (counted.isSuccess && !countedAll),
  })
  if (countable && !countedAll) {
    if (!counted.isSuccess)
      return { status: counted.status, suggestions: [] as Suggestion[], truncated: false }
  }
  if (countable && countedAll && counted.data) {
    const counts = [...countValues(counted.data.records, field.id)]
    counts.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    // keep the value's own type (number, boolean), not the text used as a counting key
    const typed = new Map<string, FilterScalar>()
    for (const record of counted.data.records) {
      const value = suggestionValue(record[field.id])
      if (value !== null && !typed.has(String(value))) typed.set(String(value), value)
    }
    const suggestions = counts
      .slice(0, SUGGESTION_LIMIT)
      .map(([key, count]) => ({ value: typed.get(key) ?? key, count }))
    return { status: 'success' as const, suggestions, truncated: counts.length > SUGGESTION_LIMIT }
  }
  if (!distinct.data) return { status: distinct.status, suggestions: [] as Suggestion[], truncated: false }
  const { values, truncated } = distinctValues(distinct.data.records, field.id, SUGGESTION_LIMIT)
  const suggestions: Suggestion[] = values.map((value) => ({ value }))
  return { status: 'success' as const, suggestions, truncated }
}

export function ValueSuggestions({
  portal,
  scope,
  field,
  scopeTotal,
  chosen,
  onToggle,
  formatValue,
}: {
  portal: Portal
  /** The table, search and the other filters: the values offered are those of the records they keep. */
  scope: SearchRequest
  field: CkanField
  /** How many records `scope` keeps, when known exactly. */
  scopeTotal: number | undefined
  chosen: readonly FilterScalar[]
  onToggle: (value: FilterScalar) => void
  formatValue: (value: FilterScalar) => string
}) {
  const t = useMessages(filterDialogCatalogue)
  const { status, suggestions, truncated } = useSuggestions(portal, scope, field, scopeTotal)
  if (status === 'pending')
    return (
      <p className="dse-hint" role="status">
        {t('filterDialog.suggestionsLoading')}
      </p>
    )
  if (status === 'error') return <p className="dse-hint">{t('filterDialog.suggestionsFailed')}</p>
  if (suggestions.length === 0) return <p className="dse-hint">{t('filterDialog.suggestionsNone')}</p>
  return (
    <fieldset className="dse-suggestions">
      <legend className="dse-field__label">{t('filterDialog.suggestions')}</legend>
      <ul className="dse-suggestions__list">
        {suggestions.map(({ value, count }) => {
          const checked = chosen.some((existing) => sameValue(existing, value))
          return (
            <li key={`${typeof value}:${String(value)}`}>
              <label className="dse-check dse-suggestions__item">
                <input type="checkbox" checked={checked} onChange={() => onToggle(value)} />
                <span className="dse-suggestions__value">{formatValue(value)}</span>
                {count !== undefined && (
                  <span className="dse-suggestions__count">{t('filterDialog.count', { count })}</span>
                )}
              </label>
            </li>
          )
        })}
      </ul>
      {truncated && (
        <p className="dse-hint">{t('filterDialog.suggestionsMore', { count: SUGGESTION_LIMIT })}</p>
      )}
    </fieldset>
  )
}
