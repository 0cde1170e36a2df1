// The interface languages, and how each one's translations are loaded: English is built in, every
// other language is a lazy chunk, fetched when it is first chosen.
import type { Translations } from './translate'

/** Languages with a translation (English is the catalogues themselves). */
const LOADERS: Readonly<Record<string, () => Promise<Translations>>> = {
  // pseudo-languages: every string visibly marked (en-XA), or marked and right to left (ar-XB)
  'en-XA': () => import('./pseudo').then((module) => module.pseudoTranslations('en-XA')),
  'ar-XB': () => import('./pseudo').then((module) => module.pseudoTranslations('ar-XB')),
  fr: () => import('./translations/fr').then((module) => module.frenchTranslations),
  he: () => import('./translations/he').then((module) => module.hebrewTranslations),
  ar: () => import('./translations/ar').then((module) => module.arabicTranslations),
}

export const DEFAULT_LOCALE = 'en'

/** Every language with a translation chunk, pseudo-languages included (for tests and menus). */
export const TRANSLATED_LOCALES: readonly string[] = Object.keys(LOADERS)

/** The supported language a tag asks for (`fr-CA` → `fr`), or null. */
export function supportedLocale(tag: string): string | null {
  const trimmed = tag.trim()
  if (trimmed === '') return null
  for (const known of [DEFAULT_LOCALE, ...Object.keys(LOADERS)]) {
    if (known.toLowerCase() === trimmed.toLowerCase()) return known
  }
  const language = trimmed.split(/[-_]/)[0]!.toLowerCase()
  if (language === DEFAULT_LOCALE) return DEFAULT_LOCALE
  return Object.hasOwn(LOADERS, language) ? language : null
}

/** The translations of `locale` (none for English). Rejects when its chunk cannot be fetched. */
export function loadTranslations(locale: string): Promise<Translations> {
  const load = Object.hasOwn(LOADERS, locale) ? LOADERS[locale] : undefined
  return load ? load() : Promise.resolve({})
}

/** The languages a reader can choose (the pseudo-languages are for tests only). */
export function interfaceLanguages(): string[] {
  return [DEFAULT_LOCALE, ...Object.keys(LOADERS).filter((locale) => !/-X[A-Z]$/.test(locale))]
}

/** A language's name in that language ("Français", "עברית"), as a reader looks for their own. */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
  } catch {
    return locale
  }
}
