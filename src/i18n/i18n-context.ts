// The language of one explorer instance, given to its components through React context: a new
// language is a new value, so everything that shows text renders again, and nothing is fetched again.
import { createContext, useContext, useMemo } from 'react'
import { createLocaleFormats, type LocaleFormats } from './locale-formats'
import {
  createTranslator,
  type Catalogue,
  type MessageTable,
  type Translate,
  type Translation,
} from './translate'

export interface I18n {
  formats: LocaleFormats
  /** The translations of the language, by catalogue id; English has none (its catalogues are the text). */
  translations: Readonly<Record<string, Translation<MessageTable>>>
}

/** English, or any language whose translations are already loaded. */
export function createI18n(
  locale: string,
  translations: Readonly<Record<string, Translation<MessageTable>>> = {},
): I18n {
  return { formats: createLocaleFormats(locale), translations }
}

/** Rendered as `<I18nContext value={i18n}>` around an instance's components. */
export const I18nContext = createContext<I18n | null>(null)

export function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('An explorer component was rendered outside its I18nContext')
  return i18n
}

/** Intl formatting for the instance's language. */
export function useFormats(): LocaleFormats {
  return useI18n().formats
}

/** A translator for code outside components (it takes the instance's I18n). */
export function translatorFor<T extends MessageTable>(i18n: I18n, catalogue: Catalogue<T>): Translate<T> {
  return createTranslator(
    catalogue,
    i18n.translations[catalogue.id] as Translation<T> | undefined,
    i18n.formats,
  )
}

/** The text of `catalogue` in the instance's language. */
export function useMessages<T extends MessageTable>(catalogue: Catalogue<T>): Translate<T> {
  const i18n = useI18n()
  return useMemo(() => translatorFor(i18n, catalogue), [i18n, catalogue])
}
