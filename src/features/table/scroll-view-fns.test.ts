import { describe, expect, it } from 'vitest'
import { HEADER_HEIGHT, ROW_HEIGHT } from './grid-geometry'
import { MAX_VISIBLE_ROWS } from './grid-types'
import { maxScrollTop, scrollScale, visibleRowRange, type RowRange } from './scroll-scale-fns'
import {
  NO_ROWS_RANGE,
  guessViewport,
  initialScrollState,
  movesRowsForWheel,
  resizedViewport,
  rowViewport,
  screenBlockOf,
  scrollChange,
  scrolledTo,
  settledState,
  wheelStep,
  type CommittedView,
} from './scroll-view-fns'

const VIEWPORT = 640 // 20 rows of 32 px

/** What a render of rows [0, 19] plus an overscan of 10 leaves for the scroll handler. */
function committed(rowCount: number, overrides: Partial<CommittedView> = {}): CommittedView {
  const scale = scrollScale(rowCount, VIEWPORT)
  return {
    scale,
    anchor: 0,
    visible: { first: 0, last: 19 },
    drawn: { first: 0, last: 29 },
    fetchRange: { first: 0, last: 19 },
    overscan: 10,
    screenBlock: Number.POSITIVE_INFINITY,
    atInlineStart: true,
    ...overrides,
  }
}

describe('the row area', () => {
  it('is what the header leaves, never negative, and at most MAX_VISIBLE_ROWS rows however tall the grid', () => {
    expect(rowViewport(HEADER_HEIGHT + VIEWPORT)).toBe(VIEWPORT)
    expect(rowViewport(10)).toBe(0)
    expect(rowViewport(10_000)).toBe(MAX_VISIBLE_ROWS * ROW_HEIGHT)
  })

  it("is guessed from table.css's default height before the grid is measured", () => {
    // 70 % of a 720-px window, less the grid's borders and its header
    expect(guessViewport(720)).toBeCloseTo(720 * 0.7 - 2 - HEADER_HEIGHT, 6)
    // a short window: the grid keeps its minimum height of 240 px
    expect(guessViewport(200)).toBe(240 - 2 - HEADER_HEIGHT)
    // no window (server rendering): a grid of 600 px
    expect(guessViewport(undefined)).toBe(600 - HEADER_HEIGHT)
  })

  it('holds at most MAX_VISIBLE_ROWS rows of the grid’s own height, compact or tall', () => {
    expect(rowViewport(10_000, HEADER_HEIGHT, 26)).toBe(MAX_VISIBLE_ROWS * 26)
    expect(rowViewport(10_000, HEADER_HEIGHT, 39)).toBe(MAX_VISIBLE_ROWS * 39)
    // a grid shorter than the cap is what the header leaves, whatever the rows' height
    expect(rowViewport(HEADER_HEIGHT + VIEWPORT, HEADER_HEIGHT, 26)).toBe(VIEWPORT)
    expect(guessViewport(720, HEADER_HEIGHT, 26)).toBe(guessViewport(720))
    expect(guessViewport(10_000, HEADER_HEIGHT, 26)).toBe(MAX_VISIBLE_ROWS * 26)
  })

  it('counts how much of it the browser window shows', () => {
    // a grid starting at y = 592 in a 720-px window: 88 px of rows under its header
    expect(screenBlockOf(720, 592)).toBe(88)
    // its bottom inside the window: up to the bottom only
    expect(screenBlockOf(720, 100, 500)).toBe(360)
    // below the window: none
    expect(screenBlockOf(720, 900)).toBe(0)
  })
})

describe('what a scroll event changes', () => {
  const view = committed(1_000_000)

  it('nothing while the same rows are on screen on the same side, a render for the side alone', () => {
    // a sideways scroll at the top: rows 0-19 again, another object
    const within = visibleRowRange(view.scale, 0)
    expect(within).toEqual({ first: 0, last: 19 })
    expect(scrollChange(view, within, true)).toBe('nothing')
    expect(scrollChange(view, within, false)).toBe('side')
  })

  it('other rows when they move within reach of the loaded pages, a leap when they jump away', () => {
    expect(scrollChange(view, { first: 5, last: 24 }, true)).toBe('rows')
    expect(scrollChange(view, { first: 500_000, last: 500_019 }, true)).toBe('leap')
    // while a leap waits for its pages, a scroll back to where they were loaded is no leap
    const away = committed(1_000_000, { visible: { first: 500_000, last: 500_019 } })
    expect(scrollChange(away, { first: 0, last: 19 }, true)).toBe('rows')
  })
})

describe('the scroll state', () => {
  const settled = initialScrollState(VIEWPORT)

  it('starts at the top, at the inline start, still', () => {
    expect(settled).toEqual({
      scrollTop: 0,
      atInlineStart: true,
      moving: false,
      whole: NO_ROWS_RANGE,
      fetchTop: 0,
      viewport: VIEWPORT,
    })
  })

  it('keeps the rows drawn whole when a scroll starts, and them only while it goes on', () => {
    const first = scrolledTo(settled, committed(1_000), 320, true)
    expect(first).toMatchObject({ scrollTop: 320, moving: true, whole: { first: 0, last: 29 } })
    const drawnNow: RowRange = { first: 0, last: 39 }
    const second = scrolledTo(first, committed(1_000, { drawn: drawnNow }), 640, true)
    expect(second.whole).toEqual({ first: 0, last: 29 })
    // the fetch position is the caller's to move (a leap may wait for a pause)
    expect(second.fetchTop).toBe(0)
  })

  it('keeps no row whole when the scroll starts before the overscan was drawn', () => {
    expect(scrolledTo(settled, committed(1_000, { overscan: 0 }), 320, true).whole).toEqual(NO_ROWS_RANGE)
  })

  it('gives every row every column once the scrolling pauses, and renders nothing when still', () => {
    const moving = scrolledTo(settled, committed(1_000), 320, true)
    expect(settledState(moving)).toMatchObject({ moving: false, whole: NO_ROWS_RANGE, scrollTop: 320 })
    expect(settledState(settled)).toBe(settled)
  })
})

