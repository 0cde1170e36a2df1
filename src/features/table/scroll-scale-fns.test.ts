import { describe, expect, it } from 'vitest'
import { TOP_LOOKAHEAD_ROWS } from '../../queries/page-plan'
import { OVERSCAN_ROWS } from './grid-types'
import {
  MAX_SCROLL_HEIGHT,
  isLeap,
  maxScrollTop,
  sameRange,
  whenToLoadLeap,
  renderRowRange,
  rowTop,
  rowsOnScreen,
  rowsToDraw,
  rowsPerPage,
  scrollDeltaFor,
  scrollScale,
  scrollTopToReveal,
  toScrollTop,
  toVirtualOffset,
  visibleRowRange,
  wheelDeltaPx,
} from './scroll-scale-fns'

const VIEWPORT = 640 // 20 rows of 32 px

describe('scroll scaling for small tables', () => {
  const scale = scrollScale(1_000, VIEWPORT)

  it('uses the natural height and maps scrollTop one to one', () => {
    expect(scale.scaled).toBe(false)
    expect(scale.scrollHeight).toBe(32_000)
    expect(toVirtualOffset(scale, 3_200)).toBe(3_200)
    expect(rowTop(scale, 3_200, 100)).toBe(3_200)
  })

  it('finds the rows on screen and adds overscan inside the table', () => {
    expect(visibleRowRange(scale, 0)).toEqual({ first: 0, last: 19 })
    expect(visibleRowRange(scale, 16)).toEqual({ first: 0, last: 20 })
    expect(renderRowRange(scale, 0, 5)).toEqual({ first: 0, last: 24 })
    expect(renderRowRange(scale, maxScrollTop(scale), 5)).toEqual({ first: 975, last: 999 })
  })

  it('reports no rows for an empty table', () => {
    const empty = scrollScale(0, VIEWPORT)
    expect(empty.scrollHeight).toBe(0)
    expect(visibleRowRange(empty, 0)).toEqual({ first: 0, last: -1 })
  })
})

describe('scroll scaling for a million rows', () => {
  const scale = scrollScale(1_000_000, VIEWPORT)

  it('caps the scroll height below browser limits', () => {
    expect(scale.scaled).toBe(true)
    expect(scale.naturalHeight).toBe(32_000_000)
    expect(scale.scrollHeight).toBe(MAX_SCROLL_HEIGHT)
    expect(scale.scrollHeight).toBeLessThan(16_000_000)
  })

  it('shows the first rows at the top and the very last row at the bottom', () => {
    expect(visibleRowRange(scale, 0)).toEqual({ first: 0, last: 19 })
    const bottom = visibleRowRange(scale, maxScrollTop(scale))
    expect(bottom).toEqual({ first: 999_980, last: 999_999 })
  })

  it('maps the middle of the scrollbar to the middle of the rows', () => {
    const { first } = visibleRowRange(scale, maxScrollTop(scale) / 2)
    expect(Math.abs(first - (1_000_000 - 20) / 2)).toBeLessThanOrEqual(1)
  })

  it('round-trips between scrollTop and the natural offset', () => {
    for (const offset of [0, 1_234_567, 16_000_000, 31_999_360]) {
      expect(toVirtualOffset(scale, toScrollTop(scale, offset))).toBeCloseTo(offset, 3)
    }
  })

  it('draws rows next to each other, inside the spacer, at the scroll position', () => {
    for (const scrollTop of [0, 1_000_000, 4_321_987.5, maxScrollTop(scale)]) {
      const { first, last } = visibleRowRange(scale, scrollTop)
      const firstTop = rowTop(scale, scrollTop, first)
      expect(rowTop(scale, scrollTop, first + 1) - firstTop).toBe(32)
      // the first visible row starts at most one row above the top of the viewport
      expect(firstTop).toBeLessThanOrEqual(scrollTop + 0.001)
      expect(firstTop).toBeGreaterThan(scrollTop - 32)
      // the last row never goes past the end of the spacer
      expect(rowTop(scale, scrollTop, last) + 32).toBeLessThanOrEqual(scale.scrollHeight + 0.001)
    }
  })

  it('scrolls just enough to reveal a row, and not at all when it is visible', () => {
    const scrollTop = toScrollTop(scale, 500_000 * 32)
    expect(scrollTopToReveal(scale, scrollTop, 500_005)).toBe(scrollTop)
    const down = scrollTopToReveal(scale, scrollTop, 600_000)
    expect(visibleRowRange(scale, down).last).toBe(600_000)
    const up = scrollTopToReveal(scale, scrollTop, 10)
    expect(visibleRowRange(scale, up).first).toBe(10)
    expect(visibleRowRange(scale, scrollTopToReveal(scale, 0, 999_999)).last).toBe(999_999)
  })

  it('turns a wheel movement into the scrollTop change that moves the rows by as much on screen', () => {
    const scrollTop = toScrollTop(scale, 10_000 * 32)
    const after = scrollTop + scrollDeltaFor(scale, 320)
    expect(toVirtualOffset(scale, after) - toVirtualOffset(scale, scrollTop)).toBeCloseTo(320, 3)
    expect(scrollDeltaFor(scrollScale(100, VIEWPORT), 320)).toBe(320)
    expect(wheelDeltaPx(3, 1, VIEWPORT)).toBe(96)
    expect(wheelDeltaPx(1, 2, VIEWPORT)).toBe(VIEWPORT)
    expect(wheelDeltaPx(-53, 0, VIEWPORT)).toBe(-53)
  })

  it('pages by whole rows', () => {
    expect(rowsPerPage(scale)).toBe(20)
    expect(rowsPerPage(scrollScale(10, 10))).toBe(1)
  })
})

