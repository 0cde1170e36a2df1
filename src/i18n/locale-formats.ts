// Everything `Intl` does for one language, built once per language and instance: an ICU formatter
// costs about a millisecond to build, and a table formats thousands of cells.
import type { PluralAndNumbers } from './translate'

/** Scripts written right to left (the language subtag). */
const RTL_LANGUAGES: ReadonlySet<string> = new Set([
  'ar',
  'ckb',
  'dv',
  'fa',
  'he',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
])

/** Pseudo-languages for testing: English text marked (en-XA) or mirrored (ar-XB), formatted as English. */
const PSEUDO_LOCALES: Readonly<Record<string, string>> = { 'en-XA': 'en', 'ar-XB': 'en' }

export type DateStyle = 'date' | 'minutes' | 'seconds'

export interface LocaleFormats extends PluralAndNumbers {
  /** The language tag the interface uses (`en`, `fr`, `he`, `en-XA`). */
  locale: string
  dir: 'ltr' | 'rtl'
  /** Counts and row numbers: "1,000,000". */
  countFormat: Intl.NumberFormat
  /**
   * Cell numbers with this many decimals (null: significant digits); codes such as 2013 stay ungrouped,
   * and with `grouping` false (a column of codes: ids, postal codes) so does 46001.
   */
  number(fractionDigits: number | null, grouping?: boolean): Intl.NumberFormat
  /** Wall-clock dates and times, shown in UTC so nothing shifts with the viewer's zone. */
  date(style: DateStyle): Intl.DateTimeFormat
  /** "DE, UK and FR" / "DE, UK or FR". */
  list(items: readonly string[], type: 'conjunction' | 'disjunction'): string
  /** "1st", "2nd": the plural category of an ordinal, for messages that have ordinal forms. */
  ordinal(position: number): Intl.LDMLPluralRule
  collator: Intl.Collator
}

/** A language tag Intl accepts, or English. */
export function intlLocale(locale: string): string {
  const pseudo = PSEUDO_LOCALES[locale]
  if (pseudo) return pseudo
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

export function directionOf(locale: string): 'ltr' | 'rtl' {
  if (locale === 'ar-XB') return 'rtl'
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? ''
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'
}

export function createLocaleFormats(locale: string): LocaleFormats {
  const tag = intlLocale(locale)
  const countFormat = new Intl.NumberFormat(tag)
  const pluralRules = new Intl.PluralRules(tag)
  const numbers = new Map<string, Intl.NumberFormat>()
  const dates = new Map<DateStyle, Intl.DateTimeFormat>()
  const lists = new Map<string, Intl.ListFormat>()
  let ordinalRules: Intl.PluralRules | undefined
  let collator: Intl.Collator | undefined

  return {
    locale,
    dir: directionOf(locale),
    countFormat,
    count: (value) => countFormat.format(value),
    plural: (count) => pluralRules.select(count),
    ordinal: (position) => (ordinalRules ??= new Intl.PluralRules(tag, { type: 'ordinal' })).select(position),
    number(fractionDigits, grouping = true) {
      const key = grouping ? String(fractionDigits) : `${fractionDigits} plain`
      let format = numbers.get(key)
      if (!format) {
        // 'min2': 13,480 is grouped but years and codes such as 2013 stay as written
        const useGrouping = grouping ? 'min2' : false
        const options = (
          fractionDigits === null
            ? { maximumSignificantDigits: 17, useGrouping }
            : {
                minimumFractionDigits: fractionDigits,
                maximumFractionDigits: fractionDigits,
                useGrouping,
              }
        ) as Intl.NumberFormatOptions
        format = new Intl.NumberFormat(tag, options)
        numbers.set(key, format)
      }
      return format
    },
    date(style) {
      let format = dates.get(style)
      if (!format) {
        const options: Intl.DateTimeFormatOptions =
          style === 'date'
            ? { dateStyle: 'medium', timeZone: 'UTC' }
            : { dateStyle: 'medium', timeStyle: style === 'seconds' ? 'medium' : 'short', timeZone: 'UTC' }
        format = new Intl.DateTimeFormat(tag, options)
        dates.set(style, format)
      }
      return format
    },
    list(items, type) {
      let format = lists.get(type)
      if (!format) {
        format = new Intl.ListFormat(tag, { style: 'long', type })
        lists.set(type, format)
      }
      return format.format(items)
    },
    get collator() {
      return (collator ??= new Intl.Collator(tag, { numeric: true, sensitivity: 'variant' }))
    },
  }
}
