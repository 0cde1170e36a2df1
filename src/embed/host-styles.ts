// The stylesheet the element adopts on itself, before the explorer's own arrives. Pure.

/** The element's height when neither the page's CSS nor its `height` attribute sets one. */
export const DEFAULT_HEIGHT = '480px'

/**
 * The `height` attribute as a CSS length: pixels (`600`) or a length with its unit (`70vh`, `30rem`);
 * null for anything else (it goes into a stylesheet: only digits and a known unit pass).
 */
export function heightLength(value: string | null): string | null {
  const match = /^\s*(\d{1,5}(?:\.\d{1,3})?)\s*(px|em|rem|vh|svh|lvh|dvh|%)?\s*$/i.exec(value ?? '')
  if (!match || Number(match[1]) === 0) return null
  return `${match[1]}${(match[2] ?? 'px').toLowerCase()}`
}

/**
 * The element's own box, adopted at once (a linked stylesheet arrives later): it takes its height
 * from its first layout, so the host's content does not move while the explorer loads. The host's
 * inherited styles (font size, colour, direction, line height) stop here, but for its font family,
 * which the explorer takes (the theme's `--datastore-explorer-font-family` overrides it). The page's
 * own CSS for the element (`datastore-explorer { height: … }`) wins over these.
 */
export function hostStyles(height: string): string {
  return `:host{all:initial;font-family:inherit;display:block;block-size:${height};contain:content}:host([hidden]){display:none}`
}
