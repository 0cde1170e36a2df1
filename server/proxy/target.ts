// What the proxy will fetch: a read-only CKAN action of a portal, or a table's dump, named by its full URL.

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
  'missing' | 'not-url' | 'not-https' | 'credentials' | 'not-action' | 'odd-path' | 'write-action'

export type Target =
  | { ok: true; kind: 'action'; url: URL; action: string }
  | { ok: true; kind: 'dump'; url: URL; resourceId: string }
  | { ok: false; problem: TargetProblem }

/** One path segment of a portal's prefix (`/data/en`) or a dump's resource id: nothing to encode. */
const SEGMENT = '[A-Za-z0-9._-]+'

/** The whole path: a plausible prefix, then a CKAN action or a table's dump, and nothing else. */
const ACTION_PATH = new RegExp(`^((?:/${SEGMENT})*)/api(?:/3)?/action/([A-Za-z0-9_]+)$`)
const DUMP_PATH = new RegExp(`^((?:/${SEGMENT})*)/datastore/dump/(${SEGMENT})$`)

/** A path that names an action or a dump somewhere, if not in the plausible form: worth its own message. */
const LOOKS_LIKE_DATA = /\/api(?:\/3)?\/action\/|\/datastore\/dump\//

/** `.` and `..`, also encoded: the URL parser resolves them, so they are looked for in the raw text. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

/** Tabs and line breaks, which the URL parser drops wherever they are, and the other controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * Whether the raw URL, before the parser tidies it, has control characters (dropped by the parser),
 * or dot segments or backslashes (which it resolves, or turns into slashes) in its path. A portal's
 * address has none of them; tidied away, they could make a path that is not the one the user read.
 */
function hasTrickyRawPath(raw: string): boolean {
  if (CONTROL.test(raw)) return true
  const beforeQuery = raw.split(/[?#]/, 1)[0]!
  if (beforeQuery.includes('\\')) return true
  return beforeQuery.split('/').some((segment) => DOT_SEGMENT.test(segment))
}

function isDotSegment(segment: string): boolean {
  return segment === '.' || segment === '..'
}

/**
 * Reads the `url` parameter: an http(s) URL whose path is a plausible portal prefix (segments of
 * letters, digits, `-`, `_` and `.`, such as `/data/en`) followed by `/api/3/action/<name>` or
 * `/api/action/<name>` of a read-only action, or by `/datastore/dump/<resource id>`. `https:` only,
 * unless the origin is allowed by name. Everything here is decided on the text alone: a refused
 * URL's name is never looked up.
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
  url.hash = ''
  const action = ACTION_PATH.exec(url.pathname)
  const dump = action ? null : DUMP_PATH.exec(url.pathname)
  const match = action ?? dump
  const prefixSegments = match?.[1]!.split('/').slice(1) ?? []
  const plausible =
    match !== null &&
    !hasTrickyRawPath(raw) &&
    !prefixSegments.some(isDotSegment) &&
    !(dump && isDotSegment(dump[2]!))
  if (!plausible) {
    return { ok: false, problem: LOOKS_LIKE_DATA.test(url.pathname) ? 'odd-path' : 'not-action' }
  }
  if (dump) return { ok: true, kind: 'dump', url, resourceId: dump[2]! }
  const name = action![2]!
  if (!READ_ONLY_ACTIONS.has(name)) return { ok: false, problem: 'write-action' }
  return { ok: true, kind: 'action', url, action: name }
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
