// Translators and formats for tests, in a given language (English by default).
import { mainCatalogue } from '../i18n/catalogues/main'
import { createI18n, translatorFor, type I18n } from '../i18n/i18n-context'
import type { Catalogue, MessageTable, Translate } from '../i18n/translate'
import { createCellLocale, type CellLocale } from '../lib/format'

export function testI18n(locale = 'en'): I18n {
  return createI18n(locale)
}

export function testTranslator<T extends MessageTable>(catalogue: Catalogue<T>, locale = 'en'): Translate<T> {
  return translatorFor(testI18n(locale), catalogue)
}

export function testCellLocale(locale = 'en'): CellLocale {
  const i18n = testI18n(locale)
  return createCellLocale(i18n.formats, translatorFor(i18n, mainCatalogue))
}
