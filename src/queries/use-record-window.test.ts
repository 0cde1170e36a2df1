import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { SearchRequest } from '../api/ckan/types'
import { datastoreKeys } from './datastore-keys'

const request: SearchRequest = { resourceId: 'r', limit: 500, includeTotal: true }

describe('cancellation of pages that leave the window', () => {
  it('aborts an in-flight page request when its last observer goes away', async () => {
    const client = new QueryClient()
    let aborted = false
    const key = datastoreKeys.search({ baseUrl: 'https://example.org/data/en' }, request)
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: ({ signal }) =>
        new Promise<number>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true
            resolve(0)
          })
        }),
    })
    const unsubscribe = observer.subscribe(() => {})
    await Promise.resolve()
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching')
    unsubscribe()
    expect(aborted).toBe(true)
    expect(client.getQueryState(key)?.fetchStatus).toBe('idle')
  })
})