describe('a resize of the grid', () => {
  it('draws before the next paint when it shows rows that are not drawn yet, else in a later render', () => {
    // 20 rows visible and 10 drawn below them: 5 rows taller needs 5 more (with the overscan)
    expect(resizedViewport(committed(1_000), 0, HEADER_HEIGHT + VIEWPORT + 5 * ROW_HEIGHT)).toEqual({
      viewport: VIEWPORT + 5 * ROW_HEIGHT,
      drawNow: true,
    })
    // 5 rows shorter: the rows drawn cover it
    expect(resizedViewport(committed(1_000), 0, HEADER_HEIGHT + VIEWPORT - 5 * ROW_HEIGHT)).toEqual({
      viewport: VIEWPORT - 5 * ROW_HEIGHT,
      drawNow: false,
    })
    // first rows of a grid low on the page: only the 3 rows inside the window are drawn, and still are
    const low = committed(1_000, { overscan: 0, screenBlock: 88, drawn: { first: 0, last: 2 } })
    expect(resizedViewport(low, 0, HEADER_HEIGHT + VIEWPORT + 5 * ROW_HEIGHT)?.drawNow).toBe(false)
  })

  it('keeps the rows’ height of the grid (compact rows: more of them in the same height)', () => {
    const scale = scrollScale(1_000, VIEWPORT, 26)
    // 640 px: 25 rows of 26 px visible (the last one in part), 10 drawn below them
    const compact = committed(1_000, {
      scale,
      visible: { first: 0, last: 24 },
      drawn: { first: 0, last: 34 },
      fetchRange: { first: 0, last: 24 },
    })
    expect(resizedViewport(compact, 0, 10_000)).toEqual({ viewport: MAX_VISIBLE_ROWS * 26, drawNow: true })
    // 5 rows of 26 px shorter: the rows drawn cover it
    expect(resizedViewport(compact, 0, HEADER_HEIGHT + VIEWPORT - 5 * 26)).toEqual({
      viewport: VIEWPORT - 5 * 26,
      drawNow: false,
    })
  })

  it('changes nothing for less than a pixel (a share of an odd window height)', () => {
    expect(resizedViewport(committed(1_000), 0, HEADER_HEIGHT + VIEWPORT + 0.4)).toBeNull()
  })
})

describe('the wheel in a scaled scroll space', () => {
  const big = scrollScale(1_000_000, VIEWPORT)
  const down = { deltaX: 0, deltaY: 100, deltaMode: 0, ctrlKey: false }

  it('moves the rows itself only when scaled, vertical and not zooming', () => {
    expect(movesRowsForWheel(big, down)).toBe(true)
    expect(movesRowsForWheel(scrollScale(1_000, VIEWPORT), down)).toBe(false)
    expect(movesRowsForWheel(big, { ...down, ctrlKey: true })).toBe(false)
    expect(movesRowsForWheel(big, { ...down, deltaX: 200 })).toBe(false)
  })

  it('moves the scrollbar by whole pixels, carrying the fraction, so the rows move as far as the wheel', () => {
    // the scrollbar stands for about 4 times more rows than its height: 100 px of rows is 25 px of it
    const ratio = maxScrollTop(big) / (big.naturalHeight - VIEWPORT)
    const turn = wheelStep(big, down, 1_000, 0)!
    expect(turn.step).toBe(Math.trunc(100 * ratio))
    expect(turn.pending).toBeCloseTo(100 * ratio - turn.step, 9)
    // small turns add up before they move it
    let pending = 0
    let moved = 0
    for (let i = 0; i < 40; i++) {
      const small = wheelStep(big, { ...down, deltaY: 1 }, 1_000, pending)!
      pending = small.pending
      moved += small.step
    }
    expect(moved + pending).toBeCloseTo(40 * ratio, 9)
    expect(moved).toBeGreaterThan(0)
  })

  it('moves a wheel turn counted in lines by lines of the grid’s rows', () => {
    const lines = { ...down, deltaY: 3, deltaMode: 1 }
    const ratio = maxScrollTop(big) / (big.naturalHeight - VIEWPORT)
    expect(wheelStep(big, lines, 1_000, 0)!.step).toBe(Math.trunc(3 * ROW_HEIGHT * ratio))
    const compact = scrollScale(1_000_000, VIEWPORT, 26)
    const compactRatio = maxScrollTop(compact) / (compact.naturalHeight - VIEWPORT)
    expect(wheelStep(compact, lines, 1_000, 0)!.step).toBe(Math.trunc(3 * 26 * compactRatio))
  })

  it('lets the page scroll on at either end', () => {
    expect(wheelStep(big, { ...down, deltaY: -100 }, 0, 0)).toBeNull()
    expect(wheelStep(big, down, maxScrollTop(big), 0)).toBeNull()
    expect(wheelStep(big, { ...down, deltaY: -100 }, maxScrollTop(big), 0)).not.toBeNull()
  })
})
