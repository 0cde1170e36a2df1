/**
 * Scroll-space scaling for very tall grids.
 *
 * Browsers cap an element's height (about 16.7M px in Chromium, less elsewhere), and 1,000,000 rows of
 * 32 px need 32M px. Above `MAX_SCROLL_HEIGHT` the spacer is capped and the scrollbar position maps
 * linearly onto the natural ("virtual") offset, so the scrollbar still stands for every row and dragging
 * it anywhere shows the right rows. Rows are then drawn near the scroll position at offsets computed
 * here, never at their natural (huge) offsets.
 *
 * Coordinates: "body" coordinates start under the sticky header. `viewport` is the height of the part
 * of the scroll container that shows rows (its client height minus the header).
 */

import { ROW_HEIGHT } from './grid-geometry'

/** Well under every browser's limit, with room for the header and rounding. */
export const MAX_SCROLL_HEIGHT = 8_000_000

export interface ScrollScale {
  rowCount: number
  rowHeight: number
  viewport: number
  /** rowCount × rowHeight: the height the rows would need without scaling. */
  naturalHeight: number
  /** The height actually given to the spacer. */
  scrollHeight: number
  scaled: boolean
}

export function scrollScale(
  rowCount: number,
  viewport: number,
  rowHeight = ROW_HEIGHT,
  cap = MAX_SCROLL_HEIGHT,
): ScrollScale {
  const rows = Math.max(0, Math.floor(rowCount))
  const naturalHeight = rows * rowHeight
  const scrollHeight = Math.min(naturalHeight, cap)
  return {
    rowCount: rows,
    rowHeight,
    viewport: Math.max(0, viewport),
    naturalHeight,
    scrollHeight,
    scaled: naturalHeight > scrollHeight,
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max))
}

/** Largest scrollTop the container allows. */
export function maxScrollTop(scale: ScrollScale): number {
  return Math.max(0, scale.scrollHeight - scale.viewport)
}

/** Largest natural offset: the one that shows the last row at the bottom. */
function maxVirtualOffset(scale: ScrollScale): number {
  return Math.max(0, scale.naturalHeight - scale.viewport)
}

/** Real scrollTop → natural offset of the top of the viewport. */
export function toVirtualOffset(scale: ScrollScale, scrollTop: number): number {
  const realMax = maxScrollTop(scale)
  const top = clamp(scrollTop, 0, realMax)
  if (!scale.scaled) return top
  if (realMax <= 0) return 0
  return (top * maxVirtualOffset(scale)) / realMax
}

/** Natural offset → the real scrollTop that shows it (inverse of toVirtualOffset). */
export function toScrollTop(scale: ScrollScale, virtualOffset: number): number {
  const virtualMax = maxVirtualOffset(scale)
  const offset = clamp(virtualOffset, 0, virtualMax)
  if (!scale.scaled) return offset
  if (virtualMax <= 0) return 0
  return (offset * maxScrollTop(scale)) / virtualMax
}

export interface RowRange {
  /** First row index (0-based, inclusive). */
  first: number
  /** Last row index (inclusive); first > last when there are no rows. */
  last: number
}

/** Rows at least partly inside the viewport. */
export function visibleRowRange(scale: ScrollScale, scrollTop: number): RowRange {
  if (scale.rowCount === 0) return { first: 0, last: -1 }
  const offset = toVirtualOffset(scale, scrollTop)
  const first = Math.min(scale.rowCount - 1, Math.floor(offset / scale.rowHeight))
  const bottom = offset + Math.max(scale.viewport, 1)
  const last = Math.min(scale.rowCount - 1, Math.max(first, Math.ceil(bottom / scale.rowHeight) - 1))
  return { first, last }
}

/**
 * The visible rows that are also inside the browser window: `screenBlock` is how much of the row area
 * (px from its top) the window shows. A grid that starts low on the page shows only its first few
 * rows until the page is scrolled; the first frame of a load draws those alone.
 */
export function rowsOnScreen(scale: ScrollScale, scrollTop: number, screenBlock: number): RowRange {
  const visible = visibleRowRange(scale, scrollTop)
  if (visible.last < visible.first || screenBlock >= scale.viewport) return visible
  const bottom = toVirtualOffset(scale, scrollTop) + Math.max(screenBlock, 1)
  const last = Math.ceil(bottom / scale.rowHeight) - 1
  return { first: visible.first, last: Math.max(visible.first, Math.min(visible.last, last)) }
}

