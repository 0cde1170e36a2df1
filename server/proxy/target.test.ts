import { describe, expect, it } from 'vitest'
import { readAllowedOrigin, readTarget } from './target.ts'

const none: ReadonlySet<string> = new Set()

describe('what the proxy will fetch', () => {
  it('takes a read-only action of an https portal, with its query string', () => {
    const target = readTarget('https://data.gov.il/api/3/action/datastore_search?resource_id=x&q=חיפה', none)
    expect(target).toMatchObject({ ok: true, action: 'datastore_search' })
    if (target.ok) expect(target.url.searchParams.get('q')).toBe('חיפה')
    expect(readTarget('https://data.gov.sg/api/action/package_search', none)).toMatchObject({ ok: true })
    expect(readTarget('https://open.canada.ca/data/en/api/3/action/resource_show?id=1', none)).toMatchObject({
      ok: true,
    })
  })

  it('refuses http:, unless that origin was allowed by name', () => {
    expect(readTarget('http://data.gov.il/api/3/action/datastore_search', none)).toEqual({
      ok: false,
      problem: 'not-https',
    })
    const allowed = new Set(['http://127.0.0.1:9000'])
    expect(readTarget('http://127.0.0.1:9000/en/api/3/action/datastore_search', allowed)).toMatchObject({
      ok: true,
    })
  })

  it('refuses write actions and anything that is not a CKAN action', () => {
    for (const action of [
      'datastore_upsert',
      'datastore_delete',
      'datastore_create',
      'package_update',
      'user_show',
    ])
      expect(readTarget(`https://x.org/api/3/action/${action}`, none)).toEqual({
        ok: false,
        problem: 'write-action',
      })
    expect(readTarget('https://x.org/dataset/abc', none)).toEqual({ ok: false, problem: 'not-action' })
    expect(readTarget('https://x.org/api/3/action/datastore_search/../../admin', none)).toMatchObject({
      ok: false,
    })
  })

  it('takes a plausible portal prefix before /api/: segments of letters, digits, -, _ and .', () => {
    for (const prefix of ['', '/en', '/data/en', '/open-data/pt_BR', '/ckan.v2/fr', '/a/b/c/d'])
      expect(readTarget(`https://x.org${prefix}/api/3/action/package_search`, none), prefix).toMatchObject({
        ok: true,
        kind: 'action',
        action: 'package_search',
      })
  })

  it('refuses any other path before /api/, however the rest of it reads', () => {
    for (const raw of [
      'https://host/etc/passwd&x=/api/3/action/package_search',
      'https://host/a;b/api/3/action/package_search',
      'https://host/a=b/api/3/action/package_search',
      'https://host/a%2Fb/api/3/action/package_search',
      'https://host/a%2fb/api/3/action/package_search',
      'https://host/a%5Cb/api/3/action/package_search',
      'https://host/%2e%2e/api/3/action/package_search',
      'https://host/../api/3/action/package_search',
      'https://host/en/../api/3/action/package_search',
      'https://host/en/./api/3/action/package_search',
      'https://host/en/.%2E/api/3/action/package_search',
      'https://host/en\\..\\api/3/action/package_search',
      'https://host//api/3/action/package_search',
      'https://host/en//api/3/action/package_search',
      'https://host/.\t./api/3/action/package_search',
      'https://host/e\nn/api/3/action/package_search',
      'https://host/en%00/api/3/action/package_search',
      'https://host/caf%C3%A9/api/3/action/package_search',
      'https://host/a b/api/3/action/package_search',
      'https://host/a~b/api/3/action/package_search',
      'https://host/api/3/action/package_search/',
      'https://host/api/3/action/package_search;x',
      'https://host/api/3/action/package_search%00',
    ])
      expect(readTarget(raw, none), raw).toEqual({ ok: false, problem: 'odd-path' })
    // in the query string, the action is not the path at all
    expect(readTarget('https://host/etc/passwd?x=/api/3/action/package_search', none)).toEqual({
      ok: false,
      problem: 'not-action',
    })
  })

  it('takes a table’s dump, GET-only, with the same prefix rule', () => {
    const dump = readTarget(
      'https://open.canada.ca/data/en/datastore/dump/0b1c2d3e-aaaa-bbbb-cccc-0123456789ab?format=tsv',
      none,
    )
    expect(dump).toMatchObject({ ok: true, kind: 'dump', resourceId: '0b1c2d3e-aaaa-bbbb-cccc-0123456789ab' })
    expect(readTarget('https://x.org/datastore/dump/generated-cities', none)).toMatchObject({
      ok: true,
      kind: 'dump',
    })
    for (const raw of [
      'https://host/etc/passwd&x=/datastore/dump/abc',
      'https://host/datastore/dump/..',
      'https://host/datastore/dump/a%2Fb',
      'https://host/datastore/dump/',
      'https://host/datastore/dump/abc/',
    ])
      expect(readTarget(raw, none), raw).toMatchObject({ ok: false })
    expect(readTarget('https://host/datastore/dump', none)).toEqual({ ok: false, problem: 'not-action' })
  })

  it('refuses what is not a web address, and addresses with a user name or password', () => {
    expect(readTarget(null, none)).toEqual({ ok: false, problem: 'missing' })
    expect(readTarget('not a url', none)).toEqual({ ok: false, problem: 'not-url' })
    expect(readTarget('file:///etc/passwd', none)).toEqual({ ok: false, problem: 'not-url' })
    expect(readTarget('https://user:pw@x.org/api/3/action/datastore_search', none)).toEqual({
      ok: false,
      problem: 'credentials',
    })
  })

  it('reads --proxy-allow origins, and nothing else', () => {
    expect(readAllowedOrigin('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000')
    expect(readAllowedOrigin('https://intranet.example/')).toBe('https://intranet.example')
    expect(readAllowedOrigin('https://intranet.example/data/en')).toBeNull()
    expect(readAllowedOrigin('ftp://x')).toBeNull()
    expect(readAllowedOrigin('nope')).toBeNull()
  })
})
