import { useEffect, useState } from 'react'
import { Spinner } from '../../components/ui/spinner'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

/** How long the count must stay the same before it is announced (no chatter while results settle). */
export const ANNOUNCE_DELAY_MS = 800

/**
 * The counts line, visible, and a polite live region that announces it once it settles. The live
 * region is separate so screen readers hear the result of a change, not every intermediate state.
 */
export function StatusBar({
  text,
  busy,
  estimatedHint,
}: {
  /** Null while nothing has loaded yet. */
  text: string | null
  busy: boolean
  estimatedHint: boolean
}) {
  const t = useMessages(mainCatalogue)
  const [announced, setAnnounced] = useState('')
  const spoken = busy ? '' : (text ?? '')
  useEffect(() => {
    if (spoken === '') return
    const timer = setTimeout(() => setAnnounced(spoken), ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [spoken])

  return (
    <div className="dse-status">
      <p className="dse-status__counts">
        {text ?? (busy ? <Spinner label={t('status.loading')} /> : null)}
        {text && busy && (
          <span className="dse-status__busy">
            <Spinner label={t('status.updating')} />
          </span>
        )}
      </p>
      {estimatedHint && !busy && <p className="dse-hint">{t('status.estimatedHint')}</p>}
      <div className="dse-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced}
      </div>
    </div>
  )
}
