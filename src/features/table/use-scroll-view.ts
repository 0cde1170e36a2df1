import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react'
import { flushSync } from 'react-dom'
import type { SearchResult } from '../../api/ckan/types'
import { afterNextPaint } from '../../components/ui/after-next-paint'
import type { Viewport } from '../../instance/viewport'
import { OVERSCAN_ROWS } from './grid-types'
import {
  maxScrollTop,
  rowTop,
  rowsOnScreen,
  rowsToDraw,
  sameRange,
  scrollScale,
  visibleRowRange,
  whenToLoadLeap,
  type RowRange,
  type ScrollScale,
} from './scroll-scale-fns'
import {
  guessViewport,
  initialScrollState,
  movesRowsForWheel,
  resizedViewport,
  screenBlockOf,
  scrollChange,
  scrolledTo,
  settledState,
  wheelStep,
  type CommittedView,
  type ScrollState,
} from './scroll-view-fns'

/** Rows are laid out relative to a block start, so most rows keep their offset while scrolling. */
const ANCHOR_BLOCK = 64

/**
 * Leaps (a dragged scrollbar, a fast scaled scroll) load the place they land on at once when they come
 * alone, and otherwise only once the leaping has paused this long: deep pages are the slowest a portal
 * serves, and a portal cannot cancel the queries of requests the browser abandons.
 */
export const LEAP_PAUSE_MS = 200

/** Scrolling has stopped once no scroll event came for this long: then every row gets every column. */
export const SCROLL_SETTLE_MS = 150

export interface ScrollViewOptions {
  /** The grid's scroll container (the body's parent). */
  scrollRef: RefObject<HTMLDivElement | null>
  /** The rows' element (the body, inside the scroll container). */
  bodyRef: RefObject<HTMLDivElement | null>
  /** The element that holds the drawn rows: it follows the scroll position between renders. */
  windowRef: RefObject<HTMLDivElement | null>
  rowCount: number
  /** The row holding the keyboard focus (-1: none): drawn whenever it is visible. */
  activeRow: number
  /** The result shown: a new one starts at the top. */
  result: SearchResult
  /** Drawn where nobody sees it (the warm-up): no window to fit the first rows to, nothing to measure. */
  offscreen?: boolean
  /** Where the table's top is on screen, if known (RecordsTableProps.screenTop). */
  screenTop?(): number | null
  /** The sticky head's height (px): the header row, and the profile strip when it is shown. */
  headHeight: number
  /** A row's height (px): fixed for the grid's life (a new one makes a new grid). */
  rowHeight: number
  /** Sends the page requests of rows [first, last] now: the record window's startRows, set at each commit. */
  startRowsRef: RefObject<(first: number, last: number) => void>
  /** The browser window (absent: none, as in server rendering: every visible row is drawn). */
  viewport: Viewport | undefined
}

export interface ScrollView {
  scale: ScrollScale
  /** The rows to put in the DOM. */
  drawn: RowRange
  /** The row the drawn rows are positioned from (their offset is (index - anchor) × row height). */
  anchor: number
  /** The rows whose pages the record window loads. */
  fetchRange: RowRange
  state: ScrollState
  /** The rows on screen are painted, and the overscan rows drawn. */
  settledRows: boolean
  /** Draws the overscan rows: once the rows drawn are loaded and painted. */
  drawOverscan(): void
  /**
   * A new result's rows from this index on wait, not laid out (Infinity: none), until the frame showing
   * the rows inside the browser window is painted; meanwhile they keep `deferredPage`'s records.
   */
  deferredFrom: number
  deferredPage: SearchResult | null
}

/**
 * Where the grid is scrolled, and so which rows to draw and where: the scroll container's scroll events
 * and a ResizeObserver (the lowest component listens, so scrolling re-renders only the rows), the wheel
 * in a scaled scroll space, the part of the grid the browser window shows, and leaps. It re-renders
 * only when the rows on screen change; in between, scroll events move the row window straight in the
 * DOM. Which rows and where comes from scroll-scale-fns, so 1,000,000 rows stay reachable.
 */
