import { GRID_BORDERS, GRID_MIN_HEIGHT, GRID_WINDOW_SHARE, HEADER_HEIGHT, ROW_HEIGHT } from './grid-geometry'
import { MAX_VISIBLE_ROWS } from './grid-types'
import {
  isLeap,
  maxScrollTop,
  rowsToDraw,
  sameRange,
  scrollDeltaFor,
  scrollScale,
  wheelDeltaPx,
  type RowRange,
  type ScrollScale,
} from './scroll-scale-fns'

/**
 * The scroll view's decisions (use-scroll-view.ts), pure: how tall the row area is, how much of it the
 * browser window shows, and what a scroll, a resize or a wheel turn changes.
 */

/** Where the grid is scrolled to and how tall its row area is: all the body needs to pick its rows. */
export interface ScrollState {
  scrollTop: number
  /** Scrolled sideways to the grid's start (the first columns on screen). */
  atInlineStart: boolean
  /** Scrolling now: rows coming into view are drawn with the first screen's columns (drawsEveryColumn). */
  moving: boolean
  /** The rows drawn with every column when this scrolling started. */
  whole: RowRange
  /** The scrollTop whose rows the record window loads: it lags behind while the user races through. */
  fetchTop: number
  /** The height of the row area (rowViewport). */
  viewport: number
}

export const NO_ROWS_RANGE: RowRange = { first: 0, last: -1 }

/** A grid at the top, at its inline start, still, with a row area `viewport` px tall. */
export function initialScrollState(viewport: number): ScrollState {
  return { scrollTop: 0, atInlineStart: true, moving: false, whole: NO_ROWS_RANGE, fetchTop: 0, viewport }
}

/**
 * The height that shows rows in a grid of this client height: what the sticky header leaves, and never
 * more than MAX_VISIBLE_ROWS rows of `rowHeight` (the DOM stays under 100 rows in a very tall container).
 */
export function rowViewport(
  clientHeight: number,
  headHeight = HEADER_HEIGHT,
  rowHeight = ROW_HEIGHT,
): number {
  return Math.min(MAX_VISIBLE_ROWS * rowHeight, Math.max(0, clientHeight - headHeight))
}

/**
 * The row area before the grid is measured: that of its default height (table.css) in a window this
 * tall (undefined: no window, as in server rendering), so the first commit needs no forced layout. A
 * ResizeObserver corrects it when the page set another height; when the guess was right, nothing
 * re-renders after the first rows' frame.
 */
export function guessViewport(
  windowHeight: number | undefined,
  headHeight = HEADER_HEIGHT,
  rowHeight = ROW_HEIGHT,
): number {
  if (windowHeight === undefined) return rowViewport(600, headHeight, rowHeight)
  const gridHeight = Math.max(GRID_MIN_HEIGHT, windowHeight * GRID_WINDOW_SHARE) - GRID_BORDERS
  return rowViewport(gridHeight, headHeight, rowHeight)
}

/**
 * How much of a grid's row area (px from its top) a browser window this tall shows, for a grid whose
 * top and bottom are there on screen (px from the window's top).
 */
export function screenBlockOf(
  windowHeight: number,
  top: number,
  bottom = Number.POSITIVE_INFINITY,
  headHeight = HEADER_HEIGHT,
): number {
  return Math.max(0, Math.ceil(Math.min(windowHeight, bottom) - top - headHeight))
}

/** What the scroll handler knows of the last render committed. */
export interface CommittedView {
  scale: ScrollScale
  /** The row the drawn rows are positioned from. */
  anchor: number
  visible: RowRange
  drawn: RowRange
  /** The rows whose pages were asked for. */
  fetchRange: RowRange
  overscan: number
  screenBlock: number | null
  atInlineStart: boolean
}

/**
 * What a scroll event changes: nothing to render (the same rows on screen, at the same side), only
 * the side (a sideways scroll to or from the inline start needs every column), other rows, or a leap
 * (rows far from those loaded: a dragged scrollbar, a fast scaled scroll).
 */
