import { describe, expect, it } from 'vitest'
import { CkanError } from '../api/ckan/errors'
import type { CkanField, SearchRequest, SearchResult } from '../api/ckan/types'
import { answerInBrowser, BROWSER_FILTER_ROWS, holdsEveryMatch, portalPartRequest } from './browser-filter'

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'state', type: 'text' },
  { id: 'latitude', type: 'numeric' },
]
const records = [
  { _id: 1, state: 'IL', latitude: 41.9 },
  { _id: 2, state: 'IL', latitude: 39.8 },
  { _id: 3, state: 'IL', latitude: 42.2 },
  { _id: 4, state: 'IL', latitude: '40.5' },
  { _id: 5, state: 'IL', latitude: null },
]
const all: SearchResult = {
  fields,
  records,
  total: 5,
  totalWasEstimated: false,
  limit: BROWSER_FILTER_ROWS,
  offset: 0,
}

const view: SearchRequest = {
  resourceId: 'us-airports',
  q: "'chicago':*",
  plain: false,
  filters: { state: 'IL', latitude: { gt: 40 } },
  sort: [{ field: '_id', desc: false }],
  limit: 2,
  includeTotal: true,
}

describe('portalPartRequest', () => {
  it('asks for the search and the filters the portal can apply, all columns, one capped answer, counted', () => {
    expect(portalPartRequest(view)).toEqual({
      base: {
        resourceId: 'us-airports',
        q: "'chicago':*",
        plain: false,
        filters: { state: 'IL' },
        sort: [{ field: '_id', desc: false }],
        limit: BROWSER_FILTER_ROWS,
        includeTotal: true,
      },
      rest: { latitude: { gt: 40 } },
    })
  })

  it('is not needed when the portal can apply every filter', () => {
    expect(portalPartRequest({ ...view, filters: { state: ['IL', 'IN'] } })).toBeNull()
    expect(portalPartRequest({ resourceId: 'x', limit: 1 })).toBeNull()
  })
})

describe('answerInBrowser', () => {
  const rest = { latitude: { gt: 40 } }

  it('keeps the matching records in the portal’s order, pages them and counts them, labelled', () => {
    expect(answerInBrowser(view, all, rest)).toEqual({
      fields,
      records: [records[0], records[2]],
      total: 3,
      totalWasEstimated: false,
      limit: 2,
      offset: 0,
      filteredInBrowser: true,
    })
    const second = answerInBrowser({ ...view, offset: 2, includeTotal: false }, all, rest)
    expect(second.records).toEqual([records[3]])
    expect(second).not.toHaveProperty('total')
  })

  it('gives the columns asked for, and distinct values', () => {
    const answer = answerInBrowser({ ...view, fields: ['state'], distinct: true, limit: 100 }, all, rest)
    expect(answer.fields).toEqual([{ id: 'state', type: 'text' }])
    expect(answer.records).toEqual([{ state: 'IL' }])
  })

  it('refuses, never narrower or wider, when more records match than one answer held', () => {
    const capped: SearchResult = { ...all, total: 1200, limit: 1000 }
    let refusal: unknown
    try {
      answerInBrowser(view, capped, rest)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(CkanError)
    expect(refusal).toMatchObject({ kind: 'operators-unsupported', tooMany: { matching: 1200, cap: 1000 } })
  })

  it('refuses a condition it cannot apply as the portal would (an order of text)', () => {
    expect(() => answerInBrowser(view, all, { state: { gt: 'I' } })).toThrow(
      expect.objectContaining({ kind: 'operators-unsupported' }),
    )
  })

  it('says what the portal itself would refuse: an unknown column, a value of the wrong type', () => {
    expect(() => answerInBrowser(view, all, { nope: { gt: 1 } })).toThrow(
      expect.objectContaining({ kind: 'validation', fieldErrors: { filters: ['Unknown field: nope'] } }),
    )
    expect(() => answerInBrowser(view, all, { latitude: { gt: 'north' } })).toThrow(
      expect.objectContaining({ kind: 'invalid-query' }),
    )
  })
})

describe('holdsEveryMatch', () => {
  it('trusts an exact total, and without one an answer shorter than asked and capped', () => {
    expect(holdsEveryMatch(all, 100)).toBe(true)
    expect(holdsEveryMatch({ ...all, total: 6 }, 100)).toBe(false)
    expect(holdsEveryMatch({ ...all, totalWasEstimated: true }, 100)).toBe(false)
    const { total: _total, ...noTotal } = all
    expect(holdsEveryMatch({ ...noTotal, limit: 5 }, 100)).toBe(false)
    expect(holdsEveryMatch({ ...noTotal, limit: 100 }, 100)).toBe(true)
  })
})

describe('a big integer that JSON rounded', () => {
  it('is refused rather than compared as the nearest double', () => {
    const big: SearchResult = {
      ...all,
      fields: [{ id: 'id', type: 'int8' }],
      records: [{ id: 9007199254740992 }, { id: 12 }],
      total: 2,
    }
    expect(() => answerInBrowser(view, big, { id: { gt: '9007199254740992' } })).toThrow(
      expect.objectContaining({ kind: 'operators-unsupported' }),
    )
  })
})
