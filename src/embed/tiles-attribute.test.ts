import { describe, expect, it } from 'vitest'
import { readTilesAttribute } from './tiles-attribute'

describe('the element’s tiles attribute', () => {
  it('takes an http(s) template with {z}, {x} and {y}, as config.json does', () => {
    expect(readTilesAttribute('https://tiles.example/{z}/{x}/{y}.png')).toEqual({
      config: { tiles: 'https://tiles.example/{z}/{x}/{y}.png' },
    })
    expect(readTilesAttribute(' http://127.0.0.1:9000/{z}/{x}/{y}.png ')).toEqual({
      config: { tiles: 'http://127.0.0.1:9000/{z}/{x}/{y}.png' },
    })
  })

  it('"none" or an empty attribute: no tiles, the outline only', () => {
    expect(readTilesAttribute('none')).toEqual({ config: { tiles: null } })
    expect(readTilesAttribute('')).toEqual({ config: { tiles: null } })
  })

  it('absent: the default tiles, and nothing to say', () => {
    expect(readTilesAttribute(null)).toEqual({ config: {} })
  })

  it('anything else keeps the default tiles and says which value was ignored', () => {
    for (const value of [
      'https://tiles.example/{z}/{x}.png',
      'javascript:alert(1)//{z}{x}{y}',
      'https://user:secret@tiles.example/{z}/{x}/{y}.png',
      'tiles.example/{z}/{x}/{y}.png',
      'false',
    ])
      expect(readTilesAttribute(value)).toEqual({ config: {}, ignored: { reason: 'tiles.bad', value } })
  })
})
