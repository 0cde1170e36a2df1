import { describe, expect, it } from 'vitest'

import { formatSort } from '../../api/ckan/ckan-syntax'
import { toSearchParams } from '../../api/ckan/datastore-search'
import { DEFAULT_STATE, type ExplorerState } from '../explorer-state'
import { TOTAL_ESTIMATION_THRESHOLD, toSearchRequest } from '../to-search-request'

const page = { pageOffset: 0, pageLimit: 100, includeTotal: true }
const state = (patch: Partial<ExplorerState>): ExplorerState => ({
  ...DEFAULT_STATE,
  resourceId: 'r1',
  ...patch,
})

/** The request's sort as CKAN reads it. */
const sortText = (explorer: ExplorerState) => formatSort(toSearchRequest(explorer, page).sort ?? [])

describe('toSearchRequest', () => {
  it('sorts by _id alone when no sort is chosen, so pages are stable', () => {
    expect(toSearchRequest(state({}), page)).toEqual({
      resourceId: 'r1',
      limit: 100,
      sort: [{ field: '_id', desc: false }],
      includeTotal: true,
      totalEstimationThreshold: TOTAL_ESTIMATION_THRESHOLD,
    })
  })

  it('adds _id as the last key after the user sort, once', () => {
    expect(sortText(state({ sort: [{ field: 'the year', desc: true }] }))).toBe('"the year" desc, _id desc')
    expect(sortText(state({ sort: [{ field: '_id', desc: true }] }))).toBe('_id desc')
  })

  it('runs the _id tiebreak in the direction of the last key, so an index can serve the order', () => {
    const sorted = (sort: { field: string; desc: boolean }[]) => sortText(state({ sort }))
    expect(sorted([{ field: 'year', desc: false }])).toBe('year, _id')
    expect(
      sorted([
        { field: 'year', desc: true },
        { field: 'country', desc: false },
      ]),
    ).toBe('year desc, country, _id')
    expect(
      sorted([
        { field: 'year', desc: false },
        { field: 'country', desc: true },
      ]),
    ).toBe('year, country desc, _id desc')
  })

  it('sends a sanitised prefix tsquery with plain=false in prefix mode', () => {
    const request = toSearchRequest(state({ q: "berl zür'" }), page)
    expect(request.q).toBe("'berl':* & 'zür':*")
    expect(request.plain).toBe(false)
  })

  it('sends no q when the words hold nothing searchable', () => {
    const request = toSearchRequest(state({ q: '!!! ' }), page)
    expect(request).not.toHaveProperty('q')
    expect(request).not.toHaveProperty('plain')
  })

  it('sends q as typed in plain mode, with CKAN’s default plain', () => {
    const request = toSearchRequest(state({ q: 'jones & co', searchMode: 'plain' }), page)
    expect(request.q).toBe('jones & co')
    expect(request).not.toHaveProperty('plain')
    expect(toSearchRequest(state({ q: '  ', searchMode: 'plain' }), page)).not.toHaveProperty('q')
  })

  it('passes filters, paging and totals', () => {
    const request = toSearchRequest(
      state({
        filters: [
          { kind: 'values', field: 'country', values: ['DE', 'UK'] },
          { kind: 'values', field: 'empty', values: [] },
          { kind: 'range', field: 'elevation', lower: { value: 1000, inclusive: true } },
        ],
      }),
      {
        pageOffset: 200,
        pageLimit: 50,
        includeTotal: false,
      },
    )
    expect(request).toMatchObject({
      filters: { country: ['DE', 'UK'], elevation: { gte: 1000 } },
      offset: 200,
      limit: 50,
      includeTotal: false,
    })
    expect(request).not.toHaveProperty('totalEstimationThreshold')
    expect(toSearchParams(request)).toEqual({
      resource_id: 'r1',
      filters: { country: ['DE', 'UK'], elevation: { gte: 1000 } },
      limit: 50,
      offset: 200,
      sort: ['_id'],
      include_total: false,
    })
  })

  it('refuses a state without a resource', () => {
    expect(() => toSearchRequest(DEFAULT_STATE, page)).toThrow()
  })
})
