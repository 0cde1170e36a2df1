import { useEffect, useState } from 'react'
import { createI18n, type I18n } from './i18n-context'
import { DEFAULT_LOCALE, loadTranslations } from './languages'

/**
 * The I18n of `locale`. A language other than English is a lazy chunk: until it has loaded, the
 * language shown before stays (English at first), so a switch never shows a mix of the two.
 */
export function useLanguage(locale: string): I18n {
  const [shown, setShown] = useState(() => ({ locale: DEFAULT_LOCALE, i18n: createI18n(DEFAULT_LOCALE) }))
  useEffect(() => {
    if (shown.locale === locale) return
    let live = true
    loadTranslations(locale).then(
      (translations) => {
        if (live) setShown({ locale, i18n: createI18n(locale, translations) })
      },
      () => {
        // the language's chunk could not be fetched (offline, a new deployment): the page stays as it is
      },
    )
    return () => {
      live = false
    }
  }, [locale, shown.locale])
  return shown.i18n
}
