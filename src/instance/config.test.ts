import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

const origin = 'http://127.0.0.1:8080'

describe('readConfig', () => {
  it('uses the configured portal', () => {
    expect(readConfig({ portal: 'http://127.0.0.1:8080/en' }, origin)).toEqual({
      portal: 'http://127.0.0.1:8080/en',
      problems: [],
    })
  })

  it('falls back to the page origin with /en when nothing usable is configured', () => {
    expect(readConfig(undefined, origin).portal).toBe('http://127.0.0.1:8080/en')
    expect(readConfig({}, origin)).toEqual({ portal: 'http://127.0.0.1:8080/en', problems: [] })
    const bad = readConfig({ portal: 'javascript:alert(1)' }, origin)
    expect(bad.portal).toBe('http://127.0.0.1:8080/en')
    expect(bad.problems).toHaveLength(1)
    expect(readConfig('nope', origin).problems).toHaveLength(1)
  })

  it('adds the missing locale and reports it', () => {
    const config = readConfig({ portal: 'https://demo.ckan.org' }, origin)
    expect(config.portal).toBe('https://demo.ckan.org/en')
    expect(config.problems[0]).toMatch(/locale/)
  })

  it('reads the server’s proxy as an address on the page’s own origin, and nothing else', () => {
    expect(readConfig({ proxy: '/proxy' }, origin).proxy).toBe('http://127.0.0.1:8080/proxy')
    expect(readConfig({}, origin).proxy).toBeUndefined()
    for (const proxy of ['https://evil.example/proxy', '//evil.example/p', 42]) {
      const config = readConfig({ proxy }, origin)
      expect(config.proxy).toBeUndefined()
      expect(config.problems[0]).toMatch(/proxy/)
    }
  })

  it('reads the public address the server gives, for the embed snippets', () => {
    expect(readConfig({ publicUrl: 'https://data.example.org/explorer/' }, origin).publicUrl).toBe(
      'https://data.example.org/explorer',
    )
    expect(readConfig({}, origin).publicUrl).toBeUndefined()
    for (const publicUrl of ['javascript:alert(1)', 'https://x.org/?a=1', 'https://u:p@x.org', 'nope', 7]) {
      const config = readConfig({ publicUrl }, origin)
      expect(config.publicUrl).toBeUndefined()
      expect(config.problems[0]).toMatch(/publicUrl/)
    }
  })
})

describe('the map tiles in config.json', () => {
  it('takes an http(s) template with {z}, {x} and {y}, "none" for no tiles, and refuses anything else', () => {
    expect(readConfig({ tiles: 'https://tiles.example/{z}/{x}/{y}.png' }, 'https://a.example').tiles).toBe(
      'https://tiles.example/{z}/{x}/{y}.png',
    )
    expect(readConfig({ tiles: 'none' }, 'https://a.example').tiles).toBeNull()
    expect(readConfig({}, 'https://a.example').tiles).toBeUndefined()
    const bad = readConfig({ tiles: 'javascript:alert(1)//{z}{x}{y}' }, 'https://a.example')
    expect(bad.tiles).toBeUndefined()
    expect(bad.problems).toEqual([expect.stringContaining('"tiles"')])
  })
})
