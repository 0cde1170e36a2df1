import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../api/ckan/types'
import { createFoundRowCounts } from './found-row-count'

const firstPage = (): SearchResult => ({
  fields: [],
  records: [],
  total: 999_738,
  totalWasEstimated: true,
  offset: 0,
})

describe('found row counts', () => {
  it('knows nothing about a result until its pages report', () => {
    expect(createFoundRowCounts().get(firstPage())).toBeNull()
  })

  it("keeps what a result's pages found, a guess first and the exact end when it comes", () => {
    const counts = createFoundRowCounts()
    const page = firstPage()
    counts.report(page, { rows: 1_000_000, exact: false })
    expect(counts.get(page)).toEqual({ rows: 1_000_000, exact: false })
    counts.report(page, { rows: 1_000_000, exact: true })
    expect(counts.get(page)).toEqual({ rows: 1_000_000, exact: true })
    // a full page before the end, seen again while scrolling back, does not move an exact end
    counts.report(page, { rows: 999_900, exact: false })
    expect(counts.get(page)).toEqual({ rows: 1_000_000, exact: true })
  })

  it('keeps each result apart, by its first page: another result, or a refetch, starts again', () => {
    const counts = createFoundRowCounts()
    const page = firstPage()
    counts.report(page, { rows: 1_000_000, exact: true })
    expect(counts.get(firstPage())).toBeNull()
  })

  it('tells its readers only when the count changes, so a scroll that finds nothing new renders nothing', () => {
    const counts = createFoundRowCounts()
    const page = firstPage()
    let calls = 0
    const unsubscribe = counts.subscribe(() => calls++)
    counts.report(page, { rows: 1_000_000, exact: false })
    counts.report(page, { rows: 1_000_000, exact: false })
    expect(calls).toBe(1)
    counts.report(page, { rows: 1_000_000, exact: true })
    counts.report(page, { rows: 999_000, exact: false })
    expect(calls).toBe(2)
    unsubscribe()
    counts.report(page, { rows: 999_000, exact: true })
    expect(calls).toBe(2)
  })
})
