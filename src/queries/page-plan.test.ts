import { describe, expect, it } from 'vitest'
import type { SearchRequest, SearchResult } from '../api/ckan/types'
import {
  cappedAt,
  endProbePage,
  firstPageLimit,
  foundRowCount,
  holdsEveryRecord,
  loadedPages,
  mergeFoundRowCount,
  pageLimit,
  pagesAllowedToFetch,
  pagesForRange,
  startablePages,
  visibleRowCount,
  windowPageRequest,
  windowPageSize,
  windowPages,
  windowRow,
  type PageAnswer,
} from './page-plan'

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

const request: SearchRequest = { resourceId: 'r', limit: 500, q: 'berlin', includeTotal: true }
const page = (records: number, limit?: number): SearchResult => ({
  fields: [],
  records: Array.from({ length: records }, (_, i) => ({ _id: i + 1 })),
  total: 1_000_000,
  totalWasEstimated: false,
  offset: 0,
  ...(limit === undefined ? {} : { limit }),
})

describe('window page selection', () => {
  it('observes the pages around the visible rows, nearest first, looking further ahead once scrolled', () => {
    // rows 0-19 of pages of 500: page 0 is the first page (never refetched), and nothing else is needed
    expect(windowPages(0, 19, 1_000_000, 500)).toEqual([])
    // rows 480-499: the look-ahead reaches into page 1
    expect(windowPages(480, 499, 1_000_000, 500)).toEqual([1])
    // in the middle of the table: the visible page first, then its neighbours
    expect(windowPages(500_100, 500_119, 1_000_000, 500)).toEqual([1000, 999])
    expect(windowPages(500_400, 500_419, 1_000_000, 500)).toEqual([1000, 1001])
    // never past the last row
    expect(windowPages(999_990, 999_999, 1_000_000, 500)).toEqual([1999])
    expect(windowPages(0, -1, 0, 500)).toEqual([])
  })

  it('with "All", page 0 is asked for only once rows past the 100-row first page are wanted', () => {
    // rows 0-19 and the few drawn past them are in the first page (100 rows): a change is one request
    expect(windowPages(0, 19, 1_000_000, 500, 100)).toEqual([])
    // a screen tall enough to show 95 rows draws rows past the first page: page 0 brings them
    expect(windowPages(0, 95, 1_000_000, 500, 100)).toEqual([0])
    // one row scrolled: 250 rows are looked ahead, past the first page
    expect(windowPages(1, 20, 1_000_000, 500, 100)).toEqual([0])
    // further down, page 0 is still wanted while the look-ahead reaches back into it
    expect(windowPages(400, 420, 1_000_000, 500, 100)).toEqual([0, 1])
    expect(windowPages(800, 820, 1_000_000, 500, 100)).toEqual([1, 2])
    // a limit of 100 scrolled: every row is in the first page, nothing more to ask for
    expect(windowPages(60, 80, 100, 500, 100)).toEqual([])
    // without a shorter first page (a limit of 1,000: first page 500), the old plan: never page 0
    expect(windowPages(1, 20, 1_000, 500)).toEqual([])
  })

  it('looks ahead half a page: fewer deep requests on a portal that caps its pages low', () => {
    // pages of 50 (a portal capping at 50): a leap to the middle watches 3 pages, not 11
    expect(windowPages(500_010, 500_029, 1_000_000, 50)).toEqual([10000, 9999, 10001])
  })

  it('at the top, asks for every row the grid draws past the screen', () => {
    // rows 0-89 on screen, the grid draws 10 more: row 99 is the first page's last (100 rows)
    expect(windowPages(0, 89, 1_000_000, 500, 100)).toEqual([])
    expect(windowPages(0, 90, 1_000_000, 500, 100)).toEqual([0])
  })

  it('lets at most three missing pages fetch at once, nearest first, and always shows loaded ones', () => {
    const loaded = new Set([7])
    const allowed = pagesAllowedToFetch([5, 6, 7, 4, 8, 3], (p) => loaded.has(p))
    expect([...allowed].sort()).toEqual([4, 5, 6, 7])
  })

  it('while the previous result is shown (a new one loading), only pages already loaded show', () => {
    const loaded = new Set([7])
    expect([...pagesAllowedToFetch([5, 6, 7, 4], (p) => loaded.has(p), 0)]).toEqual([7])
  })

  it('asks for the next pages with the first request, another offset, the last page cut at the limit, and no total', () => {
    expect(windowPageRequest(request, 1_200, 2, 500)).toEqual({
      resourceId: 'r',
      limit: 200,
      offset: 1_000,
      q: 'berlin',
      includeTotal: false,
    })
    expect(windowPageRequest(request, 'all', 3, 100)).toMatchObject({ offset: 300, limit: 100 })
  })

  it('pages at the portal cap when the portal capped the first page', () => {
    expect(windowPageSize(page(500, 500), request, 1_000_000)).toBe(500)
    expect(windowPageSize(page(100, 100), request, 1_000_000)).toBe(100)
    // CKAN 2.7/2.8 echo no limit: a short first page with more rows to come reveals the cap
    expect(windowPageSize(page(250), request, 1_000_000)).toBe(250)
    expect(windowPageSize(page(7), request, 7)).toBe(500)
  })

  it('pages of 500 after the 100-row first page of "All"', () => {
    const all: SearchRequest = { ...request, limit: 100 }
    expect(windowPageSize(page(100, 100), all, 1_000_000)).toBe(500)
    // a cap under 100 shows in the first page already
    expect(windowPageSize(page(50, 50), all, 1_000_000)).toBe(50)
  })

  it('finds a cap that only a window page shows: the limit it echoed below what was asked', () => {
    expect(cappedAt(500, 500)).toBeNull()
    // CKAN 2.7/2.8 echo nothing (and do not cap)
    expect(cappedAt(500, undefined)).toBeNull()
    expect(cappedAt(500, 200)).toBe(200)
    // the last page of a limit asks for less than a page: an echo of what it asked is no cap
    expect(cappedAt(200, 200)).toBeNull()
  })
})

