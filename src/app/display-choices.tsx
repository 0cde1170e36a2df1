// The language and colour choices of the header's display panel (display-settings.tsx), loaded when it
// first opens.
import { useId } from 'react'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import { interfaceLanguages, languageName } from '../i18n/languages'
import type { Theme } from '../instance/theme-store'

export function DisplayChoices({
  locale,
  onLocaleChange,
  theme,
  onThemeChange,
  onClose,
}: {
  locale: string
  onLocaleChange: (locale: string) => void
  /** null: like the system. */
  theme: Theme | null
  /** Absent when the host fixes the theme. */
  onThemeChange?: (theme: Theme | null) => void
  onClose(): void
}) {
  const t = useMessages(mainCatalogue)
  const languageId = useId()
  const themeId = useId()
  const languages = interfaceLanguages()
  return (
    <>
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
      <button type="button" className="dse-button dse-button--quiet" onClick={onClose}>
        {t('portal.close')}
      </button>
    </>
  )
}
