import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { CkanClient } from '../api/ckan/ckan-client'
import type { SearchRequest } from '../api/ckan/types'
import { viewSource } from './view-source'

const portal = { baseUrl: 'http://portal.test/en' }

function api(options: { throughProxy: boolean; operators: boolean }) {
  const asked: string[] = []
  const client = {
    throughProxy: () => options.throughProxy,
    filterOperators: async (_portal: unknown, resourceId: string) => {
      asked.push(resourceId)
      return options.operators
    },
  } as unknown as CkanClient
  return { client, asked }
}

const values: SearchRequest = { resourceId: 'cities', filters: { country: ['DE', 'FR'] }, limit: 0 }
const range: SearchRequest = { resourceId: 'cities', filters: { population: { gte: 1000 } }, limit: 0 }

describe('where every record of a view is read from', () => {
  it('is the dump wherever the portal applies every filter of the view', async () => {
    const modern = api({ throughProxy: false, operators: true })
    expect((await viewSource(modern.client, portal, range, new QueryClient())).dump).toBe(true)
    const old = api({ throughProxy: false, operators: false })
    expect((await viewSource(old.client, portal, values, new QueryClient())).dump).toBe(true)
    // values alone need no operators: the portal is not even asked
    expect(old.asked).toEqual([])
  })

  it('is pages where the dump cannot say the view: a range on a portal before 2.12, or through the proxy', async () => {
    const old = api({ throughProxy: false, operators: false })
    expect((await viewSource(old.client, portal, range, new QueryClient())).dump).toBe(false)
    expect(old.asked).toEqual(['cities'])
    const proxied = api({ throughProxy: true, operators: true })
    expect((await viewSource(proxied.client, portal, values, new QueryClient())).dump).toBe(false)
  })
})
