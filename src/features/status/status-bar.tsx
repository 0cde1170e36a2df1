import { useEffect, useState } from 'react'
import { Spinner } from '../../components/ui/spinner'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

/** After this long without an answer, the status line says that the portal is slow, and until when we wait. */
export const STILL_WAITING_AFTER_MS = 8_000

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
  throughProxy,
  filteredInBrowser = false,
  waitLimitSeconds,
}: {
  /** Null while nothing has loaded yet. */
  text: string | null
  busy: boolean
  estimatedHint: boolean
  /** The records came through the explorer's own server (the portal blocks other websites). */
  throughProxy: boolean
  /** The portal could not apply a range: the browser filtered the records it sent (queries/browser-filter.ts). */
  filteredInBrowser?: boolean
  /** How long a request may take before it is given up (said while waiting long). */
  waitLimitSeconds: number
}) {
  const t = useMessages(mainCatalogue)
  const waitedLong = useBusyFor(busy, STILL_WAITING_AFTER_MS)
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
      {waitedLong && <p className="dse-hint">{t('status.stillWaiting', { seconds: waitLimitSeconds })}</p>}
      {estimatedHint && !busy && <p className="dse-hint">{t('status.estimatedHint')}</p>}
      {filteredInBrowser && <p className="dse-hint">{t('status.filteredInBrowser')}</p>}
      {throughProxy && <p className="dse-hint">{t('status.throughProxy')}</p>}
      <div className="dse-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced}
      </div>
    </div>
  )
}

/** True once `busy` has lasted `afterMs` without a break; false again as soon as it ends. */
function useBusyFor(busy: boolean, afterMs: number): boolean {
  const [waitedLong, setWaitedLong] = useState(false)
  useEffect(() => {
    if (!busy) return
    const timer = setTimeout(() => setWaitedLong(true), afterMs)
    return () => {
      clearTimeout(timer)
      setWaitedLong(false)
    }
  }, [busy, afterMs])
  return busy && waitedLong
}
