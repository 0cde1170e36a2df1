// The header's "Data from <host>" button and the panel it opens, with the portal address and the API
// token. Closed by default so the data gets the room; it opens by itself when the open table needs a
// token or the portal cannot be read, and the user can close it again.
import type { ReactNode } from 'react'
import { DisclosureMenu } from '../components/ui/disclosure-menu'
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
  return (
    // `display: contents` (.dse-portal-menu): the panel lays out as a row of the header
    <DisclosureMenu
      open={open}
      onOpenChange={onOpenChange}
      className="dse-portal-menu"
      buttonClassName="dse-portal-button"
      panelClassName="dse-portal-panel"
      label={
        <>
          <span className="dse-portal-button__label">{t('app.dataFrom')}</span>{' '}
          <strong className="dse-portal-button__host">{host}</strong>
        </>
      }
    >
      {children}
      <button type="button" className="dse-button dse-button--quiet" onClick={() => onOpenChange(false)}>
        {t('portal.close')}
      </button>
    </DisclosureMenu>
  )
}
