import type { ReactNode } from 'react'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

export interface ErrorPanelProps {
  title: string
  /** What the user can do about it, in plain language. */
  action: string
  /** Shown folded: for whoever has to report the problem. */
  details?: string
  onRetry?: () => void
  /** More ways out, e.g. "Remove filter country". */
  children?: ReactNode
}

/** A failure explained: what happened, what to do, Retry where it helps, details folded away. */
export function ErrorPanel({ title, action, details, onRetry, children }: ErrorPanelProps) {
  const t = useMessages(mainCatalogue)
  return (
    <div className="dse-error" role="alert">
      <h2 className="dse-error__title">{title}</h2>
      <p className="dse-error__action">{action}</p>
      {(onRetry || children) && (
        <div className="dse-error__buttons">
          {onRetry && (
            <button type="button" className="dse-button dse-button--primary" onClick={onRetry}>
              {t('ui.retry')}
            </button>
          )}
          {children}
        </div>
      )}
      {details && (
        <details className="dse-error__details">
          <summary>{t('ui.details')}</summary>
          <pre>{details}</pre>
        </details>
      )}
    </div>
  )
}
