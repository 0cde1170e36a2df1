import type { ReactNode } from 'react'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

/** An inline message that is not an error: information or a warning, optionally dismissible. */
export function Notice({
  tone = 'info',
  children,
  onDismiss,
}: {
  tone?: 'info' | 'warning'
  children: ReactNode
  onDismiss?: () => void
}) {
  const t = useMessages(mainCatalogue)
  return (
    <div className={`dse-notice dse-notice--${tone}`}>
      <div className="dse-notice__body">{children}</div>
      {onDismiss && (
        <button
          type="button"
          className="dse-button dse-button--quiet dse-notice__dismiss"
          onClick={onDismiss}
        >
          {t('ui.dismiss')}
        </button>
      )}
    </div>
  )
}
