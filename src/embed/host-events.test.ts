import { describe, expect, it } from 'vitest'
import { CkanError, errorFromResponse } from '../api/ckan/errors'
import { errorDetail, readyDetail } from './host-events'

const ckanAnswer = (status: number, error: Record<string, unknown>) =>
  errorFromResponse(status, 'application/json', JSON.stringify({ success: false, error }))

describe('the element’s ready and error events', () => {
  it('say which table is ready and its total, null when the portal does not count', () => {
    expect(readyDetail('penguins', 344)).toEqual({ resource_id: 'penguins', total: 344 })
    expect(readyDetail('penguins', undefined)).toEqual({ resource_id: 'penguins', total: null })
  })

  it('name CKAN’s own errors with its __type, and the HTTP status', () => {
    expect(
      errorDetail(
        ckanAnswer(404, { __type: 'Not Found Error', message: 'Resource "x" was not found.' }),
        'x',
      ),
    ).toEqual({
      kind: 'not-found',
      type: 'Not Found Error',
      status: 404,
      message: 'Resource "x" was not found.',
      resource_id: 'x',
    })
    expect(errorDetail(ckanAnswer(403, { __type: 'Authorization Error' }), 'x')).toMatchObject({
      kind: 'forbidden',
      type: 'Authorization Error',
      status: 403,
    })
    expect(
      errorDetail(ckanAnswer(409, { __type: 'Validation Error', sort: ['field "nope" not in table'] }), 'x'),
    ).toMatchObject({ kind: 'validation', type: 'Validation Error', status: 409 })
    expect(
      errorDetail(ckanAnswer(409, { __type: 'Validation Error', query: ['Search took too long'] }), 'x'),
    ).toMatchObject({ kind: 'timeout', type: 'Validation Error' })
  })

  it('give failures around the portal a kind and no CKAN type', () => {
    expect(errorDetail(new CkanError('cors', 'Blocked'), null)).toEqual({
      kind: 'cors',
      type: null,
      status: null,
      message: 'Blocked',
      resource_id: null,
    })
    expect(errorDetail(new CkanError('timeout', 'Gateway timeout', { status: 504 }), 'x')).toMatchObject({
      kind: 'timeout',
      type: null,
      status: 504,
    })
    expect(errorDetail(new TypeError('odd'), 'x')).toMatchObject({ kind: 'contract', message: 'odd' })
  })
})
