import { describe, expect, it } from 'vitest'

import { actionUrl, callAction, encodeGetParams, MAX_GET_URL_LENGTH, prepareRequest } from '../client'

const portal = { baseUrl: 'https://open.canada.ca/data/en' }

type Reply = { status?: number; body: string; contentType?: string } | Error

function fakeFetch(reply: Reply | ((init: RequestInit) => Promise<Response>)) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(url), init: init ?? {} })
    if (typeof reply === 'function') return reply(init ?? {})
    if (reply instanceof Error) throw reply
    return new Response(reply.body, {
      status: reply.status ?? 200,
      headers: { 'content-type': reply.contentType ?? 'application/json;charset=utf-8' },
    })
  }
  return { calls, fetch: fetchImpl as typeof fetch }
}

const ok = (result: unknown) => JSON.stringify({ help: 'h', success: true, result })

describe('request building', () => {
  it('builds the action URL under the portal base URL', () => {
    expect(actionUrl('https://open.canada.ca/data/en/', 'datastore_search')).toBe(
      'https://open.canada.ca/data/en/api/3/action/datastore_search',
    )
    expect(actionUrl('https://x.org/data/en?x=1#y', 'resource_show')).toBe(
      'https://x.org/data/en/api/3/action/resource_show',
    )
    expect(() => actionUrl('https://x.org', '../admin')).toThrow()
    expect(() => actionUrl('javascript:alert(1)', 'datastore_search')).toThrow()
  })

  it('reports an unusable portal address as not CKAN instead of crashing', async () => {
    const fake = fakeFetch({ body: ok({}) })
    await expect(
      callAction({ baseUrl: 'not a url' }, 'datastore_search', {}, { fetch: fake.fetch }),
    ).rejects.toMatchObject({
      kind: 'not-ckan',
    })
    expect(fake.calls).toHaveLength(0)
  })

  it('encodes GET values the way CKAN parses them', () => {
    const query = encodeGetParams({
      resource_id: 'r1',
      q: 'a & b',
      filters: { 'the year': [2013], country: 'DE' },
      fields: ['a', 'the year'],
      sort: ['year desc', '"the name"'],
      include_total: false,
      plain: true,
      limit: 5,
      offset: undefined,
      language: null,
    })
    const params = new URLSearchParams(query)
    expect([...params.keys()]).toEqual([
      'resource_id',
      'q',
      'filters',
      'fields',
      'sort',
      'include_total',
      'plain',
      'limit',
    ])
    expect(params.get('q')).toBe('a & b')
    expect(JSON.parse(params.get('filters') ?? '')).toEqual({ 'the year': [2013], country: 'DE' })
    expect(params.get('fields')).toBe('a,the year')
    expect(params.get('sort')).toBe('year desc,"the name"')
    expect(params.get('include_total')).toBe('false')
    expect(params.get('plain')).toBe('true')
    expect(params.get('limit')).toBe('5')
  })

  it('uses a plain GET without headers or cookies when there is no token', () => {
    const request = prepareRequest(portal, 'datastore_search', { resource_id: 'r1', limit: 5 })
    expect(request.init.method).toBe('GET')
    expect(request.init.headers).toEqual({})
    expect(request.init.credentials).toBe('omit')
    expect(request.init.body).toBeUndefined()
    expect(request.url).toBe(
      'https://open.canada.ca/data/en/api/3/action/datastore_search?resource_id=r1&limit=5',
    )
  })

  it('sends the token raw in Authorization over POST, never in the URL', () => {
    const token = 'eyJ0eXAi.secret-token'
    const request = prepareRequest({ ...portal, token }, 'datastore_search', { resource_id: 'r1', limit: 5 })
    expect(request.init.method).toBe('POST')
    expect(request.init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: token })
    expect(request.url).toBe('https://open.canada.ca/data/en/api/3/action/datastore_search')
    expect(request.url).not.toContain('secret')
    expect(JSON.parse(String(request.init.body))).toEqual({ resource_id: 'r1', limit: 5 })
    expect(request.init.credentials).toBe('omit')
  })

  it('never attaches the token to a GET, even when GET is forced', () => {
    const request = prepareRequest(
      { ...portal, token: 'secret' },
      'datastore_search',
      { resource_id: 'r' },
      'GET',
    )
    expect(request.init.headers).toEqual({})
    expect(request.url).not.toContain('secret')
  })

  it('switches to POST JSON when the URL would be too long', () => {
    const longQ = 'x'.repeat(MAX_GET_URL_LENGTH)
    const request = prepareRequest(portal, 'datastore_search', { resource_id: 'r1', q: longQ })
    expect(request.init.method).toBe('POST')
    expect(request.init.headers).toEqual({ 'Content-Type': 'application/json' })
    expect(JSON.parse(String(request.init.body))).toEqual({ resource_id: 'r1', q: longQ })
  })

  it('switches to POST when a list item has a comma (CKAN would split it)', () => {
    const request = prepareRequest(portal, 'datastore_search', { resource_id: 'r1', sort: ['"a, b" desc'] })
    expect(request.init.method).toBe('POST')
    expect(JSON.parse(String(request.init.body))).toEqual({ resource_id: 'r1', sort: ['"a, b" desc'] })
  })

  it('keeps a field named __proto__ in a POST body', () => {
    const request = prepareRequest(
      portal,
      'datastore_search',
      { resource_id: 'r', filters: JSON.parse('{"__proto__":["x"]}') },
      'POST',
    )
    expect(String(request.init.body)).toBe('{"resource_id":"r","filters":{"__proto__":["x"]}}')
  })
})

