import { getMessagesLocale } from '../../lib/messages'

type Params = Record<string, string | number>

/**
 * Each feature keeps its own English strings in a `*-messages.ts` file; a translation is one more
 * object that may leave keys out (English is used for a missing key). The language follows the
 * shared `setMessagesLocale`, so the whole app switches together.
 */
export function defineMessages<Keys extends string>(
  en: Record<Keys, string>,
  translations: Record<string, Partial<Record<Keys, string>>> = {},
): (key: Keys, params?: Params) => string {
  return (key, params) => {
    const locale = getMessagesLocale()
    const language = locale.split('-')[0] ?? 'en'
    const template = translations[locale]?.[key] ?? translations[language]?.[key] ?? en[key]
    if (!params) return template
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    )
  }
}
