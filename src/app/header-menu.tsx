// On a narrow screen the header keeps one line: its title and one "Menu" button, which opens the table
// chooser, the portal settings and the display choices (each as on a wide screen) under the header.
import { useId, type ReactNode } from 'react'
import { compactCatalogue } from '../i18n/catalogues/compact'
import { useMessages } from '../i18n/i18n-context'

export function HeaderMenu({
  open,
  onOpenChange,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  const tCompact = useMessages(compactCatalogue)
  const panelId = useId()
  return (
    <div
      className="dse-header-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          onOpenChange(false)
        }
      }}
    >
      <button
        type="button"
        className="dse-portal-button dse-header-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {tCompact('app.menu')}
        <span className="dse-portal-button__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="dse-header-menu__panel" hidden={!open}>
        {children}
      </div>
    </div>
  )
}