describe('foundRowCount: where the records really end when the total was estimated', () => {
  it('a short last page gives the exact end when the estimate was too high', () => {
    // estimated 1,000,300 rows; the page at 1,000,000 holds 0, the one before it is full
    expect(
      foundRowCount(
        [
          { page: 2000, records: 0 },
          { page: 1999, records: 500 },
        ],
        'all',
        500,
        1_000_300,
      ),
    ).toEqual({
      rows: 1_000_000,
      exact: true,
    })
    expect(foundRowCount([{ page: 1999, records: 262 }], 'all', 500, 1_000_300)).toEqual({
      rows: 999_762,
      exact: true,
    })
  })

  it('a full page reaching past a too-low estimate adds the rows it proves', () => {
    // estimated 999,738 (the generated 1M-row table): the page at 999,500 comes back full
    expect(foundRowCount([{ page: 1999, records: 500 }], 'all', 500, 999_738)).toEqual({
      rows: 1_000_000,
      exact: false,
    })
    // the page after it, asked for at the end, comes back empty: that was the end
    expect(
      foundRowCount(
        [
          { page: 1999, records: 500 },
          { page: 2000, records: 0 },
        ],
        'all',
        500,
        1_000_000,
      ),
    ).toBeNull()
  })

  it('asks for the page after a full last page, and only then', () => {
    expect(endProbePage(1_000_000, 500, 'all', 500)).toBe(2000)
    expect(endProbePage(999_738, 500, 'all', 238)).toBeNull()
    expect(endProbePage(999_738, 500, 'all', undefined)).toBeNull()
    expect(endProbePage(1_000, 500, 1_000, 500)).toBeNull()
  })

  it('says nothing when the loaded pages agree with the count, or away from the end', () => {
    expect(foundRowCount([{ page: 1999, records: 238 }], 'all', 500, 999_738)).toBeNull()
    expect(
      foundRowCount(
        [
          { page: 10, records: 500 },
          { page: 11, records: 500 },
        ],
        'all',
        500,
        999_738,
      ),
    ).toBeNull()
    expect(foundRowCount([], 'all', 500, 999_738)).toBeNull()
  })

  it('a page the portal capped is not the end', () => {
    // asked for 500 at the end of an estimated 999,738; a portal capping at 250 sent 250
    expect(foundRowCount([{ page: 1999, records: 250, capped: true }], 'all', 500, 999_738)).toBeNull()
    expect(foundRowCount([{ page: 1999, records: 250 }], 'all', 500, 999_738)).toEqual({
      rows: 999_750,
      exact: true,
    })
  })

  it('with a numeric limit, the last page is short by design and a full one never extends', () => {
    // limit 1,200: page 2 asks for 200 rows and gets them
    expect(foundRowCount([{ page: 2, records: 200 }], 1200, 500, 1200)).toBeNull()
    expect(foundRowCount([{ page: 1, records: 500 }], 1000, 500, 1000)).toBeNull()
  })
})

