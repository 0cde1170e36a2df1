import { describe, expect, it } from 'vitest'
import { chooseLocale, portalLocale } from './choose-locale'

describe('the interface language', () => {
  it('follows the link first, then the portal, then the browser, then English', () => {
    const portalBaseUrl = 'https://data.example.org/fr'
    expect(chooseLocale({ link: 'en', portalBaseUrl, browser: ['fr-FR'] })).toBe('en')
    expect(chooseLocale({ link: null, portalBaseUrl, browser: ['en-GB'] })).toBe('fr')
    expect(
      chooseLocale({ link: null, portalBaseUrl: 'https://x.org/de', browser: ['de', 'fr-CA', 'en'] }),
    ).toBe('fr')
    expect(chooseLocale({ link: null, portalBaseUrl: 'https://x.org/data', browser: ['de', 'ja'] })).toBe(
      'en',
    )
  })

  it('reads the portal’s language from the last segment of its address, when we speak it', () => {
    expect(portalLocale('https://open.canada.ca/data/fr')).toBe('fr')
    expect(portalLocale('https://open.canada.ca/data/fr/')).toBe('fr')
    expect(portalLocale('https://data.gov.il/he')).toBe('he')
    expect(portalLocale('https://ckan.example.org/pt_BR')).toBeNull()
    expect(portalLocale('not a url')).toBeNull()
  })
})
