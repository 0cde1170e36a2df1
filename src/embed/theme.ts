// The colours a host page gives the element (--datastore-explorer-accent, -text, -background and
// -border), turned into the explorer's own colour tokens. Pure. Every pair the explorer draws stays
// WCAG AA whatever the host gives: text 4.5:1 on every background it sits on, the accent (links,
// selected tabs, checked boxes, sort marks: the selected states) 4.5:1, the focus ring 3:1; a host
// colour that falls short is darkened (or lightened, on a dark background) just enough.

export interface Rgb {
  r: number
  g: number
  b: number
}

/** The colours a host set; each is optional. */
export interface HostColours {
  accent?: Rgb
  text?: Rgb
  background?: Rgb
  border?: Rgb
}

/**
 * The explorer's own base colours (src/styles/tokens.css, light and dark), for what the host leaves
 * out; theme.test.ts checks them against the stylesheet.
 */
export const BASE_COLOURS = {
  light: { bg: '#ffffff', fg: '#1b1f24', accent: '#0b5cad', border: '#c9ced6' },
  dark: { bg: '#16181c', fg: '#e6e8eb', accent: '#73b4ff', border: '#4a515c' },
} as const

export type Scheme = keyof typeof BASE_COLOURS

const BLACK: Rgb = { r: 0, g: 0, b: 0 }
const WHITE: Rgb = { r: 255, g: 255, b: 255 }

export function hexColour(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16)
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 }
}

export function cssColour({ r, g, b }: Rgb): string {
  const part = (value: number) => Math.round(Math.min(255, Math.max(0, value)))
  return `rgb(${part(r)} ${part(g)} ${part(b)})`
}

/**
 * A computed colour as the browser writes it: `rgb(…)`, `rgba(…)` or `color(srgb …)`, opaque only
 * (a see-through colour has no contrast of its own); null otherwise.
 */
export function parseComputedColour(text: string): Rgb | null {
  const trimmed = text.trim()
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/i.exec(trimmed)
  const srgb = /^color\(\s*srgb\s+([-\d.e]+)\s+([-\d.e]+)\s+([-\d.e]+)(?:\s*\/\s*([\d.]+%?))?\s*\)$/i.exec(
    trimmed,
  )
  const match = rgb ?? srgb
  if (!match) return null
  const alpha = match[4] === undefined ? 1 : Number.parseFloat(match[4]) / (match[4].endsWith('%') ? 100 : 1)
  if (alpha < 1) return null
  const scale = srgb ? 255 : 1
  // whole channels, as the tokens are written (color(srgb …) comes as fractions, with rounding noise)
  const channel = (index: number) =>
    Math.round(Math.min(255, Math.max(0, Number.parseFloat(match[index]!) * scale)))
  return { r: channel(1), g: channel(2), b: channel(3) }
}

/** WCAG 2 relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2 contrast ratio, from 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** `amount` (0 to 1) of the way from `from` to `to`, in whole channels (as the stylesheet gets it). */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  const channel = (a: number, b: number) => Math.round(a + (b - a) * amount)
  return { r: channel(from.r, to.r), g: channel(from.g, to.g), b: channel(from.b, to.b) }
}

/**
 * A tint of `colour` on `background`: `amount` of the way, or less, so that each of `readers` (the
 * text drawn on it) still reads `ratio`:1 (the background itself must).
 */
function tint(background: Rgb, colour: Rgb, amount: number, readers: readonly Rgb[], ratio = 4.5): Rgb {
  const reads = (candidate: Rgb) => readers.every((reader) => contrast(reader, candidate) >= ratio)
  if (reads(mix(background, colour, amount))) return mix(background, colour, amount)
  let low = 0
  let high = amount
  for (let step = 0; step < 16; step++) {
    const middle = (low + high) / 2
    if (reads(mix(background, colour, middle))) low = middle
    else high = middle
  }
  return mix(background, colour, low)
}

/**
 * `colour`, moved toward black or white (the side away from the backgrounds) just enough to reach
 * `ratio` against every one of `backgrounds`; as it is when it does already.
 */
