// A portal's base URL always ends in a locale segment (`/en`, `/data/fr`, `/pt_BR`), because CKAN
// serves its API under it and translates its messages by it.

/** CKAN locale codes: `en`, `fr`, `pt_BR`, `zh_Hans_TW`, `sr-Latn`. */
const LOCALE_SEGMENT = /^[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$/
/** Path words that look like a locale but are CKAN routes. */
const NOT_LOCALES: ReadonlySet<string> = new Set(['api', 'dataset', 'organization', 'group', 'user', 'data'])
/** Where a pasted page or API address stops being the portal's base. */
const ROUTE_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'dataset',
  'organization',
  'group',
  'user',
  'datastore',
])

export type PortalUrlResult =
  | { ok: true; baseUrl: string; addedLocale: boolean }
  | { ok: false; reason: 'empty' | 'not-url' | 'not-http' }

export function isLocaleSegment(segment: string): boolean {
  return LOCALE_SEGMENT.test(segment) && !NOT_LOCALES.has(segment.toLowerCase())
}

/**
 * The canonical form of a portal base URL as links carry it and as portals are compared: origin and
 * path without trailing slash, query or fragment; null when not http(s) or when it holds credentials.
 * What `normalisePortalUrl` returns is already in this form.
 */
export function canonicalPortalUrl(text: string): string | null {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/**
 * Validates and normalises what a user typed as a portal address. Accepts a bare host
 * (`demo.ckan.org`), drops a query, a fragment, trailing slashes and an API path pasted by
 * mistake, and adds `/en` when no locale segment ends the path.
 */
export function normalisePortalUrl(input: string): PortalUrlResult {
  const text = input.trim()
  if (text === '') return { ok: false, reason: 'empty' }
  // browsers accept "https://not a portal" (the host becomes not%20a%20portal): refuse it here
  if (/\s/.test(text)) return { ok: false, reason: 'not-url' }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return { ok: false, reason: 'not-url' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not-http' }
  if (url.hostname === '' || url.hostname.includes('%')) return { ok: false, reason: 'not-url' }
  let segments = url.pathname.split('/').filter((segment) => segment !== '')
  // someone pasted an API or dataset page address: keep what comes before /api/ or /dataset/
  const routeAt = segments.findIndex((segment) => ROUTE_SEGMENTS.has(segment))
  if (routeAt >= 0) segments = segments.slice(0, routeAt)
  const last = segments.at(-1)
  const addedLocale = last === undefined || !isLocaleSegment(last)
  if (addedLocale) segments.push('en')
  const path = segments.join('/')
  return { ok: true, baseUrl: `${url.origin}/${path}`, addedLocale }
}

/** What the header shows so the user always knows whose data they read: the host (with port). */
export function portalHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}
