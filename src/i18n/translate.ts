// The message system's core, without React: message tables, typed placeholders, plurals by
// Intl.PluralRules, and numbers formatted for the language. Catalogues (catalogues/*) hold the text.

/** A message with plural forms, chosen by the `count` parameter (Intl.PluralRules categories). */
export interface PluralMessage {
  zero?: string
  one?: string
  two?: string
  few?: string
  many?: string
  other: string
}

/** Forms chosen by the ordinal category of `count`: "1st", "2nd", "3rd", "4th". */
export interface OrdinalMessage {
  ordinal: PluralMessage
}

export type Message = string | PluralMessage | OrdinalMessage

export type MessageTable = Readonly<Record<string, Message>>

/** The names inside `{…}` in a template: `'{from}–{to} of {total}'` → `'from' | 'to' | 'total'`. */
export type PlaceholdersOf<Text> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never

/** A message with forms always takes `count`, whether or not a form shows it. */
export type MessagePlaceholders<M> = M extends string
  ? PlaceholdersOf<M>
  : M extends OrdinalMessage
    ? PlaceholdersOf<Extract<M['ordinal'][keyof M['ordinal']], string>> | 'count'
    : M extends PluralMessage
      ? PlaceholdersOf<Extract<M[keyof M], string>> | 'count'
      : never

/** Numbers are formatted for the language (`12 345` in French); strings are inserted as they are. */
export type ParamValue = string | number

export type ParamsOf<M> = [MessagePlaceholders<M>] extends [never]
  ? []
  : [params: Record<MessagePlaceholders<M>, ParamValue>]

/** Text for `key` of one catalogue, in the current language. Params are checked against the English template. */
export type Translate<T extends MessageTable> = <K extends keyof T & string>(
  key: K,
  ...params: ParamsOf<T[K]>
) => string

/** A translation of a catalogue: any key may be missing (English is used for it). */
export type Translation<T extends MessageTable> = Partial<Record<keyof T, Message>>

/** One language's translations of every catalogue, by catalogue id (what a language's chunk gives). */
export type Translations = Readonly<Record<string, Translation<MessageTable>>>

/** One catalogue: its English table (the reference for keys and placeholders) and an id for translations. */
export interface Catalogue<T extends MessageTable> {
  id: string
  en: T
}

export function defineCatalogue<const T extends MessageTable>(id: string, en: T): Catalogue<T> {
  return { id, en }
}

/** What a translator needs of the language: its plural rules and how it writes numbers. */
export interface PluralAndNumbers {
  plural(count: number): Intl.LDMLPluralRule
  ordinal(position: number): Intl.LDMLPluralRule
  count(value: number): string
}

const PLACEHOLDER = /\{(\w+)\}/g

/** Every `{name}` of a message, in all its forms (for checking translations). */
export function placeholders(message: Message): Set<string> {
  const texts = messageForms(message)
  const names = new Set<string>()
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER)) names.add(match[1]!)
  return names
}

/** The texts of a message: itself, or each of its forms. */
export function messageForms(message: Message): string[] {
  if (typeof message === 'string') return [message]
  return Object.values('ordinal' in message ? message.ordinal : message).filter(
    (form): form is string => typeof form === 'string',
  )
}

function fill(template: string, params: Record<string, ParamValue> | undefined, numbers: PluralAndNumbers) {
  if (!params) return template
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole
    const value = params[name]
    return typeof value === 'number' ? numbers.count(value) : String(value)
  })
}

function pick(message: Message, params: Record<string, ParamValue> | undefined, numbers: PluralAndNumbers) {
  if (typeof message === 'string') return message
  const count = params?.count
  if ('ordinal' in message) {
    const category = typeof count === 'number' ? numbers.ordinal(count) : 'other'
    return message.ordinal[category] ?? message.ordinal.other
  }
  const category = typeof count === 'number' ? numbers.plural(count) : 'other'
  // French says "0 enregistrement" (0 is "one"), English "0 records": the rules decide, not the catalogue
  return message[category] ?? message.other
}

/** Left-to-right isolate … pop directional isolate (Unicode's bidi controls; invisible, not read aloud). */
const LTR_ISOLATE = '\u2066'
const POP_ISOLATE = '\u2069'

/** `text` without the isolation marks of English standing in for a translation: for a file, not the screen. */
export function withoutIsolation(text: string): string {
  return text.replaceAll(LTR_ISOLATE, '').replaceAll(POP_ISOLATE, '')
}

/**
 * A translator for `catalogue`, reading `translation` first and English for whatever it lacks. In a
 * right-to-left language, English that stands in for a missing translation is isolated left to right:
 * "7 of 8 shown" would otherwise read "of 8 shown 7", and a sentence's full stop would jump to its start.
 */
export function createTranslator<T extends MessageTable>(
  catalogue: Catalogue<T>,
  translation: Translation<T> | undefined,
  numbers: PluralAndNumbers & { dir?: 'ltr' | 'rtl' },
): Translate<T> {
  const isolateEnglish = numbers.dir === 'rtl'
  return ((key: string, params?: Record<string, ParamValue>) => {
    const translated = translation && Object.hasOwn(translation, key) ? translation[key] : undefined
    const message: Message | undefined =
      translated ?? (Object.hasOwn(catalogue.en, key) ? catalogue.en[key] : undefined)
    if (message === undefined) return key
    const text = fill(pick(message, params, numbers), params, numbers)
    return isolateEnglish && translated === undefined ? LTR_ISOLATE + text + POP_ISOLATE : text
  }) as Translate<T>
}
