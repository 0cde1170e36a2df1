// The runtime configuration of one explorer, given by its host: the standalone page reads it from
// `/config.json` (the server writes it, so one build can point at any portal); an embed builds it
// from its attributes. Validated: a bad value falls back with a reason, never a crash.
import { normalisePortalUrl } from '../api/ckan/portal-url'

export interface RuntimeConfig {
  /** The default portal's base URL, ending in a locale segment. */
  portal: string
  /** The interface language the host asks for, when the view's link names none. */
  locale?: string
  /** Absolute URL of the server's read-only portal proxy, when the server has one. */
  proxy?: string
  /**
   * The explorer's public address, where its pages and the embed's scripts are served (no trailing
   * slash), when the server names one (behind a proxy, the page's origin may not be it).
   */
  publicUrl?: string
  /**
   * The map's raster tiles: an http(s) URL template with {z}, {x} and {y}; null for none (the map
   * draws over its bundled outline); absent for OpenStreetMap's standard tiles.
   */
  tiles?: string | null
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
  const proxy = readProxy((body as Record<string, unknown>).proxy, fallbackOrigin, problems)
  const publicUrl = readPublicUrl((body as Record<string, unknown>).publicUrl, problems)
  const tiles = readTiles((body as Record<string, unknown>).tiles, problems)
  const config = readPortal((body as Record<string, unknown>).portal, fallback, problems)
  return {
    ...config,
    ...(proxy ? { proxy } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(tiles !== undefined ? { tiles } : {}),
  }
}

/** An http(s) address without query, fragment or credentials, without its trailing slash. */
function readPublicUrl(value: unknown, problems: string[]): string | undefined {
  if (value === undefined) return undefined
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
    problems.push('config.json "publicUrl" must be an http(s) address, such as "https://explorer.example"')
    return undefined
  }
  return url.href.replace(/\/+$/, '')
}

function readPortal(portal: unknown, fallback: string, problems: string[]): RuntimeConfig {
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

/** `"/proxy"` (the server's own path) → an absolute URL on the page's origin; anything else is ignored. */
function readProxy(proxy: unknown, origin: string, problems: string[]): string | undefined {
  if (proxy === undefined) return undefined
  if (typeof proxy !== 'string' || !proxy.startsWith('/') || proxy.startsWith('//')) {
    problems.push('config.json "proxy" must be a path on this server, such as "/proxy"')
    return undefined
  }
  return new URL(proxy, origin).href
}

/**
 * The map's tiles: an http(s) URL template naming {z}, {x} and {y}; `false`, `""` or `"none"` for
 * none (null). Anything else is a problem, and the default tiles stay (undefined).
 */
export function readTiles(value: unknown, problems: string[]): string | null | undefined {
  if (value === undefined) return undefined
  if (value === false || value === '' || value === 'none') return null
  if (typeof value === 'string' && isTileTemplate(value)) return value
  problems.push('config.json "tiles" must be an http(s) URL template with {z}, {x} and {y}, or "none"')
  return undefined
}

export function isTileTemplate(value: string): boolean {
  if (!['{z}', '{x}', '{y}'].every((part) => value.includes(part))) return false
  const url = URL.canParse(value) ? new URL(value) : null
  return !!url && /^https?:$/.test(url.protocol) && !url.username && !url.password
}