describe('isLeap and sameRange', () => {
  const loaded = { first: 1000, last: 1015 }

  it('a scroll that the pages around the loaded rows cover is not a leap, in either direction', () => {
    expect(isLeap(loaded, { first: 1010, last: 1025 })).toBe(false)
    expect(isLeap(loaded, { first: 1250, last: 1265 })).toBe(false)
    expect(isLeap(loaded, { first: 760, last: 775 })).toBe(false)
  })

  it('a jump past half a page from the loaded rows is a leap (dragging to the middle of 1M rows)', () => {
    expect(isLeap(loaded, { first: 1266, last: 1281 })).toBe(true)
    expect(isLeap({ first: 0, last: 14 }, { first: 499_861, last: 499_876 })).toBe(true)
    expect(isLeap(loaded, { first: 0, last: 14 })).toBe(true)
  })

  it('sameRange compares the rows, not the objects', () => {
    expect(sameRange({ first: 3, last: 9 }, { first: 3, last: 9 })).toBe(true)
    expect(sameRange({ first: 3, last: 9 }, { first: 3, last: 10 })).toBe(false)
  })
})

describe('whenToLoadLeap', () => {
  it('loads a lone leap at once: the first one, or one after a pause', () => {
    expect(whenToLoadLeap(-Infinity, 1000, 200)).toBe('now')
    expect(whenToLoadLeap(700, 1000, 200)).toBe('now')
  })

  it('waits for a pause while leaps follow each other (a scroll through a million rows)', () => {
    expect(whenToLoadLeap(990, 1000, 200)).toBe('after-pause')
    expect(whenToLoadLeap(1000, 1016, 200)).toBe('after-pause')
  })
})

describe('rows inside the browser window', () => {
  it('keeps the visible rows that the window shows: a grid low on the page shows its first few', () => {
    const scale = scrollScale(1_000, VIEWPORT)
    // 100 px of the row area on screen: rows 0-3 (the fourth partly)
    expect(rowsOnScreen(scale, 0, 100)).toEqual({ first: 0, last: 3 })
    // scrolled by half a row: the row cut at the top counts, and one more shows at the bottom
    expect(rowsOnScreen(scale, 16, 100)).toEqual({ first: 0, last: 3 })
    expect(rowsOnScreen(scale, 3_200, 64)).toEqual({ first: 100, last: 101 })
  })

  it('is every visible row when the whole grid is on screen, and one row when none of it is', () => {
    const scale = scrollScale(1_000, VIEWPORT)
    expect(rowsOnScreen(scale, 0, 5_000)).toEqual(visibleRowRange(scale, 0))
    expect(rowsOnScreen(scale, 0, VIEWPORT)).toEqual({ first: 0, last: 19 })
    expect(rowsOnScreen(scale, 0, 0)).toEqual({ first: 0, last: 0 })
    expect(rowsOnScreen(scrollScale(0, VIEWPORT), 0, 100)).toEqual({ first: 0, last: -1 })
  })

  it('follows the scaled offset of a million rows, up to the very last row', () => {
    const scale = scrollScale(1_000_000, VIEWPORT)
    const middle = maxScrollTop(scale) / 2
    const visible = visibleRowRange(scale, middle)
    const onScreen = rowsOnScreen(scale, middle, 3 * 32)
    expect(onScreen.first).toBe(visible.first)
    expect(onScreen.last - onScreen.first).toBeGreaterThanOrEqual(2)
    expect(onScreen.last - onScreen.first).toBeLessThanOrEqual(3)
    expect(rowsOnScreen(scale, maxScrollTop(scale), 10_000).last).toBe(999_999)
  })
})

describe('rows to draw', () => {
  const scale = scrollScale(1_000, VIEWPORT)

  it('draws the rows on screen alone until they are painted, then the visible rows and the overscan', () => {
    expect(rowsToDraw(scale, 0, { overscan: 0, screenBlock: 100, activeRow: -1 })).toEqual({
      first: 0,
      last: 3,
    })
    expect(rowsToDraw(scale, 0, { overscan: 5, screenBlock: 100, activeRow: -1 })).toEqual({
      first: 0,
      last: 24,
    })
  })

  it('draws no rows before the window is measured', () => {
    expect(rowsToDraw(scale, 0, { overscan: 0, screenBlock: null, activeRow: -1 })).toEqual({
      first: 0,
      last: -1,
    })
  })

  it('draws the focused row when it is visible but below the window, so the keyboard focus can land on it', () => {
    expect(rowsToDraw(scale, 0, { overscan: 0, screenBlock: 100, activeRow: 12 })).toEqual({
      first: 0,
      last: 12,
    })
    // not visible at all: the rows on screen only
    expect(rowsToDraw(scale, 0, { overscan: 0, screenBlock: 100, activeRow: 500 })).toEqual({
      first: 0,
      last: 3,
    })
  })
})

describe('the rows drawn past the screen', () => {
  it('are never more than the record window asks for at the top of a new result', () => {
    expect(OVERSCAN_ROWS).toBeLessThanOrEqual(TOP_LOOKAHEAD_ROWS)
  })
})
