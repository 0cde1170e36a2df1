import { describe, expect, it } from 'vitest'
import { profileRequests, PROFILE_SAMPLE, valueCountRequest } from './profile-requests'

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
})
