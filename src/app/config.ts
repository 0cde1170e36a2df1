// Runtime configuration, read once at start from `/config.json` (the server writes it), so one
// build can point at any portal. Validated: a bad value falls back with a reason, never a crash.
import { normalisePortalUrl } from '../features/portal/portal-url'

export interface RuntimeConfig {
  /** The default portal's base URL, ending in a locale segment. */
  portal: string
  /** Why a configured value was not used (shown to whoever runs the app, in the console). */
  problems: string[]
}

/** Validates the body of `/config.json`; `fallbackOrigin` is the page's origin. */
export function readConfig(body: unknown, fallbackOrigin: string): RuntimeConfig {
  const fallback = `${fallbackOrigin}/en`
  const problems: string[] = []
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    if (body !== undefined) problems.push('config.json is not a JSON object')
    return { portal: fallback, problems }
  }
  const portal = (body as Record<string, unknown>).portal
  if (portal === undefined) return { portal: fallback, problems }
  if (typeof portal !== 'string') {
    problems.push('config.json "portal" must be a string')
    return { portal: fallback, problems }
  }
  const normalised = normalisePortalUrl(portal)
  if (!normalised.ok) {
    problems.push(`config.json "portal" is not an http(s) address: ${portal}`)
    return { portal: fallback, problems }
  }
  if (normalised.addedLocale)
    problems.push(`config.json "portal" has no locale segment; using ${normalised.baseUrl}`)
  return { portal: normalised.baseUrl, problems }
}

const CONFIG_TIMEOUT_MS = 3000

/** Fetches `/config.json`; any failure (no server, 404, bad JSON) means the page's own origin. */
export async function loadRuntimeConfig(origin = window.location.origin): Promise<RuntimeConfig> {
  try {
    // no custom header: the request must match index.html's preload of it to reuse that answer
    const response = await fetch('/config.json', { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) })
    if (!response.ok) return readConfig(undefined, origin)
    return readConfig(await response.json(), origin)
  } catch {
    return readConfig(undefined, origin)
  }
}
