// Which handler a URL path goes to. CKAN strips a leading locale segment (handle_i18n), then
// matches `/api/action/<name>` and `/api/3/action/<name>` (no other version, no trailing slash).

/** `en`, `fr`, `pt_BR`, `zh_Hant_TW`, `sr_Latn`: language, optional script, optional region. */
const LOCALE = /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?(?:_[A-Z]{2})?$/

export type Route =
  /** `apiPath` is the path as CKAN sees it after the locale is stripped (for `_links`). */
  | { kind: 'action'; name: string; locale: string | undefined; apiPath: string }
  | { kind: 'api-version'; version: number }
  /** Anything under `/api` that CKAN would not route: its HTML 404 page. */
  | { kind: 'api-not-found' }
  | { kind: 'config' }
  /** CKAN's `/datastore/dump/<resource_id>` (ckanext/datastore/blueprint.py). */
  | { kind: 'dump'; resourceId: string }
  /** Everything else: files of the built app, or index.html for client-side routes. */
  | { kind: 'app'; path: string }

export function isLocale(segment: string): boolean {
  // `api` has the shape of a language code but is the start of the API path itself.
  return LOCALE.test(segment) && segment !== 'api'
}

/** Splits `/fr/api/...` into the locale and the rest; paths without a locale are returned as is. */
export function stripLocale(pathname: string): { locale: string | undefined; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const rest = match?.[2] ?? ''
  if (match && isLocale(match[1]!) && (rest.startsWith('/api') || rest.startsWith('/datastore/dump/'))) {
    return { locale: match[1], rest }
  }
  return { locale: undefined, rest: pathname }
}

export function matchRoute(pathname: string): Route {
  if (pathname === '/config.json') return { kind: 'config' }
  const { locale, rest } = stripLocale(pathname)
  const action = /^\/api(?:\/3)?\/action\/([^/]+)$/.exec(rest)
  if (action) {
    let name: string
    try {
      name = decodeURIComponent(action[1]!)
    } catch {
      return { kind: 'api-not-found' }
    }
    return { kind: 'action', name, locale, apiPath: rest }
  }
  const dump = /^\/datastore\/dump\/([^/]+)$/.exec(rest)
  if (dump) {
    try {
      return { kind: 'dump', resourceId: decodeURIComponent(dump[1]!) }
    } catch {
      return { kind: 'app', path: pathname }
    }
  }
  const version = /^\/api(?:\/([123]))?$/.exec(rest)
  if (version) return { kind: 'api-version', version: Number(version[1] ?? 1) }
  if (rest === '/api' || rest.startsWith('/api/')) return { kind: 'api-not-found' }
  return { kind: 'app', path: pathname }
}

/** Actions that change data; CKAN refuses GET for them and ignores URL parameters. */
export function hasSideEffects(action: string): boolean {
  return /_(create|update|patch|delete|upsert|purge)$/.test(action)
}
