import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { callAction } from '../client'
import { createCkanClient } from '../ckan-client'
import { CkanError } from '../errors'
import { createPortalRoutes } from '../portal-routes'

const PAGE = 'http://127.0.0.1:4174'
const PROXY = `${PAGE}/proxy`
const portal = { baseUrl: 'https://data.gov.il/he' }
const SEARCH_URL = 'https://data.gov.il/he/api/3/action/datastore_search'

const ok = (result: unknown) =>
  new Response(JSON.stringify({ help: 'h', success: true, result }), {
    headers: { 'content-type': 'application/json' },
  })
const blocked = () => new TypeError('Failed to fetch')

/** A fetch that blocks every cross-origin call, as a browser does for a portal without CORS headers. */
function browserFetch(answerThroughProxy: (url: URL, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input))
    calls.push({ url: url.href, init })
    if (url.origin !== PAGE) throw blocked()
    return answerThroughProxy(url, init)
  }
  return { calls, fetch: fetchImpl as typeof fetch }
}

beforeEach(() => {
  vi.stubGlobal('location', new URL(`${PAGE}/`))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('reaching a portal that blocks other websites', () => {
  it('repeats a blocked call through the proxy, then goes there directly: one request per change', async () => {
    const fake = browserFetch(() => ok({ records: [] }))
    const routes = createPortalRoutes(PROXY)
    const params = { resource_id: 'r1', q: 'חיפה' }

    await callAction(portal, 'datastore_search', params, { fetch: fake.fetch, routes })
    expect(fake.calls.map((call) => new URL(call.url).origin)).toEqual(['https://data.gov.il', PAGE])
    const viaProxy = new URL(fake.calls[1]!.url)
    expect(viaProxy.pathname).toBe('/proxy')
    expect(viaProxy.searchParams.get('url')).toBe(fake.calls[0]!.url)
    expect(new URL(viaProxy.searchParams.get('url')!).searchParams.get('q')).toBe('חיפה')

    fake.calls.length = 0
    await callAction(portal, 'datastore_search', params, { fetch: fake.fetch, routes })
    expect(fake.calls).toHaveLength(1)
    expect(new URL(fake.calls[0]!.url).pathname).toBe('/proxy')
  })

  it('forwards a POST with its body and token to the proxy, and never puts the token in a URL', async () => {
    const fake = browserFetch(() => ok({ records: [] }))
    const routes = createPortalRoutes(PROXY)
    await callAction(
      { ...portal, token: 'secret-token' },
      'datastore_search',
      { resource_id: 'r1' },
      {
        fetch: fake.fetch,
        routes,
      },
    )
    const [direct, proxied] = fake.calls
    expect(proxied!.init.method).toBe('POST')
    expect(proxied!.init.body).toBe(direct!.init.body)
    expect((proxied!.init.headers as Record<string, string>).Authorization).toBe('secret-token')
    expect(proxied!.init.credentials).toBe('omit')
    for (const call of fake.calls) expect(call.url).not.toContain('secret')
    expect(new URL(proxied!.url).searchParams.get('url')).toBe(SEARCH_URL)
  })

  it('keeps the plain CORS error when there is no proxy', async () => {
    const fake = browserFetch(() => ok({}))
    const failure = callAction(
      portal,
      'datastore_search',
      {},
      {
        fetch: fake.fetch,
        routes: createPortalRoutes(undefined),
      },
    )
    await expect(failure).rejects.toMatchObject({ kind: 'cors' })
    expect(fake.calls).toHaveLength(1)
  })

  it('shows the proxy’s own refusal in its words, and does not remember the portal', async () => {
    const message = 'This server does not fetch from private network addresses'
    const fake = browserFetch(
      () =>
        new Response(
          JSON.stringify({ help: '', success: false, error: { __type: 'Proxy Error', message } }),
          { status: 403, headers: { 'content-type': 'application/json' } },
        ),
    )
    const routes = createPortalRoutes(PROXY)
    const failure = callAction(portal, 'datastore_search', {}, { fetch: fake.fetch, routes })
    await expect(failure).rejects.toMatchObject({ kind: 'proxy-refused', message })
    expect(routes.throughProxy('https://data.gov.il')).toBe(false)
  })

  it('does not repeat a call that hung and then dropped: the user would wait twice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const fake = browserFetch(() => ok({}))
    const hangThenDrop = (async (input: string | URL | Request, init?: RequestInit) => {
      vi.setSystemTime(Date.now() + 27_000)
      return fake.fetch(input, init)
    }) as typeof fetch
    const failure = callAction(
      portal,
      'datastore_search',
      {},
      {
        fetch: hangThenDrop,
        routes: createPortalRoutes(PROXY),
      },
    )
    await expect(failure).rejects.toMatchObject({ kind: 'cors' })
    expect(fake.calls).toHaveLength(1)
    const error: unknown = await failure.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CkanError)
    expect((error as CkanError).elapsedMs).toBeGreaterThanOrEqual(27_000)
  })

  it('marks search results that came through the proxy', async () => {
    const fake = browserFetch(() =>
      ok({ fields: [{ id: 'a', type: 'text' }], records: [{ a: 'x' }], total: 1 }),
    )
    const api = createCkanClient({ fetch: fake.fetch, proxyUrl: PROXY })
    expect(api.throughProxy(portal)).toBe(false)
    const result = await api.datastoreSearch(portal, { resourceId: 'r1', limit: 10 })
    expect(result.throughProxy).toBe(true)
    expect(result.records).toEqual([{ a: 'x' }])
    expect(api.throughProxy(portal)).toBe(true)
    // another explorer on the page learns for itself
    expect(createCkanClient({ fetch: fake.fetch, proxyUrl: PROXY }).throughProxy(portal)).toBe(false)
  })
})

describe('answers cut off on the way', () => {
  it('calls truncated JSON a broken answer, not a web page', async () => {
    const truncated = (async () =>
      new Response('{"help": "h", "success": true, "result": {"records": [{"a": 1}, {"a"', {
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch
    const failure = callAction({ baseUrl: `${PAGE}/en` }, 'datastore_search', {}, { fetch: truncated })
    await expect(failure).rejects.toMatchObject({ kind: 'broken-answer' })
  })

  it('still calls an HTML page not CKAN', async () => {
    const html = (async () =>
      new Response('<!doctype html><p>Welcome', { headers: { 'content-type': 'text/html' } })) as typeof fetch
    await expect(
      callAction({ baseUrl: `${PAGE}/en` }, 'datastore_search', {}, { fetch: html }),
    ).rejects.toMatchObject({ kind: 'not-ckan' })
  })
})
