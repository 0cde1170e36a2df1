import { describe, expect, it } from 'vitest'
import { firstPageLimit, holdsEveryRecord, pageLimit, pagesForRange, visibleRowCount } from './page-plan'

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ _id: index + 1 }))

describe('page plan', () => {
  it('asks for exactly the limit when it fits in one page', () => {
    expect(firstPageLimit(100)).toBe(100)
    expect(firstPageLimit(0)).toBe(0)
  })

  it('splits a large limit into pages and stops the last page at the limit', () => {
    expect(firstPageLimit(1200, 500)).toBe(500)
    expect(pageLimit(1200, 1, 500)).toBe(500)
    expect(pageLimit(1200, 2, 500)).toBe(200)
    expect(pageLimit(1200, 3, 500)).toBe(0)
    expect(pageLimit('all', 2000, 500)).toBe(500)
  })

  it("asks All for a first page of 100 (CKAN's default page), and a large limit for pages of 500", () => {
    // the limits the requests carry, as a portal sees them
    expect(firstPageLimit('all')).toBe(100)
    // the pages after it hold 500
    expect(pageLimit('all', 0)).toBe(500)
    // a portal that caps its pages at 50: both are 50
    expect(firstPageLimit('all', 50)).toBe(50)
    expect(firstPageLimit(1000)).toBe(500)
    expect(firstPageLimit(500)).toBe(500)
  })

  it('shows the smaller of the limit and the total', () => {
    expect(visibleRowCount(100, 12_345, 100)).toBe(100)
    expect(visibleRowCount(100, 7, 7)).toBe(7)
    expect(visibleRowCount('all', 1_000_000, 500)).toBe(1_000_000)
    // no total from the portal: only what arrived can be shown
    expect(visibleRowCount('all', undefined, 500)).toBe(500)
  })

  it('lists the pages that overlap the visible rows, with overscan, inside the table', () => {
    expect(pagesForRange(0, 19, 1_000_000, 500)).toEqual([0])
    expect(pagesForRange(499, 501, 1_000_000, 500)).toEqual([0, 1])
    expect(pagesForRange(500_000, 500_020, 1_000_000, 500, 1)).toEqual([999, 1000, 1001])
    expect(pagesForRange(999_990, 1_000_050, 1_000_000, 500, 1)).toEqual([1998, 1999])
    expect(pagesForRange(0, 10, 0)).toEqual([])
    // rows past the end of the table: no page
    expect(pagesForRange(100, 350, 100, 500)).toEqual([])
  })
})

describe('holdsEveryRecord', () => {
  it('is true only when an exact total is known and every record arrived', () => {
    expect(holdsEveryRecord({ records: rows(344), total: 344, totalWasEstimated: false })).toBe(true)
    expect(holdsEveryRecord({ records: rows(0), total: 0, totalWasEstimated: false })).toBe(true)
    expect(holdsEveryRecord({ records: rows(100), total: 344, totalWasEstimated: false })).toBe(false)
    expect(holdsEveryRecord({ records: rows(100), total: undefined, totalWasEstimated: false })).toBe(false)
    expect(holdsEveryRecord({ records: rows(100), total: 100, totalWasEstimated: true })).toBe(false)
  })
})
