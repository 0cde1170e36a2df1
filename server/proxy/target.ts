// What the proxy will fetch: a read-only CKAN action of a portal, named by its full URL.

/** The only actions the proxy forwards: they read, and change nothing. */
export const READ_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  'datastore_search',
  'datastore_info',
  'resource_show',
  'package_show',
  'package_search',
  'status_show',
])

export type TargetProblem =
  'missing' | 'not-url' | 'not-https' | 'credentials' | 'not-action' | 'write-action'

export type Target = { ok: true; url: URL; action: string } | { ok: false; problem: TargetProblem }

/**
 * Reads the `url` parameter: an http(s) URL whose path ends in `/api/3/action/<name>` or
 * `/api/action/<name>`, of a read-only action. `https:` only, unless the origin is allowed by name.
 */
export function readTarget(raw: string | null, allowedOrigins: ReadonlySet<string>): Target {
  if (raw === null || raw.trim() === '') return { ok: false, problem: 'missing' }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, problem: 'not-url' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'not-url' }
  if (url.protocol !== 'https:' && !allowedOrigins.has(url.origin)) return { ok: false, problem: 'not-https' }
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials' }
  const match = /\/api(?:\/3)?\/action\/([A-Za-z0-9_]+)$/.exec(url.pathname)
  if (!match) return { ok: false, problem: 'not-action' }
  const action = match[1]!
  if (!READ_ONLY_ACTIONS.has(action)) return { ok: false, problem: 'write-action' }
  url.hash = ''
  return { ok: true, url, action }
}

/** `--proxy-allow` values: an origin such as `http://127.0.0.1:9000` (no path), or null when it is not one. */
export function readAllowedOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password || url.search || url.hash) return null
    if (url.pathname !== '/' && url.pathname !== '') return null
    return url.origin
  } catch {
    return null
  }
}
