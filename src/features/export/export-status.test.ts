import { describe, expect, it } from 'vitest'
import { CkanError } from '../../api/ckan/errors'
import { failureReason } from './export-status'
import { IncompleteStreamError } from '../../api/ckan/view-stream'

describe('why an export failed', () => {
  it('in plain words', () => {
    expect(failureReason(new CkanError('network', 'x'))).toEqual({ kind: 'network' })
    expect(failureReason(new CkanError('server', 'HTTP 503', { status: 503 }))).toEqual({ kind: 'server' })
    expect(failureReason(new CkanError('bad-request', 'HTTP 429', { status: 429 }))).toEqual({ kind: 'busy' })
    expect(failureReason(new IncompleteStreamError(10, 12))).toEqual({
      kind: 'incomplete',
      records: 10,
      total: 12,
    })
    expect(
      failureReason(new CkanError('validation', 'v', { fieldErrors: { sort: ['invalid value "x"'] } })),
    ).toEqual({ kind: 'refused', detail: 'sort: invalid value "x"' })
    expect(failureReason(new DOMException('The disk is full', 'QuotaExceededError'))).toEqual({
      kind: 'disk',
      detail: 'The disk is full',
    })
  })
})
