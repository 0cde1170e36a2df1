import { describe, expect, it } from 'vitest'
import { getRequestData, pythonRepr, type RawRequest } from '../http/request-data.ts'

function request(overrides: Partial<RawRequest>): RawRequest {
  return {
    method: 'GET',
    contentType: undefined,
    query: '',
    body: Buffer.alloc(0),
    tryUrlParams: true,
    ...overrides,
  }
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value))

describe('getRequestData (CKAN _get_request_data)', () => {
  it('turns a GET query string into a flat dict of strings', () => {
    expect(getRequestData(request({ query: 'resource_id=abc&limit=5&q=caf%C3%A9' }))).toEqual({
      ok: true,
      data: { resource_id: 'abc', limit: '5', q: 'café' },
    })
  })

  it('turns a repeated key into a list of strings', () => {
    expect(getRequestData(request({ query: 'fields=a&fields=b%2Cc&resource_id=x' }))).toEqual({
      ok: true,
      data: { fields: ['a', 'b,c'], resource_id: 'x' },
    })
  })

  it('keeps JSON types of a POST JSON body', () => {
    const body = json({ resource_id: 'x', filters: { a: ['1', '2'] }, include_total: false, limit: 5 })
    expect(
      getRequestData(request({ method: 'POST', contentType: 'application/json; charset=utf-8', body })),
    ).toEqual({
      ok: true,
      data: { resource_id: 'x', filters: { a: ['1', '2'] }, include_total: false, limit: 5 },
    })
  })

  it('lets the query string win over a JSON body on POST', () => {
    const result = getRequestData(
      request({
        method: 'POST',
        contentType: 'application/json',
        query: 'resource_id=from-url',
        body: json({ resource_id: 'from-body', limit: 1 }),
      }),
    )
    expect(result).toEqual({ ok: true, data: { resource_id: 'from-url' } })
  })

  it('reads form-encoded POST fields as strings, with repeated keys as lists', () => {
    const body = Buffer.from('resource_id=x&limit=5&filters=%7B%22a%22%3A%22b%22%7D&sort=a&sort=b')
    expect(
      getRequestData(request({ method: 'POST', contentType: 'application/x-www-form-urlencoded', body })),
    ).toEqual({
      ok: true,
      data: { resource_id: 'x', limit: '5', filters: '{"a":"b"}', sort: ['a', 'b'] },
    })
  })

  it('prefers form fields over the query string', () => {
    const body = Buffer.from('resource_id=form')
    const result = getRequestData(
      request({
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        query: 'resource_id=url',
        body,
      }),
    )
    expect(result).toEqual({ ok: true, data: { resource_id: 'form' } })
  })

  it('parses a single form field named by a JSON document (the legacy form trick)', () => {
    for (const value of ['', '1']) {
      const body = Buffer.from(`${encodeURIComponent('{"resource_id":"x","limit":3}')}=${value}`)
      expect(
        getRequestData(request({ method: 'POST', contentType: 'application/x-www-form-urlencoded', body })),
      ).toEqual({
        ok: true,
        data: { resource_id: 'x', limit: 3 },
      })
    }
  })

  it('refuses a form trick whose field name is not JSON', () => {
    const body = Buffer.from('not-json=')
    expect(
      getRequestData(request({ method: 'POST', contentType: 'application/x-www-form-urlencoded', body })),
    ).toEqual({
      ok: false,
      status: 400,
      detail: 'JSON Error: Error decoding JSON data.',
    })
  })

  it('answers bad JSON with CKAN’s JSON Error message', () => {
    const result = getRequestData(
      request({ method: 'POST', contentType: 'application/json', body: Buffer.from('{bad') }),
    )
    expect(result.ok).toBe(false)
    if (!result.ok && result.status === 400) {
      expect(result.detail).toMatch(
        /^JSON Error: Error decoding JSON data\. Error: .+ JSON data extracted from the request: \{bad$/,
      )
    } else throw new Error('expected a 400')
  })

  it('refuses JSON that is not an object, showing it as Python would', () => {
    const cases: Array<[string, string]> = [
      ['[1, 2]', '[1, 2]'],
      ['"text"', "'text'"],
      ['null', 'None'],
      ['true', 'True'],
      ['[{"a": false}]', "[{'a': False}]"],
    ]
    for (const [body, repr] of cases) {
      expect(
        getRequestData(request({ method: 'POST', contentType: 'application/json', body: Buffer.from(body) })),
      ).toEqual({
        ok: false,
        status: 400,
        detail: `JSON Error: Request data JSON decoded to ${repr} but it needs to be a dictionary.`,
      })
    }
  })

  it('answers a text/plain body like CKAN 2.11: 415 (an HTML page)', () => {
    const result = getRequestData(
      request({ method: 'POST', contentType: 'text/plain', body: json({ resource_id: 'x' }) }),
    )
    expect(result).toEqual({ ok: false, status: 415, html: true })
  })

  it('gives an empty dict when there is no data at all', () => {
    expect(getRequestData(request({}))).toEqual({ ok: true, data: {} })
    expect(getRequestData(request({ method: 'POST', contentType: 'application/json' }))).toEqual({
      ok: true,
      data: {},
    })
  })

  it('refuses GET for actions with side effects, and ignores their URL parameters on POST', () => {
    expect(getRequestData(request({ tryUrlParams: false, query: 'a=1' }))).toEqual({
      ok: false,
      status: 400,
      detail: 'JSON Error: Invalid request. Please use POST method for your request',
    })
    const result = getRequestData(
      request({
        method: 'POST',
        tryUrlParams: false,
        query: 'a=1',
        contentType: 'application/json',
        body: json({ b: 2 }),
      }),
    )
    expect(result).toEqual({ ok: true, data: { b: 2 } })
  })

  it('keeps a __proto__ key as plain data', () => {
    const result = getRequestData(
      request({
        method: 'POST',
        contentType: 'application/json',
        body: Buffer.from('{"__proto__": {"x": 1}}'),
      }),
    )
    expect(result.ok && Object.keys(result.data)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('pythonRepr', () => {
  it('escapes quotes in strings like Python', () => {
    expect(pythonRepr("it's")).toBe("'it\\'s'")
    expect(pythonRepr({ a: null })).toBe("{'a': None}")
  })
})
