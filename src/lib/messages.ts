// Every user-visible string of the app, in one flat dictionary per language.
// Keys are alphabetised and dotted by area (`error.*`, `filters.*`, `ignored.*`) so that helpers can
// merge their own keys without conflicts. A new language is one more object that may leave keys out:
// `t` falls back to English for any key a translation lacks.
// Placeholders are written `{name}` and filled from `params`.

const en = {
  'cell.empty': '(empty)',
  'cell.false': 'false',
  'cell.null': '—',
  'cell.true': 'true',
  'error.aborted.action': 'Nothing to do: the request was cancelled because a newer one replaced it.',
  'error.aborted.title': 'Request cancelled',
  'error.badRequest.action':
    'The portal did not understand the request. Check the portal address, or open the table on the portal’s own website.',
  'error.badRequest.title': 'The portal refused the request',
  'error.contract.action':
    'The portal answered, but not in the shape a CKAN DataStore answers. Check the portal address, or try again later.',
  'error.contract.title': 'The portal sent data in an unexpected format',
  'error.cors.action':
    'This portal does not allow other websites to read its data, or it could not be reached. You can open the table on the portal’s own website, ask the portal’s team to enable CORS for its API, or run this explorer locally with its own server.',
  'error.cors.title': 'The portal is blocked or unreachable from this page',
  'error.datastoreMissing.action':
    'This portal does not offer the DataStore API. Open the data on the portal’s own website instead.',
  'error.datastoreMissing.title': 'This portal has no DataStore',
  'error.forbidden.action':
    'This table is private. If you have an account on the portal, add your API token in the settings and try again.',
  'error.forbidden.title': 'You are not allowed to read this table',
  'error.invalidField.action':
    'Remove or change the {part} on “{field}”: the portal does not know this column.',
  'error.invalidField.title': 'The portal did not accept the {part} on “{field}”',
  'error.invalidQuery.action':
    'The portal could not run this search. Change the search words or the filters and try again.',
  'error.invalidQuery.title': 'The portal could not run this search',
  'error.network.action': 'Check your internet connection and the portal address, then try again.',
  'error.network.title': 'The portal could not be reached',
  'error.notCkan.action':
    'The address answered with a web page instead of data. Check that it is the address of a CKAN portal (it usually ends with a language such as /en).',
  'error.notCkan.title': 'This address does not look like a CKAN portal',
  'error.notFound.action':
    'Check the resource id or link. The table may have been removed, or it is not stored in the portal’s DataStore.',
  'error.notFound.title': 'This table was not found',
  'error.part.fields': 'column choice',
  'error.part.filters': 'filter',
  'error.part.q': 'search',
  'error.part.sort': 'sort',
  'error.server.action': 'The portal had a problem answering. Wait a moment and try again.',
  'error.server.title': 'The portal had an internal error',
  'error.slowPortal.action':
    'The portal did not answer within {seconds} seconds. It may be busy: try again, or narrow the search with filters.',
  'error.slowPortal.title': 'The portal is slow to answer',
  'error.timeout.action':
    'Narrow the search: add a filter or search words, or turn off the exact row count, then try again.',
  'error.timeout.title': 'The search took too long',
  'error.unknown.action': 'Try again. If the problem stays, open the table on the portal’s own website.',
  'error.unknown.title': 'Something went wrong',
  'error.validation.action': 'The portal rejected part of the request: {details}. Change it and try again.',
  'error.validation.title': 'The portal did not accept the request',
  'filters.clause': '{field} is {values}',
  'ignored.filters.badJson': 'The filters are not valid JSON, so they were ignored.',
  'ignored.filters.badValue': 'The filter on “{field}” has a value that is not text, a number or true/false.',
  'ignored.filters.notObject': 'The filters must map column names to values, so they were ignored.',
  'ignored.hidden.bad': 'The list of hidden columns could not be read, so every column is shown.',
  'ignored.limit.bad': 'The number of rows “{value}” is not a whole number above 0, so the default is used.',
  'ignored.portal.bad': 'The portal address “{value}” is not a web address, so the default portal is used.',
  'ignored.resource.bad': 'The table id “{value}” is not valid.',
  'ignored.search.bad': 'The search mode “{value}” is unknown, so word-start search is used.',
  'ignored.sort.bad': 'The sort order “{value}” could not be read, so the default order is used.',
  'ignored.unsupported': 'The link parameter “{name}” is not used by this explorer.',
  'resourceInput.badUrl':
    'This link does not point to a table. Paste a resource page link, an API link or a resource id.',
  'resourceInput.empty': 'Enter a resource id or paste a link to a table.',
  'resourceInput.noLocale':
    'The link has no language segment (such as /en) before /dataset/, so the address before it is used as the portal.',
  'resourceInput.notId':
    'This is not a resource id. A resource id looks like 1b2c3d4e-0000-… or a short name.',
  'resourceInput.notTakenOver': 'This link also sets {names}, which the explorer does not use.',
} as const

export type MessageKey = keyof typeof en
export type Dictionary = Partial<Record<MessageKey, string>>

export const messages: { en: Record<MessageKey, string> } & Record<string, Dictionary> = { en }

let currentLocale = 'en'

/** Chooses the dictionary `t` uses. Unknown languages fall back to English key by key. */
export function setMessagesLocale(locale: string): void {
  currentLocale = locale
}

export function getMessagesLocale(): string {
  return currentLocale
}

/** The text for `key` in the current language, with `{placeholders}` filled from `params`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const language = currentLocale.split('-')[0] ?? 'en'
  const template = messages[currentLocale]?.[key] ?? messages[language]?.[key] ?? messages.en[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}
