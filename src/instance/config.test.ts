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
})