describe('mergeFoundRowCount', () => {
  const guess = { rows: 1_000_001, exact: false }
  const exact = { rows: 1_000_000, exact: true }

  it('takes what the pages show, a guess first and the exact end when it comes', () => {
    expect(mergeFoundRowCount(null, guess)).toBe(guess)
    expect(mergeFoundRowCount(guess, exact)).toBe(exact)
  })

  it('keeps an exact end when a full page before it guesses again', () => {
    expect(mergeFoundRowCount(exact, guess)).toBe(exact)
  })

  it('returns the previous value itself when nothing changed, so state does not re-render', () => {
    expect(mergeFoundRowCount(exact, { rows: 1_000_000, exact: true })).toBe(exact)
  })
})

describe('startablePages', () => {
  const idle = { status: 'pending', fetchStatus: 'idle' }
  const fetching = { status: 'pending', fetchStatus: 'fetching' }
  const loaded = { status: 'success', fetchStatus: 'idle', data: page(500) }

  it('starts the allowed pages that never fetched, nearest first, and none twice', () => {
    // pages 5 and 6 have no query yet, 7 is loaded, 4 is in flight, 8 was only created
    const { allowed, toStart } = startablePages(
      [5, 6, 7, 4, 8],
      [undefined, undefined, loaded, fetching, idle],
      3,
    )
    expect([...allowed].sort()).toEqual([4, 5, 6, 7])
    // indexes into the list: pages 5 and 6; page 4 is in flight already, and 8 is beyond the three
    expect(toStart).toEqual([0, 1])
  })

  it('starts nothing while the previous result is shown, but lets loaded pages show', () => {
    const { allowed, toStart } = startablePages([5, 7], [undefined, loaded], 0)
    expect([...allowed]).toEqual([7])
    expect(toStart).toEqual([])
  })
})

describe('loadedPages', () => {
  it('counts the records of the loaded pages and finds the lowest cap a portal showed', () => {
    const answers = [{ data: page(500, 500) }, { data: undefined }, { data: page(200, 200) }, undefined]
    expect(loadedPages([3, 4, 5, 6], answers, 'all', 500)).toEqual({
      loaded: [
        { page: 3, records: 500, capped: false },
        { page: 5, records: 200, capped: true },
      ],
      cap: 200,
    })
  })

  it('takes the short last page of a numeric limit for no cap', () => {
    // limit 1,200: page 2 asks for 200, and the portal echoes 200
    expect(loadedPages([2], [{ data: page(200, 200) }], 1_200, 500)).toEqual({
      loaded: [{ page: 2, records: 200, capped: false }],
      cap: Infinity,
    })
  })
})

describe('windowRow', () => {
  const first = page(100).records
  const answers = new Map<number, PageAnswer>([
    [1, { data: page(500), isError: false }],
    [2, { data: undefined, isError: true }],
    [3, { data: undefined, isError: false }],
    [4, { data: page(20), isError: false }],
  ])
  const row = (index: number) => windowRow(index, first, 100, 500, (p) => answers.get(p))

  it('reads the first rows from the first page and the others from their window page', () => {
    expect(row(99)).toEqual({ status: 'loaded', record: { _id: 100 } })
    // row 600 is record 100 of page 1
    expect(row(600)).toEqual({ status: 'loaded', record: { _id: 101 } })
  })

  it('says loading for a page not observed or in flight, error for a failed one', () => {
    // rows 100-499 are page 0, which nobody observes yet
    expect(row(100)).toEqual({ status: 'loading' })
    expect(row(1_000)).toEqual({ status: 'error' })
    expect(row(1_500)).toEqual({ status: 'loading' })
  })

  it('says missing past the records a page brought (fewer than its total promised)', () => {
    expect(row(2_019)).toEqual({ status: 'loaded', record: { _id: 20 } })
    expect(row(2_020)).toEqual({ status: 'missing' })
  })
})