describe('callAction', () => {
  it('returns the result of a successful answer and passes a signal', async () => {
    const fake = fakeFetch({ body: ok({ a: 1 }) })
    await expect(
      callAction(portal, 'datastore_search', { resource_id: 'r' }, { fetch: fake.fetch }),
    ).resolves.toEqual({ a: 1 })
    expect(fake.calls[0]?.init.signal).toBeInstanceOf(AbortSignal)
    expect(fake.calls[0]?.url).toBe(
      'https://open.canada.ca/data/en/api/3/action/datastore_search?resource_id=r',
    )
  })

  it('maps an HTML page to not-ckan', async () => {
    const fake = fakeFetch({
      status: 200,
      body: '<!doctype html><title>Portal</title>',
      contentType: 'text/html',
    })
    await expect(callAction(portal, 'datastore_search', {}, { fetch: fake.fetch })).rejects.toMatchObject({
      kind: 'not-ckan',
    })
  })

  it('maps a 200 JSON without the envelope to contract', async () => {
    const fake = fakeFetch({ body: '{"records": []}' })
    await expect(callAction(portal, 'datastore_search', {}, { fetch: fake.fetch })).rejects.toMatchObject({
      kind: 'contract',
    })
  })

  it('maps a bare JSON string 400 to bad-request with the text as detail', async () => {
    const fake = fakeFetch({ status: 400, body: '"Bad request - Action name not known: datastore_search"' })
    await expect(callAction(portal, 'datastore_search', {}, { fetch: fake.fetch })).rejects.toMatchObject({
      kind: 'bad-request',
      status: 400,
      detail: 'Bad request - Action name not known: datastore_search',
    })
  })

  it('gives up after the time limit with a slow-portal error', async () => {
    const never = (init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    const fake = fakeFetch(never)
    await expect(
      callAction(portal, 'datastore_search', {}, { fetch: fake.fetch, timeoutMs: 20 }),
    ).rejects.toMatchObject({ kind: 'slow-portal' })
  })

  it('reports a cancelled request as aborted', async () => {
    const controller = new AbortController()
    const never = (init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    const fake = fakeFetch(never)
    const pending = callAction(
      portal,
      'datastore_search',
      {},
      { fetch: fake.fetch, signal: controller.signal },
    )
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' })
  })

  it('reports an already-aborted signal as aborted without waiting', async () => {
    const never = (init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'))
      })
    const fake = fakeFetch(never)
    await expect(
      callAction(portal, 'datastore_search', {}, { fetch: fake.fetch, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ kind: 'aborted' })
  })

  it('reports a failed fetch as network when there is no page origin (Node)', async () => {
    const fake = fakeFetch(new TypeError('fetch failed'))
    await expect(callAction(portal, 'datastore_search', {}, { fetch: fake.fetch })).rejects.toMatchObject({
      kind: 'network',
    })
  })
})
