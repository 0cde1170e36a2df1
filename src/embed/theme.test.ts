import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BASE_COLOURS,
  contrast,
  hexColour,
  parseComputedColour,
  schemeOf,
  themeRule,
  themeTokens,
  type Rgb,
} from './theme'

const token = (tokens: Record<string, string>, name: string): Rgb => parseComputedColour(tokens[name]!)!
const WHITE = hexColour('#ffffff')

describe('the base colours', () => {
  it('are the stylesheet’s own, light and dark', () => {
    const css = readFileSync(new URL('../styles/tokens.css', import.meta.url), 'utf8')
    const light = /^\.dse-root \{([^}]*)\}/m.exec(css)![1]!
    const dark = /^\.dse-root\[data-theme='dark'\] \{([^}]*)\}/m.exec(css)![1]!
    const value = (block: string, name: string) =>
      new RegExp(`--dse-${name}:\\s*(#[0-9a-f]{6})`).exec(block)![1]
    for (const [scheme, block] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      expect(BASE_COLOURS[scheme]).toEqual({
        bg: value(block, 'bg'),
        fg: value(block, 'fg'),
        accent: value(block, 'accent'),
        border: value(block, 'border'),
      })
    }
  })
})

describe('the host’s colours as the explorer’s tokens', () => {
  it('change nothing when the host sets none', () => {
    expect(themeTokens({}, 'light')).toEqual({})
    expect(themeRule(':host .x', {})).toBe('')
  })

  it('keep a host accent that reads well, and its background and text', () => {
    const tokens = themeTokens(
      { accent: hexColour('#1d70b8'), background: WHITE, text: hexColour('#0b0c0c') },
      'light',
    )
    // 5.2:1 on white, a little less on the header's tint: barely darkened
    const accent = token(tokens, '--dse-accent')
    for (const [channel, value] of Object.entries({ r: 29, g: 112, b: 184 }))
      expect(Math.abs(accent[channel as keyof Rgb] - value)).toBeLessThanOrEqual(4)
    expect(tokens['--dse-bg']).toBe('rgb(255 255 255)')
    expect(tokens['--dse-fg']).toBe('rgb(11 12 12)')
    expect(tokens['--dse-accent-fg']).toBe('rgb(255 255 255)')
  })

  it('darken an accent too pale for the background just enough: selected states 4.5:1, the focus ring 3:1', () => {
    const pale = hexColour('#ffdd00') // GOV.UK's yellow, 1.4:1 on white
    const tokens = themeTokens({ accent: pale, background: WHITE }, 'light')
    expect(contrast(token(tokens, '--dse-accent'), WHITE)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(token(tokens, '--dse-accent'), WHITE)).toBeLessThan(5.5)
    expect(contrast(token(tokens, '--dse-focus'), WHITE)).toBeGreaterThanOrEqual(3)
    expect(contrast(token(tokens, '--dse-focus'), WHITE)).toBeLessThan(3.5)
  })

  it('follow a dark background: its scheme, lighter text and accent', () => {
    const night = hexColour('#0d1b2a')
    expect(schemeOf(night)).toBe('dark')
    const tokens = themeTokens({ background: night, accent: hexColour('#1d3557') }, 'light')
    expect(contrast(token(tokens, '--dse-fg'), night)).toBeGreaterThanOrEqual(7)
    const accent = token(tokens, '--dse-accent')
    expect(contrast(accent, night)).toBeGreaterThanOrEqual(4.5)
    expect(accent.r + accent.g + accent.b).toBeGreaterThan(0x1d + 0x35 + 0x57)
  })

  it('keep every pair AA, whatever colours the host gives', () => {
    const colour = fc.record({
      r: fc.integer({ min: 0, max: 255 }),
      g: fc.integer({ min: 0, max: 255 }),
      b: fc.integer({ min: 0, max: 255 }),
    })
    fc.assert(
      fc.property(colour, colour, fc.option(colour, { nil: undefined }), (accent, background, text) => {
        const tokens = themeTokens({ accent, background, ...(text ? { text } : {}) }, 'light')
        const get = (name: string) => token(tokens, `--dse-${name}`)
        for (const surface of ['bg', 'surface', 'header-bg', 'row-alt']) {
          expect(contrast(get('fg'), get(surface))).toBeGreaterThanOrEqual(4.5)
          expect(contrast(get('muted'), get(surface))).toBeGreaterThanOrEqual(4.5)
          expect(contrast(get('accent'), get(surface))).toBeGreaterThanOrEqual(4.5)
          expect(contrast(get('focus'), get(surface))).toBeGreaterThanOrEqual(3)
        }
        for (const tint of ['accent-soft', 'row-hover', 'info-bg']) {
          expect(contrast(get('accent'), get(tint))).toBeGreaterThanOrEqual(4.5)
          expect(contrast(get('fg'), get(tint))).toBeGreaterThanOrEqual(4.5)
        }
        expect(contrast(get('accent-fg'), get('accent'))).toBeGreaterThanOrEqual(4.5)
        expect(contrast(get('accent-fg'), get('accent-hover'))).toBeGreaterThanOrEqual(4.5)
      }),
      { numRuns: 300 },
    )
  })
})

describe('computed colours', () => {
  it('are read in the forms a browser writes, opaque only', () => {
    expect(parseComputedColour('rgb(29, 112, 184)')).toEqual({ r: 29, g: 112, b: 184 })
    expect(parseComputedColour('rgb(29 112 184)')).toEqual({ r: 29, g: 112, b: 184 })
    expect(parseComputedColour('color(srgb 1 0.5 0)')).toEqual({ r: 255, g: 128, b: 0 })
    expect(parseComputedColour('color(srgb 0.12549 0.41961 0.5098)')).toEqual({ r: 32, g: 107, b: 130 })
    expect(parseComputedColour('rgba(0, 0, 0, 0.5)')).toBeNull()
    expect(parseComputedColour('rgba(0, 0, 0, 0)')).toBeNull()
    expect(parseComputedColour('oklch(0.5 0.1 200)')).toBeNull()
  })
})
