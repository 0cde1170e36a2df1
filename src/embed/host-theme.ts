// Reads the colours a host page gives the element (--datastore-explorer-accent, -text, -background,
// -border) and its rows' height (--datastore-explorer-row-height, with the font size), and watches
// for the changes a page makes to them: a class or style on the element, on <body> or on <html> (a
// site's dark mode), or the system's light or dark setting. Small, in the element's first script; the
// colours become tokens in host-theme-rule.ts and theme.ts, loaded only when a page sets some.
import { rowHeightFor } from '../features/table/grid-geometry'
import type { HostColours } from './theme'

const PROPERTIES = {
  accent: '--datastore-explorer-accent',
  text: '--datastore-explorer-text',
  background: '--datastore-explorer-background',
  border: '--datastore-explorer-border',
} as const

/** The host's colour properties as it wrote them (`#1d70b8`, `var(--brand)` resolved, `teal`…). */
export type HostColourValues = Partial<Record<keyof HostColours, string>>

/** The colour properties the host sets (none set: empty): cheap, read on every change. */
export function hostColourValues(host: HTMLElement): HostColourValues {
  const style = getComputedStyle(host)
  const values: HostColourValues = {}
  for (const [name, property] of Object.entries(PROPERTIES) as [keyof HostColours, string][]) {
    const raw = style.getPropertyValue(property).trim()
    if (raw !== '') values[name] = raw
  }
  return values
}

/**
 * The font size the explorer takes (tokens.css, on .dse-root), for the probe: `em` and `%` resolve
 * there as on the explorer's root (both under the element, whose own size is reset by hostStyles).
 */
export const PROBE_FONT_SIZE = 'var(--datastore-explorer-font-size, 15px)'

/**
 * The grid's row height (px) for the host's `--datastore-explorer-row-height` and font size, read
 * through `probe`, an element of the shadow root that is never shown, whose font size is PROBE_FONT_SIZE.
 */
export function hostRowHeight(probe: HTMLElement): number {
  const style = getComputedStyle(probe)
  const setting = style.getPropertyValue('--datastore-explorer-row-height')
  return rowHeightFor(setting, Number.parseFloat(style.fontSize))
}

/** Calls `onChange` when the host's colours (or row height, or font size) may have changed; returns the function that stops watching. */
export function watchHostTheme(host: HTMLElement, onChange: () => void): () => void {
  const document = host.ownerDocument
  const attributes = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-bs-theme'] }
  const mutations = new MutationObserver(onChange)
  mutations.observe(document.documentElement, attributes)
  if (document.body) mutations.observe(document.body, attributes)
  const scheme = document.defaultView?.matchMedia('(prefers-color-scheme: dark)')
  scheme?.addEventListener('change', onChange)
  // a stylesheet of the page that arrives after the element
  document.defaultView?.addEventListener('load', onChange, { once: true })
  return () => {
    mutations.disconnect()
    scheme?.removeEventListener('change', onChange)
    document.defaultView?.removeEventListener('load', onChange)
  }
}
