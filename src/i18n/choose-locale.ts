// Which language the interface speaks, in the order a reader expects: what the link or the host asks
// for, then the portal's own language (CKAN puts it in the base URL: …/fr), then the browser's
// languages, then English. Only languages with a translation are chosen.
import { DEFAULT_LOCALE, supportedLocale } from './languages'

export interface LocaleSources {
  /** The link's `lang` (an embed's `locale` attribute), already checked. */
  link: string | null
  /** The portal base URL in use, e.g. `https://data.example.org/fr`. */
  portalBaseUrl: string
  /** The browser's languages, most preferred first (`navigator.languages`). */
  browser: readonly string[]
}

/** The last path segment of a portal base URL when it is a language we speak, else null. */
export function portalLocale(portalBaseUrl: string): string | null {
  let path: string
  try {
    path = new URL(portalBaseUrl).pathname
  } catch {
    return null
  }
  const segment = path.split('/').filter(Boolean).at(-1)
  return segment ? supportedLocale(segment) : null
}

export function chooseLocale({ link, portalBaseUrl, browser }: LocaleSources): string {
  if (link) return link
  const fromPortal = portalLocale(portalBaseUrl)
  if (fromPortal) return fromPortal
  for (const tag of browser) {
    const known = supportedLocale(tag)
    if (known) return known
  }
  return DEFAULT_LOCALE
}
