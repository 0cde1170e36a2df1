import { describe, expect, it } from 'vitest'
import { canonicalPortalUrl, normalisePortalUrl, portalHost } from '../portal-url'

describe('normalisePortalUrl', () => {
  it('keeps a base URL that already ends in a locale', () => {
    expect(normalisePortalUrl('https://open.canada.ca/data/en')).toEqual({
      ok: true,
      baseUrl: 'https://open.canada.ca/data/en',
      addedLocale: false,
    })
    expect(normalisePortalUrl('http://127.0.0.1:8080/pt_BR/')).toEqual({
      ok: true,
      baseUrl: 'http://127.0.0.1:8080/pt_BR',
      addedLocale: false,
    })
  })

  it('adds /en when the address has no locale, and says so', () => {
    expect(normalisePortalUrl('https://demo.ckan.org')).toEqual({
      ok: true,
      baseUrl: 'https://demo.ckan.org/en',
      addedLocale: true,
    })
    expect(normalisePortalUrl('https://open.canada.ca/data/')).toMatchObject({
      baseUrl: 'https://open.canada.ca/data/en',
      addedLocale: true,
    })
  })

  it('accepts a bare host name as https', () => {
    expect(normalisePortalUrl('  demo.ckan.org ')).toMatchObject({
      ok: true,
      baseUrl: 'https://demo.ckan.org/en',
    })
  })

  it('drops an API path, query and fragment pasted with the address', () => {
    expect(
      normalisePortalUrl('https://data.gov.il/he/api/3/action/datastore_search?resource_id=x#top'),
    ).toMatchObject({ ok: true, baseUrl: 'https://data.gov.il/he', addedLocale: false })
    expect(normalisePortalUrl('https://demo.ckan.org/api/action/package_search')).toMatchObject({
      baseUrl: 'https://demo.ckan.org/en',
      addedLocale: true,
    })
  })

  it('refuses what is not an http(s) address', () => {
    expect(normalisePortalUrl('')).toEqual({ ok: false, reason: 'empty' })
    expect(normalisePortalUrl('javascript:alert(1)')).toEqual({ ok: false, reason: 'not-http' })
    expect(normalisePortalUrl('ftp://example.org/en')).toEqual({ ok: false, reason: 'not-http' })
    expect(normalisePortalUrl('http://')).toEqual({ ok: false, reason: 'not-url' })
    expect(normalisePortalUrl('http://exa mple.org')).toEqual({ ok: false, reason: 'not-url' })
    expect(normalisePortalUrl('not a portal')).toEqual({ ok: false, reason: 'not-url' })
    expect(normalisePortalUrl('https://exa%20mple.org/en')).toEqual({ ok: false, reason: 'not-url' })
  })

  it('keeps the portal part of a pasted dataset page address', () => {
    expect(normalisePortalUrl('https://open.canada.ca/data/en/dataset/abc/resource/def')).toMatchObject({
      baseUrl: 'https://open.canada.ca/data/en',
      addedLocale: false,
    })
    expect(normalisePortalUrl('https://demo.ckan.org/dataset')).toMatchObject({
      baseUrl: 'https://demo.ckan.org/en',
      addedLocale: true,
    })
  })
})

describe('portalHost', () => {
  it('shows host and port', () => {
    expect(portalHost('http://127.0.0.1:8080/en')).toBe('127.0.0.1:8080')
    expect(portalHost('https://open.canada.ca/data/en')).toBe('open.canada.ca')
  })
})

describe('canonicalPortalUrl', () => {
  it('gives links and comparisons one form, and refuses what is not an http(s) portal', () => {
    expect(canonicalPortalUrl(' https://Demo.CKAN.org/en/?q=1#x ')).toBe('https://demo.ckan.org/en')
    expect(canonicalPortalUrl('https://demo.ckan.org')).toBe('https://demo.ckan.org')
    expect(canonicalPortalUrl('ftp://demo.ckan.org/en')).toBeNull()
    expect(canonicalPortalUrl('https://user:secret@demo.ckan.org/en')).toBeNull()
    expect(canonicalPortalUrl('demo.ckan.org')).toBeNull()
  })

  it('leaves what normalisePortalUrl returns unchanged', () => {
    for (const typed of ['demo.ckan.org', 'https://open.canada.ca/data/', 'http://127.0.0.1:8080/pt_BR/']) {
      const result = normalisePortalUrl(typed)
      if (!result.ok) throw new Error(typed)
      expect(canonicalPortalUrl(result.baseUrl)).toBe(result.baseUrl)
    }
  })
})
