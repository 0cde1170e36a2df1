import { describe, expect, it } from 'vitest'
import {
  profiledFieldIds,
  profileRequests,
  PROFILE_SAMPLE,
  sampleRequest,
  valueCountRequest,
} from './profile-requests'

const view = {
  resourceId: 'r',
  q: 'mont:*',
  plain: false,
  filters: { country: ['France'] },
  sort: [{ field: 'year', desc: true }],
  limit: 100,
  offset: 300,
}

describe('the requests of a column profile', () => {
  it('follow the search and filters, never the sort, limit or offset', () => {
    const requests = profileRequests(view, 'population')
    for (const request of Object.values(requests)) {
      expect(request).toMatchObject({
        resourceId: 'r',
        q: 'mont:*',
        plain: false,
        filters: { country: ['France'] },
      })
      expect(request.offset).toBeUndefined()
    }
    expect(requests.total).toEqual({
      resourceId: 'r',
      q: 'mont:*',
      plain: false,
      filters: { country: ['France'] },
      limit: 0,
      includeTotal: true,
    })
    expect(requests.min.sort).toEqual([{ field: 'population', desc: false }])
    expect(requests.max.sort).toEqual([{ field: 'population', desc: true }])
    expect(requests.distinct).toMatchObject({
      distinct: true,
      fields: ['population'],
      limit: 0,
      includeTotal: true,
    })
    expect(requests.sample).toMatchObject({ fields: ['population'], limit: PROFILE_SAMPLE })
  })

  it('count one value with a filter on it, keeping the view’s other filters', () => {
    expect(valueCountRequest(view, 'city', 'Nîmes')).toMatchObject({
      filters: { country: ['France'], city: ['Nîmes'] },
      limit: 0,
      includeTotal: true,
    })
  })

  it('share one sample of every data column between the strip and each column’s panel', () => {
    const ids = profiledFieldIds([
      { id: '_id', type: 'int' },
      { id: 'city', type: 'text' },
      { id: 'population', type: 'int' },
      { id: 'rank', type: 'float' },
    ])
    expect(ids).toEqual(['city', 'population'])
    const forCity = profileRequests(view, 'city', ids).sample
    const forPopulation = profileRequests(view, 'population', ids).sample
    expect(forCity).toEqual(forPopulation)
    expect(forCity).toEqual(sampleRequest(view, ids))
    expect(forCity).toMatchObject({
      fields: ['city', 'population'],
      limit: PROFILE_SAMPLE,
      includeTotal: false,
    })
    expect(forCity.sort).toBeUndefined()
  })

  it('read fewer records of a wide table, never fewer than 500', () => {
    const columns = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`)
    expect(sampleRequest(view, columns(40)).limit).toBe(PROFILE_SAMPLE)
    expect(sampleRequest(view, columns(100)).limit).toBe(2000)
    expect(sampleRequest(view, columns(1000)).limit).toBe(500)
  })
})
