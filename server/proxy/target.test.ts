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
