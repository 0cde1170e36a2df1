import { describeError, invalidField, isCkanError } from '../api/ckan/errors'
import { ErrorPanel } from '../components/ui/error-panel'
import { appText } from './app-messages'

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
}: {
  error: unknown
  onRetry: () => void
  onAddToken: () => void
  onRemoveFilter: (field: string) => void
  onRemoveSort: (field: string) => void
  onClearSearch: () => void
}) {
  const description = describeError(error)
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
          {appText('addToken')}
        </button>
      )}
      {refused?.part === 'filters' && (
        <button
          type="button"
          className="dse-button dse-button--primary"
          onClick={() => onRemoveFilter(refused.field)}
        >
          {appText('removeFilter', { field: refused.field })}
        </button>
      )}
      {refused?.part === 'sort' && (
        <button
          type="button"
          className="dse-button dse-button--primary"
          onClick={() => onRemoveSort(refused.field)}
        >
          {appText('removeSort', { field: refused.field })}
        </button>
      )}
      {badSearch && (
        <button type="button" className="dse-button dse-button--secondary" onClick={onClearSearch}>
          {appText('clearSearch')}
        </button>
      )}
    </ErrorPanel>
  )
}
