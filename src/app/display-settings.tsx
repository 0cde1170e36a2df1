// The header's language and colour choices, behind one small button that shows the language in use
// (a reader looks for their own language's name). The language goes into the link (one history
// entry, nothing fetched again); the colours are kept for the tab.
import { lazy, Suspense, useId, useState } from 'react'
import { useEverTrue } from '../components/ui/use-ever-true'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import { languageName } from '../i18n/languages'
import type { Theme } from '../instance/theme-store'

// The choices are loaded when the panel first opens: not needed for the first rows.
const DisplayChoices = lazy(() =>
  import('./display-choices').then((module) => ({ default: module.DisplayChoices })),
)

export function DisplaySettings({
  locale,
  onLocaleChange,
  theme,
  onThemeChange,
}: {
  locale: string
  onLocaleChange: (locale: string) => void
  /** null: like the system. */
  theme: Theme | null
  /** Absent when the host fixes the theme. */
  onThemeChange?: (theme: Theme | null) => void
}) {
  const t = useMessages(mainCatalogue)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const panelWanted = useEverTrue(open)
  return (
    // `display: contents`, as the portal menu: the panel lays out as a row of the header
    <div
      className="dse-display-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          setOpen(false)
        }
      }}
    >
      <button
        type="button"
        className="dse-portal-button dse-display-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('display.menu', { language: languageName(locale) })}
        onClick={() => setOpen(!open)}
      >
        <span lang={locale}>{languageName(locale)}</span>
        <span className="dse-portal-button__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="dse-portal-panel dse-display" hidden={!open}>
        {panelWanted && (
          <Suspense fallback={null}>
            <DisplayChoices
              locale={locale}
              onLocaleChange={onLocaleChange}
              theme={theme}
              {...(onThemeChange ? { onThemeChange } : {})}
              onClose={() => setOpen(false)}
            />
          </Suspense>
        )}
      </div>
    </div>
  )
}