export function scrollChange(
  committed: CommittedView,
  visibleNow: RowRange,
  atInlineStart: boolean,
): 'nothing' | 'side' | 'rows' | 'leap' {
  if (sameRange(visibleNow, committed.visible))
    return atInlineStart === committed.atInlineStart ? 'nothing' : 'side'
  return isLeap(committed.fetchRange, visibleNow) ? 'leap' : 'rows'
}

/**
 * The state once the rows on screen moved to `scrollTop`. The rows drawn whole (with every column)
 * when the scrolling started stay whole; rows coming into view get the first screen's columns.
 */
export function scrolledTo(
  previous: ScrollState,
  committed: CommittedView,
  scrollTop: number,
  atInlineStart: boolean,
): ScrollState {
  const whole = previous.moving ? previous.whole : committed.overscan > 0 ? committed.drawn : NO_ROWS_RANGE
  return { ...previous, scrollTop, atInlineStart, moving: true, whole }
}

/** The state once the scrolling paused: every row gets every column. The same state when still. */
export function settledState(previous: ScrollState): ScrollState {
  return previous.moving ? { ...previous, moving: false, whole: NO_ROWS_RANGE } : previous
}

/**
 * The row area after the grid's client height became `clientHeight`: its new viewport, and whether
 * that needs rows not drawn yet (draw them before the frame is painted, or a blank strip shows). null
 * when it moved by less than a pixel (a share of an odd window height, rounded): no other row shows.
 */
export function resizedViewport(
  committed: CommittedView,
  scrollTop: number,
  clientHeight: number,
  headHeight = HEADER_HEIGHT,
): { viewport: number; drawNow: boolean } | null {
  const { rowCount, rowHeight } = committed.scale
  const viewport = rowViewport(clientHeight, headHeight, rowHeight)
  if (Math.abs(viewport - committed.scale.viewport) < 1) return null
  const next = rowsToDraw(scrollScale(rowCount, viewport, rowHeight), scrollTop, {
    overscan: committed.overscan,
    screenBlock: committed.screenBlock,
    activeRow: -1,
  })
  const { drawn } = committed
  return { viewport, drawNow: next.last > drawn.last || next.first < drawn.first }
}

/** What a wheel event says. */
export interface WheelTurn {
  deltaX: number
  deltaY: number
  deltaMode: number
  ctrlKey: boolean
}

/**
 * Whether the grid moves its rows itself for this wheel turn: in a scaled scroll space the browser
 * would move them ratio times farther than the wheel says. Not for zooming (Ctrl) or a sideways turn.
 */
export function movesRowsForWheel(scale: ScrollScale, wheel: WheelTurn): boolean {
  return scale.scaled && !wheel.ctrlKey && Math.abs(wheel.deltaX) <= Math.abs(wheel.deltaY)
}

/**
 * The whole-pixel scrollTop step for a wheel turn at `scrollTop` in a scaled space, the fraction
 * left over (`pending`, carried to the next turn), or null at an edge the turn pushes against (the
 * page scrolls on instead).
 */
export function wheelStep(
  scale: ScrollScale,
  wheel: WheelTurn,
  scrollTop: number,
  pending: number,
): { step: number; pending: number } | null {
  const delta = scrollDeltaFor(
    scale,
    wheelDeltaPx(wheel.deltaY, wheel.deltaMode, scale.viewport, scale.rowHeight),
  )
  const atEdge = (delta < 0 && scrollTop <= 0) || (delta > 0 && scrollTop >= maxScrollTop(scale) - 1)
  if (atEdge) return null
  const total = pending + delta
  const step = Math.trunc(total)
  return { step, pending: total - step }
}

/** Whether content lies beyond the inline end (RTL grids report a negative scrollLeft). */
export function hasContentBeyond(
  element: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>,
): boolean {
  return element.scrollWidth - element.clientWidth - Math.abs(element.scrollLeft) > 2
}
