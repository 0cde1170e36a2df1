import { describe, expect, it } from 'vitest'

import { errorFromFetchFailure, errorFromResponse, invalidField } from '../errors'

const json = 'application/json;charset=utf-8'
const envelope = (error: unknown) => JSON.stringify({ help: 'h', success: false, error })

describe('errorFromResponse', () => {
  it.each([
    [404, { __type: 'Not Found Error', message: 'Not found: Resource "x" was not found.' }, 'not-found'],
    [404, { __type: 'Not Found Error', message: 'Introuvable' }, 'not-found'],
    [
      403,
      { __type: 'Authorization Error', message: 'Access denied: User  not authorized to read resource x' },
      'forbidden',
    ],
    [409, { __type: 'Validation Error', filters: ['invalid value "nope"'] }, 'validation'],
    [409, { __type: 'Validation Error', query: ['Search took too long'] }, 'timeout'],
    [
      409,
      { __type: 'Validation Error', query: ['Invalid query'], info: { orig: ['syntax error in tsquery'] } },
      'invalid-query',
    ],
    [500, { __type: 'Internal Server Error', message: 'Internal Server Error' }, 'server'],
    [400, { __type: 'Integrity Error', message: 'm', data: {} }, 'bad-request'],
  ])('maps HTTP %i %j to %s', (status, error, kind) => {
    expect(errorFromResponse(status, json, envelope(error))).toMatchObject({ kind, status })
  })

  it('branches on the body, not the status (a 200 that says success: false)', () => {
    expect(errorFromResponse(200, json, envelope({ __type: 'Not Found Error', message: 'x' })).kind).toBe(
      'not-found',
    )
  })

  it('keeps field errors and puts nested info (SQL) in the details only', () => {
    const error = errorFromResponse(
      409,
      json,
      envelope({ __type: 'Validation Error', query: ['Invalid query'], info: { statement: ['SELECT 1'] } }),
    )
    expect(error.fieldErrors).toEqual({ query: ['Invalid query'] })
    expect(error.detail).toContain('SELECT 1')
  })

  it('reads a bare JSON string 400 as bad-request', () => {
    const error = errorFromResponse(400, json, '"Bad request - JSON Error: Error decoding JSON data."')
    expect(error).toMatchObject({
      kind: 'bad-request',
      detail: 'Bad request - JSON Error: Error decoding JSON data.',
    })
  })

  it('reads HTML bodies by content type or first character', () => {
    expect(errorFromResponse(404, 'text/html; charset=utf-8', 'Not found').kind).toBe('not-ckan')
    expect(errorFromResponse(200, 'application/json', '  <html><body>WAF</body></html>').kind).toBe(
      'not-ckan',
    )
    expect(errorFromResponse(415, null, '<!DOCTYPE html>').kind).toBe('not-ckan')
  })

  it('reads a gateway 504 page as a search that took too long, and other 5xx pages as server errors', () => {
    expect(errorFromResponse(504, 'text/html', '<html>Gateway Time-out</html>').kind).toBe('timeout')
    expect(errorFromResponse(502, 'text/html', '<html>Bad Gateway</html>').kind).toBe('server')
    expect(errorFromResponse(503, 'text/plain', 'Service Unavailable').kind).toBe('server')
  })

  it('reads non-JSON text as not CKAN and keeps a short excerpt', () => {
    const error = errorFromResponse(200, 'text/plain', 'x'.repeat(5000))
    expect(error.kind).toBe('not-ckan')
    expect(error.detail?.length).toBeLessThan(600)
  })

  it('reads a JSON error without __type by its status', () => {
    expect(errorFromResponse(409, json, envelope({ limit: ['Invalid integer'] })).kind).toBe('validation')
    expect(errorFromResponse(403, json, '{"message":"no"}').kind).toBe('forbidden')
  })
})

describe('errorFromFetchFailure', () => {
  it('calls a cross-origin TypeError cors, and a same-origin one network', () => {
    const failure = new TypeError('Failed to fetch')
    expect(
      errorFromFetchFailure(failure, 'https://portal.example/api', 'https://explorer.example').kind,
    ).toBe('cors')
    expect(
      errorFromFetchFailure(failure, 'https://explorer.example/api', 'https://explorer.example').kind,
    ).toBe('network')
    expect(errorFromFetchFailure(failure, 'https://portal.example/api', undefined).kind).toBe('network')
  })

  it('calls an AbortError aborted', () => {
    expect(errorFromFetchFailure(new DOMException('x', 'AbortError'), 'https://a.b/').kind).toBe('aborted')
  })
})

describe('invalidField', () => {
  it('names the refused column of a filter, sort or fields error', () => {
    expect(invalidField({ filters: ['invalid value "the year"'] })).toEqual({
      part: 'filters',
      field: 'the year',
    })
    expect(invalidField({ sort: ['invalid value "füü asc"'] })).toEqual({ part: 'sort', field: 'füü' })
    expect(invalidField({ sort: ['invalid value "\\"the name\\" desc"'.replaceAll('\\', '')] })).toEqual({
      part: 'sort',
      field: 'the name',
    })
    expect(invalidField({ fields: ['invalid value "x"'] })).toEqual({ part: 'fields', field: 'x' })
    expect(invalidField({ limit: ['Invalid integer'] })).toBeNull()
  })
})
