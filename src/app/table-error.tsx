import { invalidField, isCkanError } from '../api/ckan/errors'
import { ErrorPanel } from '../components/ui/error-panel'
import { errorsCatalogue } from '../i18n/catalogues/errors'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import { describeError } from './describe-error'

function technicalDetails(error: unknown): string {
  if (isCkanError(error)) {
    return [`${error.kind}${error.status ? ` (HTTP ${error.status})` : ''}: ${error.message}`, error.detail]
      .filter(Boolean)
      .join('\n')
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/** A failed first page, explained, with the way out that fits: retry, a token, or undoing a bad part. */
export function TableError({
  error,
  onRetry,
  onAddToken,
  onRemoveFilter,
  onRemoveSort,
  onClearSearch,
  rangeColumns = [],
  onSortInstead,
  onRemoveRanges,
}: {
  error: unknown
  onRetry: () => void
  onAddToken: () => void
  onRemoveFilter: (field: string) => void
  onRemoveSort: (field: string) => void
  onClearSearch: () => void
  /** The columns of the filters the portal cannot apply (ranges), each sorted the way its range points. */
  rangeColumns?: readonly { field: string; label: string; desc: boolean }[]
  onSortInstead?: (field: string, desc: boolean) => void
  /** Removes the filters the portal cannot apply, keeping the others. */
  onRemoveRanges?: () => void
}) {
  const t = useMessages(mainCatalogue)
  const errorText = useMessages(errorsCatalogue)
  const description = describeError(error, errorText)
  const refused = isCkanError(error) && error.kind === 'validation' ? invalidField(error.fieldErrors) : null
  const badSearch = isCkanError(error) && (error.kind === 'invalid-query' || refused?.part === 'q')
  return (
    <ErrorPanel
      title={description.title}
      action={description.action}
      details={technicalDetails(error)}
      onRetry={description.retry ? onRetry : undefined}
    >
      {isCkanError(error) && error.kind === 'forbidden' && (
        <button type="button" className="dse-button dse-button--primary" onClick={onAddToken}>
          {t('app.addToken')}
        </button>
      )}
      {refused?.part === 'filters' && (
        <button
          type="button"
          className="dse-button dse-button--primary"
          onClick={() => onRemoveFilter(refused.field)}
        >
          {t('app.removeFilter', { field: refused.field })}
        </button>
      )}
      {refused?.part === 'sort' && (
        <button
          type="button"
          className="dse-button dse-button--primary"
          onClick={() => onRemoveSort(refused.field)}
        >
          {t('app.removeSort', { field: refused.field })}
        </button>
      )}
      {isCkanError(error) && error.kind === 'operators-unsupported' && (
        <>
          {rangeColumns.map(({ field, label, desc }) => (
            <button
              key={field}
              type="button"
              className="dse-button dse-button--primary"
              onClick={() => onSortInstead?.(field, desc)}
            >
              {t('app.sortInstead', { field: label })}
            </button>
          ))}
          <button type="button" className="dse-button dse-button--secondary" onClick={onRemoveRanges}>
            {t('app.removeRanges')}
          </button>
        </>
      )}
      {badSearch && (
        <button type="button" className="dse-button dse-button--secondary" onClick={onClearSearch}>
          {t('app.clearSearch')}
        </button>
      )}
    </ErrorPanel>
  )
}