/** Rows to put in the DOM: the visible ones plus `overscan` on each side. */
export function renderRowRange(scale: ScrollScale, scrollTop: number, overscan: number): RowRange {
  const visible = visibleRowRange(scale, scrollTop)
  if (visible.last < visible.first) return visible
  return {
    first: Math.max(0, visible.first - overscan),
    last: Math.min(scale.rowCount - 1, visible.last + overscan),
  }
}

export interface DrawOptions {
  /** Rows drawn above and below the visible ones; 0 until a load's rows on screen are painted. */
  overscan: number
  /** What rowsOnScreen takes: px of the row area inside the browser window; null before it is measured. */
  screenBlock: number | null
  /** The row holding the keyboard focus (-1 for none): drawn whenever it is visible. */
  activeRow: number
}

/**
 * The rows to put in the DOM. Once a load's rows on screen are painted: the visible rows and the
 * overscan. Before that, only the visible rows that the browser window shows, so the first frame of a
 * load lays out as little as possible; none before the window was measured.
 */
export function rowsToDraw(scale: ScrollScale, scrollTop: number, options: DrawOptions): RowRange {
  if (options.overscan > 0) return renderRowRange(scale, scrollTop, options.overscan)
  if (options.screenBlock === null) return { first: 0, last: -1 }
  const onScreen = rowsOnScreen(scale, scrollTop, options.screenBlock)
  const { activeRow } = options
  if (activeRow > onScreen.last && activeRow <= visibleRowRange(scale, scrollTop).last)
    return { first: onScreen.first, last: activeRow }
  return onScreen
}

/**
 * Where to draw row `index` (body coordinates) for the current scrollTop. Unscaled, this is just
 * index × rowHeight; scaled, rows sit relative to the scroll position so they line up on screen.
 */
export function rowTop(scale: ScrollScale, scrollTop: number, index: number): number {
  if (!scale.scaled) return index * scale.rowHeight
  const top = clamp(scrollTop, 0, maxScrollTop(scale))
  return top + index * scale.rowHeight - toVirtualOffset(scale, top)
}

/**
 * The scrollTop that brings row `index` fully into view with the least movement
 * (the current scrollTop when it is already fully visible).
 */
export function scrollTopToReveal(scale: ScrollScale, scrollTop: number, index: number): number {
  const offset = toVirtualOffset(scale, scrollTop)
  const rowStart = index * scale.rowHeight
  const rowEnd = rowStart + scale.rowHeight
  if (rowStart >= offset - 0.5 && rowEnd <= offset + scale.viewport + 0.5) return scrollTop
  const target = rowStart < offset ? rowStart : rowEnd - scale.viewport
  return toScrollTop(scale, target)
}

/** How many whole rows fit in the viewport (at least 1): the step of PageUp/PageDown. */
export function rowsPerPage(scale: ScrollScale): number {
  return Math.max(1, Math.floor(scale.viewport / scale.rowHeight))
}

/**
 * The scrollTop change that moves the rows by `deltaPx` on screen. Scaled, the scrollbar moves slower
 * than the rows (one wheel notch would otherwise jump several screens' worth of rows at 1M rows).
 */
export function scrollDeltaFor(scale: ScrollScale, deltaPx: number): number {
  if (!scale.scaled) return deltaPx
  const virtualMax = maxVirtualOffset(scale)
  return virtualMax > 0 ? (deltaPx * maxScrollTop(scale)) / virtualMax : 0
}

/** Wheel delta in pixels, whatever unit the device reports. */
export function wheelDeltaPx(
  delta: number,
  deltaMode: number,
  viewport: number,
  rowHeight = ROW_HEIGHT,
): number {
  if (deltaMode === 1) return delta * rowHeight // lines
  if (deltaMode === 2) return delta * viewport // pages
  return delta
}

/** Whether two ranges hold the same rows. */
export function sameRange(a: RowRange, b: RowRange): boolean {
  return a.first === b.first && a.last === b.last
}

/** Rows this far from the loaded place make a leap, not a scroll: half a page of records. */
export const LEAP_ROWS = 250

/**
 * Whether the rows on screen moved from `from` to `to` in a leap (a dragged scrollbar, a fast scaled
 * scroll) rather than a scroll that the pages around `from` already cover.
 */
export function isLeap(from: RowRange, to: RowRange, leapRows = LEAP_ROWS): boolean {
  return to.first > from.last + leapRows || to.last < from.first - leapRows
}

/**
 * When to load the place a leap landed on: at once when it came alone (the previous leap was at
 * least `pauseMs` ago, e.g. one drag of the scrollbar), else once the leaping pauses for `pauseMs`.
 */
export function whenToLoadLeap(previousLeapAt: number, now: number, pauseMs: number): 'now' | 'after-pause' {
  return now - previousLeapAt >= pauseMs ? 'now' : 'after-pause'
}