export function withContrast(colour: Rgb, backgrounds: readonly Rgb[], ratio: number): Rgb {
  const lowest = (candidate: Rgb) =>
    Math.min(...backgrounds.map((background) => contrast(candidate, background)))
  if (lowest(colour) >= ratio) return colour
  const brightest = Math.max(...backgrounds.map(luminance))
  const darkest = Math.min(...backgrounds.map(luminance))
  // toward black on light backgrounds, toward white on dark ones: whichever can reach further
  const towardBlack = (darkest + 0.05) / 0.05
  const towardWhite = 1.05 / (brightest + 0.05)
  const target = towardBlack >= towardWhite ? BLACK : WHITE
  let low = 0
  let high = 1
  for (let step = 0; step < 20; step++) {
    const middle = (low + high) / 2
    if (lowest(mix(colour, target, middle)) >= ratio) high = middle
    else low = middle
  }
  return mix(colour, target, high)
}

/** Text on a filled accent: white or black, whichever reads better (always 4.5:1 or more). */
function textOn(fill: Rgb): Rgb {
  return contrast(WHITE, fill) >= contrast(BLACK, fill) ? WHITE : BLACK
}

/** The scheme of a background: dark below the luminance where black and white text read equally well. */
export function schemeOf(background: Rgb): Scheme {
  return luminance(background) < 0.179 ? 'dark' : 'light'
}

/**
 * The explorer's colour tokens for the colours a host set (none: no tokens, the explorer's own
 * colours stay). `scheme` is the one shown when the host sets no background.
 */
export function themeTokens(host: HostColours, scheme: Scheme): Record<string, string> {
  if (!host.accent && !host.text && !host.background && !host.border) return {}
  const shownScheme = host.background ? schemeOf(host.background) : scheme
  const base = BASE_COLOURS[shownScheme]
  const bg = host.background ?? hexColour(base.bg)
  // the text: 7:1 on the background where it can be (a mid-tone background allows less)
  const fg = withContrast(host.text ?? hexColour(base.fg), [bg], 7)
  // the surfaces are faint tints of the text, never so strong that the text reads less than on the background
  const keep = Math.min(7, contrast(fg, bg))
  const surface = tint(bg, fg, 0.04, [fg], keep)
  const headerBg = tint(bg, fg, 0.07, [fg], keep)
  const rowAlt = tint(bg, fg, 0.025, [fg], keep)
  const placeholder = mix(bg, fg, 0.1)
  const backgrounds = [bg, surface, headerBg, rowAlt]
  const muted = withContrast(mix(fg, bg, 0.35), backgrounds, 4.5)
  const hostAccent = host.accent ?? hexColour(base.accent)
  // the accent is text (links, quiet buttons, sort marks) on every background, and a fill
  const accent = withContrast(hostAccent, backgrounds, 4.5)
  // its tints (a hovered button, a hovered row, a notice) stay light enough for the text on them
  const accentSoft = tint(bg, accent, 0.12, [accent, fg])
  const rowHover = tint(bg, accent, 0.08, [accent, fg, muted])
  const infoBg = tint(bg, accent, 0.08, [accent, fg, muted])
  const accentFg = textOn(accent)
  const accentHover = withContrast(mix(accent, accentFg === WHITE ? BLACK : WHITE, 0.15), [accentFg], 4.5)
  return {
    '--dse-bg': cssColour(bg),
    '--dse-surface': cssColour(surface),
    '--dse-fg': cssColour(fg),
    '--dse-muted': cssColour(muted),
    '--dse-null': cssColour(muted),
    '--dse-border': cssColour(host.border ?? hexColour(base.border)),
    '--dse-accent': cssColour(accent),
    '--dse-accent-fg': cssColour(accentFg),
    '--dse-accent-hover': cssColour(accentHover),
    '--dse-accent-soft': cssColour(accentSoft),
    '--dse-focus': cssColour(withContrast(hostAccent, backgrounds, 3)),
    '--dse-row-alt': cssColour(rowAlt),
    '--dse-row-hover': cssColour(rowHover),
    '--dse-header-bg': cssColour(headerBg),
    '--dse-placeholder': cssColour(placeholder),
    '--dse-info-bg': cssColour(infoBg),
    '--dse-info-border': cssColour(mix(bg, accent, 0.45)),
  }
}

/** The scheme the host's colours call for (its background's), or null: the explorer's own choice stands. */
export function hostScheme(host: HostColours): Scheme | null {
  return host.background ? schemeOf(host.background) : null
}

/** The tokens as the rule of the element's adopted stylesheet (empty: no rule). */
export function themeRule(selector: string, tokens: Record<string, string>): string {
  const declarations = Object.entries(tokens).map(([name, value]) => `${name}:${value}`)
  return declarations.length === 0 ? '' : `${selector}{${declarations.join(';')}}`
}
