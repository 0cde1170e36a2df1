// The header's language and colour choices, behind one small button that shows the language in use
// (a reader looks for their own language's name). The language goes into the link (one history
// entry, nothing fetched again); the colours are kept for the tab.
import { useId, useState } from 'react'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import { interfaceLanguages, languageName } from '../i18n/languages'
import type { Theme } from '../instance/theme-store'

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
  const languageId = useId()
  const themeId = useId()
  const languages = interfaceLanguages()
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
        <div className="dse-field">
          <label className="dse-label" htmlFor={languageId}>
            {t('display.language')}
          </label>
          <select
            id={languageId}
            className="dse-select"
            value={languages.includes(locale) ? locale : ''}
            onChange={(event) => onLocaleChange(event.target.value)}
          >
            {!languages.includes(locale) && (
              <option value="" lang={locale}>
                {languageName(locale)}
              </option>
            )}
            {languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
        {onThemeChange && (
          <div className="dse-field">
            <label className="dse-label" htmlFor={themeId}>
              {t('display.theme')}
            </label>
            <select
              id={themeId}
              className="dse-select"
              value={theme ?? 'system'}
              onChange={(event) => {
                const value = event.target.value
                onThemeChange(value === 'light' || value === 'dark' ? value : null)
              }}
            >
              <option value="system">{t('display.themeSystem')}</option>
              <option value="light">{t('display.themeLight')}</option>
              <option value="dark">{t('display.themeDark')}</option>
            </select>
          </div>
        )}
        <button type="button" className="dse-button dse-button--quiet" onClick={() => setOpen(false)}>
          {t('portal.close')}
        </button>
      </div>
    </div>
  )
}