export function useScrollView(options: ScrollViewOptions): ScrollView {
  const {
    scrollRef,
    bodyRef,
    windowRef,
    rowCount,
    activeRow,
    result,
    offscreen,
    screenTop,
    startRowsRef,
    headHeight,
    rowHeight,
  } = options
  const { viewport } = options
  const [state, setState] = useState<ScrollState>(() =>
    initialScrollState(guessViewport(viewport?.height(), headHeight, rowHeight)),
  )
  // Overscan rows are drawn only once the rows on screen are loaded and painted: the frame that shows
  // the first rows (and the rows after a leap) lays out those alone. The warm-up table is never
  // painted: it draws its one row whole at once.
  const [settledRows, setSettledRows] = useState(offscreen === true)
  const drawOverscan = useCallback(() => setSettledRows(true), [])

  // Those rows are also only the ones inside the browser window: a grid low on the page shows a few of
  // its rows until the page is scrolled. Where the table sits comes from the page when it knows (the
  // place its loading state took, laid out already), else it is measured before the first rows are
  // drawn (null until then); again at each leap, and when the page scrolls meanwhile. Without a
  // browser window (server rendering) or unseen, there is nothing to fit: every visible row.
  const [screenBlock, setScreenBlock] = useState<number | null>(() => {
    if (!viewport || offscreen) return Number.POSITIVE_INFINITY
    const top = screenTop?.() ?? null
    // counted from the table's top, above its toolbar: a row or two more than the window shows
    return top === null ? null : screenBlockOf(viewport.height(), top, undefined, headHeight)
  })

  // A new result starts at the top (RecordsGrid scrolls the container back): its pages at the old
  // position are not asked for, even for one render. It updates the rows in place, but those outside
  // the browser window wait until the frame showing the others is painted, so that frame lays out a
  // few rows' new cells; meanwhile they keep the records they showed (the previous first page).
  const [shownResult, setShownResult] = useState(result)
  const [deferred, setDeferred] = useState<{ from: number; page: SearchResult } | null>(null)
  if (shownResult !== result) {
    setShownResult(result)
    if (state.scrollTop !== 0 || state.fetchTop !== 0) setState({ ...state, scrollTop: 0, fetchTop: 0 })
    const top = screenTop?.() ?? null
    if (settledRows && !offscreen && top !== null && viewport) {
      const inWindow = rowsOnScreen(
        scrollScale(rowCount, state.viewport, rowHeight),
        0,
        screenBlockOf(viewport.height(), top, undefined, headHeight),
      )
      setDeferred({ from: inWindow.last + 1, page: shownResult })
    }
  }
  useEffect(() => {
    if (deferred !== null) return afterNextPaint(() => startTransition(() => setDeferred(null)))
  }, [deferred])

  const scale = scrollScale(rowCount, state.viewport, rowHeight)
  const scrollTop = Math.min(state.scrollTop, maxScrollTop(scale))
  const visible = visibleRowRange(scale, scrollTop)
  const overscan = settledRows ? OVERSCAN_ROWS : 0
  const drawn = rowsToDraw(scale, scrollTop, { overscan, screenBlock, activeRow })
  const anchor = Math.floor(drawn.first / ANCHOR_BLOCK) * ANCHOR_BLOCK
  const fetchRange = visibleRowRange(scale, Math.min(state.fetchTop, maxScrollTop(scale)))

  /** The container's scrollTop at its last scroll event (renders happen only when the rows change). */
  const liveTop = useRef(0)
  const atInlineStart = state.atInlineStart
  // what the scroll handler needs of the last render committed (the handler is attached once)
  const committed = useRef<CommittedView | null>(null)
  useLayoutEffect(() => {
    committed.current = { scale, anchor, visible, drawn, fetchRange, overscan, screenBlock, atInlineStart }
    // Reading scrollTop here would force a layout after every commit: use the last scroll event's
    // position while it still shows these rows, else this render's (a reset to the top).
    const live = liveTop.current
    const top = sameRange(visibleRowRange(scale, live), visible) ? live : scrollTop
    placeWindow(windowRef.current, top, scale, anchor)
  })

  // Before the first rows are drawn: the grid is in the page, its rows are not (one small layout). The
  // scroll container is the body's parent: its ref (scrollRef) is attached only after this effect.
  const measured = screenBlock !== null
  useLayoutEffect(() => {
    const container = bodyRef.current?.parentElement
    if (!measured && container && viewport)
      setScreenBlock(measureScreenBlock(container, viewport, headHeight))
  }, [measured, bodyRef, headHeight, viewport])
  // While the rows on screen wait to be painted (a leap's page can take a round trip), a page scroll
  // or a resize can bring more of them into the window.
  useEffect(() => {
    const element = scrollRef.current
    if (settledRows || offscreen || !element || !viewport) return
    return viewport.onScrollOrResize(() => setScreenBlock(measureScreenBlock(element, viewport, headHeight)))
  }, [settledRows, offscreen, scrollRef, headHeight, viewport])

  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    let lastLeapAt = -Infinity
    let trailingLeap: ReturnType<typeof setTimeout> | undefined
    let settle: ReturnType<typeof setTimeout> | undefined
    // a scroll that moved no rows (sideways, or within a row) leaves nothing to settle: no render
    const settled = () => startTransition(() => setState(settledState))
    const loadHere = () => {
      trailingLeap = undefined
      setState((previous) => ({ ...previous, fetchTop: liveTop.current }))
    }
    const onScroll = () => {
      const current = committed.current
      if (!current) return
      // read once, before any write: a read after the transform write below would force a layout
      const top = element.scrollTop
      // 0 at the start in both directions (right-to-left scrolls to negative values)
      const atInlineStart = element.scrollLeft === 0
      liveTop.current = top
      const visibleNow = visibleRowRange(current.scale, top)
      const change = scrollChange(current, visibleNow, atInlineStart)
      // a leap draws the rows inside the window alone: where is the window now (read before the write)
      const leapScreenBlock =
        change !== 'leap'
          ? null
          : viewport
            ? measureScreenBlock(element, viewport, headHeight)
            : Number.POSITIVE_INFINITY
      placeWindow(windowRef.current, top, current.scale, current.anchor)
      clearTimeout(settle)
      settle = setTimeout(settled, SCROLL_SETTLE_MS)
      // re-render only when the rows on screen change, or when a sideways scroll needs every column
      if (change === 'nothing') return
      if (change === 'side') {
        setState((previous) => ({ ...previous, atInlineStart }))
        return
      }
      if (change === 'rows') {
        setState((previous) => ({ ...scrolledTo(previous, current, top, atInlineStart), fetchTop: top }))
        return
      }
      setState((previous) => scrolledTo(previous, current, top, atInlineStart))
      setSettledRows(false)
      setScreenBlock(leapScreenBlock)
      const now = performance.now()
      const when = whenToLoadLeap(lastLeapAt, now, LEAP_PAUSE_MS)
      lastLeapAt = now
      clearTimeout(trailingLeap)
      if (when === 'now') {
        // its pages leave now, before the render that draws their placeholders
        startRowsRef.current(visibleNow.first, visibleNow.last)
        loadHere()
      } else trailingLeap = setTimeout(loadHere, LEAP_PAUSE_MS)
    }
    const resizeObserver = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect
      const current = committed.current
      if (!box || !current) return
      const resized = resizedViewport(current, liveTop.current, box.height, headHeight)
      if (!resized) return
      const update = () => setState((previous) => ({ ...previous, viewport: resized.viewport }))
      if (resized.drawNow) flushSync(update)
      else update()
    })
    let pending = 0
    const onWheel = (event: WheelEvent) => {
      const scale = committed.current?.scale
      if (!scale || !movesRowsForWheel(scale, event)) return
      const top = element.scrollTop
      const turn = wheelStep(scale, event, top, pending)
      if (!turn) return // at an edge: let the page scroll on
      event.preventDefault()
      pending = turn.pending
      if (turn.step !== 0) element.scrollTop = top + turn.step
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('wheel', onWheel, { passive: false })
    // the warm-up is never seen: its size changes nothing, and drawing it again would only add work
    // beside the first page's answer
    if (!offscreen) resizeObserver.observe(element)
    return () => {
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('wheel', onWheel)
      resizeObserver.disconnect()
      clearTimeout(trailingLeap)
      clearTimeout(settle)
    }
  }, [scrollRef, windowRef, startRowsRef, headHeight, viewport, offscreen])

  // only while the new result is at the top: a scroll meanwhile brings those rows into view
  const deferredFrom = deferred !== null && scrollTop === 0 ? deferred.from : Number.POSITIVE_INFINITY
  return {
    scale,
    drawn,
    anchor,
    fetchRange,
    state,
    settledRows,
    drawOverscan,
    deferredFrom,
    deferredPage: deferred?.page ?? null,
  }
}

/** screenBlockOf the grid as it is laid out now. Reads the layout. */
function measureScreenBlock(element: HTMLElement, viewport: Viewport, headHeight: number): number {
  const box = element.getBoundingClientRect()
  return screenBlockOf(viewport.height(), box.top, box.bottom, headHeight)
}

function placeWindow(
  windowElement: HTMLDivElement | null,
  scrollTop: number,
  scale: ScrollScale,
  anchor: number,
): void {
  if (!windowElement) return
  const top = rowTop(scale, scrollTop, anchor)
  windowElement.style.transform = `translateY(${top}px)`
}
