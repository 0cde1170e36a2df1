import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { SearchRequest, SearchResult } from '../api/ckan/types'
import { datastoreKeys } from './datastore-keys'
import {
  endProbePage,
  foundRowCount,
  mergeFoundRowCount,
  cappedAt,
  pagesAllowedToFetch,
  windowPageRequest,
  windowPageSize,
  windowPages,
} from './use-record-window'

const request: SearchRequest = { resourceId: 'r', limit: 500, sort: '"year" desc, "_id"', includeTotal: true }
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
      sort: '"year" desc, "_id"',
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
