import { describe, expect, it } from 'vitest'
import type { SearchRequest } from '../api/ckan/types'
import { effectiveRequest, planSortChange, sameExceptSort } from './sort-decision'

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ _id: index + 1 }))
const request: SearchRequest = { resourceId: 'penguins', limit: 500, offset: 0, includeTotal: true }

describe('planSortChange', () => {
  it('sorts locally when the whole result is loaded, keeping the request that loaded it', () => {
    const plan = planSortChange({ records: rows(344), total: 344, totalWasEstimated: false }, request)
    expect(plan).toEqual({ kind: 'local', request })
  })

  it('asks the portal when only part of the result is loaded, or nothing is yet', () => {
    expect(planSortChange({ records: rows(500), total: 12_345, totalWasEstimated: false }, request)).toEqual({
      kind: 'server',
    })
    expect(planSortChange(undefined, undefined)).toEqual({ kind: 'server' })
  })
})

describe('effectiveRequest', () => {
  const base = { ...request, sort: [{ field: 'species', desc: false }] }

  it('keeps the loaded request while only the sort changed, and sorts locally', () => {
    expect(effectiveRequest({ ...request, sort: [{ field: 'island', desc: true }] }, base)).toEqual({
      request: base,
      sortLocally: true,
    })
    // back to the sort the data was fetched with: nothing to do locally
    expect(effectiveRequest(base, base)).toEqual({ request: base, sortLocally: false })
    // the same keys in a new list (a new render) are the same sort
    const again = { ...request, sort: [{ field: 'species', desc: false }] }
    expect(effectiveRequest(again, base).sortLocally).toBe(false)
  })

  it('goes to the portal as soon as anything other than the sort changes', () => {
    const searched = { ...request, q: 'adelie', sort: [{ field: 'island', desc: true }] }
    expect(effectiveRequest(searched, base)).toEqual({ request: searched, sortLocally: false })
    expect(effectiveRequest({ ...request, limit: 100 }, null)).toEqual({
      request: { ...request, limit: 100 },
      sortLocally: false,
    })
  })

  it('compares requests independently of key order', () => {
    expect(
      sameExceptSort(
        { limit: 1, resourceId: 'a' },
        { resourceId: 'a', limit: 1, sort: [{ field: 'x', desc: false }] },
      ),
    ).toBe(true)
    expect(sameExceptSort({ limit: 1, resourceId: 'a' }, { resourceId: 'b', limit: 1 })).toBe(false)
    const filtered = (values: string[]) => ({ resourceId: 'a', limit: 1, filters: { country: values } })
    expect(sameExceptSort(filtered(['DE']), filtered(['DE']))).toBe(true)
    expect(sameExceptSort(filtered(['DE']), filtered(['UK']))).toBe(false)
  })
})
