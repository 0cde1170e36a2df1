// Pseudo-translations for tests and for checking the interface by eye: every string of every
// catalogue, accented and bracketed (`⟦Ŝéåŕçĥ⟧`), so a string that stays plain is hard-coded text.
// Placeholders are kept as they are, so the filled-in values stay readable.
import { chartCatalogue } from './catalogues/chart'
import { columnsCatalogue } from './catalogues/columns'
import { mapCatalogue } from './catalogues/map'
import { copyCodeCatalogue } from './catalogues/copy-code'
import { embedCodeCatalogue } from './catalogues/embed-code'
import { errorsCatalogue } from './catalogues/errors'
import { filterChipsCatalogue } from './catalogues/filter-chips'
import { filterDialogCatalogue } from './catalogues/filter-dialog'
import { mainCatalogue } from './catalogues/main'
import { profileCatalogue } from './catalogues/profile'
import { exportCatalogue } from './catalogues/export'
import type { Message, MessageTable, PluralMessage, Translations } from './translate'

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'å',
  c: 'ç',
  e: 'é',
  i: 'î',
  n: 'ñ',
  o: 'ö',
  s: 'š',
  u: 'ü',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  C: 'Ç',
  E: 'É',
  I: 'Î',
  N: 'Ñ',
  O: 'Ö',
  S: 'Š',
  U: 'Ü',
  Y: 'Ý',
  Z: 'Ž',
}

export const PSEUDO_OPEN = '⟦'
export const PSEUDO_CLOSE = '⟧'

/** `text` with its letters accented, placeholders untouched, and brackets around it all. */
export function pseudoText(text: string, rtl = false): string {
  const parts = text.split(/(\{\w+\})/)
  const marked = parts
    .map((part) => (/^\{\w+\}$/.test(part) ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c)))
    .join('')
  // right-to-left marks make the bidirectional algorithm treat the text as right to left
  return rtl ? `\u200f${PSEUDO_OPEN}${marked}${PSEUDO_CLOSE}\u200f` : `${PSEUDO_OPEN}${marked}${PSEUDO_CLOSE}`
}

function pseudoMessage(message: Message, rtl: boolean): Message {
  if (typeof message === 'string') return pseudoText(message, rtl)
  const forms = (source: PluralMessage): PluralMessage => {
    const result: PluralMessage = { other: pseudoText(source.other, rtl) }
    for (const [category, text] of Object.entries(source))
      if (typeof text === 'string') result[category as keyof PluralMessage] = pseudoText(text, rtl)
    return result
  }
  return 'ordinal' in message ? { ordinal: forms(message.ordinal) } : forms(message)
}

function pseudoTable(table: MessageTable, rtl: boolean): Record<string, Message> {
  return Object.fromEntries(Object.entries(table).map(([key, message]) => [key, pseudoMessage(message, rtl)]))
}

export function pseudoTranslations(locale: 'en-XA' | 'ar-XB'): Translations {
  const rtl = locale === 'ar-XB'
  return Object.fromEntries(
    [
      mainCatalogue,
      errorsCatalogue,
      filterChipsCatalogue,
      filterDialogCatalogue,
      profileCatalogue,
      chartCatalogue,
      columnsCatalogue,
      mapCatalogue,
      copyCodeCatalogue,
      embedCodeCatalogue,
      exportCatalogue,
    ].map((catalogue) => [catalogue.id, pseudoTable(catalogue.en, rtl)]),
  )
}
