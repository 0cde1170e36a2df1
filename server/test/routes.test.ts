import { describe, expect, it } from 'vitest'
import { hasSideEffects, isLocale, matchRoute } from '../http/routes.ts'

describe('matchRoute', () => {
  it('routes both action URL forms', () => {
    expect(matchRoute('/api/action/datastore_search')).toEqual({
      kind: 'action',
      name: 'datastore_search',
      locale: undefined,
      apiPath: '/api/action/datastore_search',
    })
    expect(matchRoute('/api/3/action/resource_show')).toMatchObject({ kind: 'action', name: 'resource_show' })
  })

  it('strips any CKAN locale segment and remembers it for the help URL', () => {
    for (const locale of ['en', 'fr', 'pt_BR', 'zh_Hant_TW', 'sr_Latn', 'fil']) {
      expect(matchRoute(`/${locale}/api/3/action/datastore_search`)).toEqual({
        kind: 'action',
        name: 'datastore_search',
        locale,
        apiPath: '/api/3/action/datastore_search',
      })
    }
  })

  it('sends other API versions, trailing slashes and non-locales to the HTML 404', () => {
    for (const path of [
      '/api/4/action/datastore_search',
      '/api/2/action/datastore_search',
      '/api/3/action/datastore_search/',
      '/api/3/action/',
      '/EN/api/3/action/datastore_search',
      '/english/api/3/action/x',
      '/api/3/nothing',
    ]) {
      expect(matchRoute(path), path).toEqual(
        path.startsWith('/api') ? { kind: 'api-not-found' } : { kind: 'app', path },
      )
    }
  })

  it('answers the API version endpoints', () => {
    expect(matchRoute('/api')).toEqual({ kind: 'api-version', version: 1 })
    expect(matchRoute('/api/3')).toEqual({ kind: 'api-version', version: 3 })
    expect(matchRoute('/fr/api/2')).toEqual({ kind: 'api-version', version: 2 })
  })

  it('leaves app paths and config.json alone', () => {
    expect(matchRoute('/')).toEqual({ kind: 'app', path: '/' })
    expect(matchRoute('/en')).toEqual({ kind: 'app', path: '/en' })
    expect(matchRoute('/assets/index-abc.js')).toEqual({ kind: 'app', path: '/assets/index-abc.js' })
    expect(matchRoute('/config.json')).toEqual({ kind: 'config' })
  })

  it('decodes percent-encoded action names and rejects broken encodings', () => {
    expect(matchRoute('/api/3/action/a%20b')).toMatchObject({ kind: 'action', name: 'a b' })
    expect(matchRoute('/api/3/action/%E0%A4%A')).toEqual({ kind: 'api-not-found' })
  })
})

describe('isLocale / hasSideEffects', () => {
  it('accepts locale codes only', () => {
    expect(['en', 'pt_BR', 'zh_Hant_TW'].every(isLocale)).toBe(true)
    expect(['api', 'EN', 'en-US', 'e', 'abcd'].some(isLocale)).toBe(false)
  })

  it('marks write actions, whose GET CKAN refuses', () => {
    expect(hasSideEffects('datastore_create')).toBe(true)
    expect(hasSideEffects('datastore_search')).toBe(false)
    expect(hasSideEffects('package_search')).toBe(false)
  })
})
