// The stylesheet rule of a host's theme: its colours resolved by the browser, then the explorer's
// tokens for them (theme.ts). Loaded only when the page sets one of the theme's colours.
import type { HostColourValues } from './host-theme'
import {
  hostScheme,
  parseComputedColour,
  themeRule,
  themeTokens,
  type HostColours,
  type Rgb,
  type Scheme,
} from './theme'

/**
 * The host's colours, each resolved by the browser (any CSS colour: a name, hex, hsl(), oklch()…)
 * through `probe`, an element of the shadow root that is never shown. A value that is not a colour,
 * or not opaque, is left out.
 */
export function resolveHostColours(values: HostColourValues, probe: HTMLElement): HostColours {
  const colours: HostColours = {}
  for (const [name, raw] of Object.entries(values) as [keyof HostColours, string][]) {
    probe.style.removeProperty('color')
    // a mix with itself: the browser writes the result in sRGB, whatever the colour's own space
    probe.style.setProperty('color', `color-mix(in srgb, ${raw} 100%, ${raw} 0%)`)
    if (probe.style.getPropertyValue('color') === '') continue
    const colour: Rgb | null = parseComputedColour(getComputedStyle(probe).color)
    if (colour) colours[name] = colour
  }
  probe.style.removeProperty('color')
  return colours
}

/**
 * The rule that gives the explorer the host's colours (empty when none is a colour), and the light or
 * dark scheme its background calls for (null: it sets no background). `scheme`: the one shown otherwise.
 */
export function hostThemeRule(
  values: HostColourValues,
  probe: HTMLElement,
  scheme: Scheme,
  selector: string,
): { rule: string; scheme: Scheme | null } {
  const colours = resolveHostColours(values, probe)
  return { rule: themeRule(selector, themeTokens(colours, scheme)), scheme: hostScheme(colours) }
}
