import { describe, expect, it } from 'vitest'
import { createCkanClient } from '../api/ckan/ckan-client'
import { CkanError } from '../api/ckan/errors'
import type { ResourceSummary } from '../api/ckan/types'
import {
  LOADING_REFRESH_MS,
  resourceSearchQueryOptions,
  shouldRetry,
  SLOW_FAILURE_MS,
} from './datastore-queries'

describe('which failed calls are tried again', () => {
  it('tries a quick network or server failure again, twice at most', () => {
    const quick = new CkanError('network', 'Network error', { elapsedMs: 300 })
    expect(shouldRetry(0, quick)).toBe(true)
    expect(shouldRetry(1, new CkanError('server', 'HTTP 502'))).toBe(true)
    expect(shouldRetry(2, quick)).toBe(false)
  })

  it('reports at once a portal that hung before the connection dropped (no minute of “Loading…”)', () => {
    const hung = new CkanError('network', 'Network error', { elapsedMs: SLOW_FAILURE_MS + 20_000 })
    expect(shouldRetry(0, hung)).toBe(false)
  })

  it('never repeats what cannot change: refusals, time limits, cut-off answers', () => {
    for (const kind of ['slow-portal', 'validation', 'cors', 'proxy-refused', 'broken-answer'] as const) {
      expect(shouldRetry(0, new CkanError(kind, kind))).toBe(false)
    }
  })
})

describe('the list of tables while one is loading', () => {
  it('is asked again every few seconds while a table loads, and not once all are loaded', () => {
    const options = resourceSearchQueryOptions(createCkanClient(), { baseUrl: 'https://x.org' }, '')
    const interval = options.refetchInterval as (query: {
      state: { data?: ResourceSummary[] }
    }) => number | false
    const loading: ResourceSummary[] = [{ id: 'a', name: 'A', loading: { rowsLoaded: 1, rowsTotal: 2 } }]
    expect(interval({ state: { data: loading } })).toBe(LOADING_REFRESH_MS)
    expect(interval({ state: { data: [{ id: 'a', name: 'A', rows: 2 }] } })).toBe(false)
    expect(interval({ state: {} })).toBe(false)
  })
})
