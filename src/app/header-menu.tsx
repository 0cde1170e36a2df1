// On a narrow screen the header keeps one line: its title and one "Menu" button, which opens the table
// chooser, the portal settings and the display choices (each as on a wide screen) under the header.
import type { ReactNode } from 'react'
import { DisclosureMenu } from '../components/ui/disclosure-menu'
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
  return (
    <DisclosureMenu
      open={open}
      onOpenChange={onOpenChange}
      className="dse-header-menu"
      buttonClassName="dse-portal-button dse-header-menu__button"
      panelClassName="dse-header-menu__panel"
      label={tCompact('app.menu')}
    >
      {children}
    </DisclosureMenu>
  )
}
