// The header's "Data from <host>" button and the panel it opens, with the portal address and the API
// token. Closed by default so the data gets the room; it opens by itself when the open table needs a
// token or the portal cannot be read, and the user can close it again.
import { useId, type ReactNode } from 'react'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'

export function PortalMenu({
  host,
  open,
  onOpenChange,
  children,
}: {
  host: string
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  const t = useMessages(mainCatalogue)
  const panelId = useId()
  return (
    // `display: contents`: the panel lays out as a row of the header, and Escape closes it from the button too
    <div
      className="dse-portal-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          onOpenChange(false)
        }
      }}
    >
      <button
        type="button"
        className="dse-portal-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        <span className="dse-portal-button__label">{t('app.dataFrom')}</span>{' '}
        <strong className="dse-portal-button__host">{host}</strong>
        <span className="dse-portal-button__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="dse-portal-panel" hidden={!open}>
        {children}
        <button type="button" className="dse-button dse-button--quiet" onClick={() => onOpenChange(false)}>
          {t('portal.close')}
        </button>
      </div>
    </div>
  )
}
