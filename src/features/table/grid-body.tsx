import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
  type RefObject,
} from 'react'
import { flushSync } from 'react-dom'
import { afterNextPaint } from '../../components/ui/after-next-paint'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { useEnvironment } from '../../instance/environment'
import type { Limit } from '../../model/explorer-state'
import { rowOf, type RowState } from '../../queries/page-plan'
import { useRecordWindow } from '../../queries/use-record-window'
import { drawsEveryColumn, type ColumnDrawing } from './columns-fns'
import { GridRow } from './grid-row'
import {
  HEADER_HEIGHT,
  MAX_VISIBLE_ROWS,
  OVERSCAN_ROWS,
  type LocalRows,
  type OpenCell,
  type ShownColumn,
  type TableLocale,
} from './grid-types'
import {
  ROW_HEIGHT,
  maxScrollTop,
  rowTop,
  rowsOnScreen,
  rowsToDraw,
  sameRange,
  scrollDeltaFor,
  scrollScale,
  visibleRowRange,
  wheelDeltaPx,
  isLeap,
  whenToLoadLeap,
  type RowRange,
  type ScrollScale,
} from './scroll-scale-fns'

/** Rows are laid out relative to a block start, so most rows keep their offset while scrolling. */
const ANCHOR_BLOCK = 64

export interface GridBodyProps {
  scrollRef: RefObject<HTMLDivElement | null>
  portal: Portal
  firstPage: SearchResult
  firstPageRequest: SearchRequest
  limit: Limit
  rowCount: number
  localRows: LocalRows
  columns: readonly ShownColumn[]
  /** The leading columns that the first screen shows (firstScreenColumns), or all of them. */
  screenColumns: readonly ShownColumn[]
  totalWidth: number
  activeRow: number
  activeCol: number
  focusRef: Ref<HTMLDivElement>
  locale: TableLocale
  formatRowNumber(n: number): string
  onOpenCell(cell: OpenCell): void
  onActiveRenderedChange(rendered: boolean): void
  onWindowError(retry: (() => void) | null): void
  /** The first page is the previous result while a new one loads: ask for no more pages. */
  stale?: boolean
  /** Drawn where nobody sees it (the warm-up): no window to fit the first rows to, nothing to measure. */
  offscreen?: boolean
  /** Where the table's top is on screen, if known (RecordsTableProps.screenTop). */
  screenTop?(): number | null
  /** The rows on screen are loaded and painted (after each load that drew them without overscan). */
  onRowsPainted?(): void
}

/** Where the grid is scrolled to and how tall its row area is: all the body needs to pick its rows. */
interface ScrollView {
  scrollTop: number
  /** Scrolled sideways to the grid's start (the first columns on screen). */
  atInlineStart: boolean
  /** Scrolling now: rows coming into view are drawn with the first screen's columns (see below). */
  moving: boolean
  /** The rows drawn with every column when this scrolling started. */
  whole: RowRange
  /** The scrollTop whose rows the record window loads: it lags behind while the user races through. */
  fetchTop: number
  viewport: number
}

/**
 * Leaps (a dragged scrollbar, a fast scaled scroll) load the place they land on at once when they come
 * alone, and otherwise only once the leaping has paused this long. A 5-second drag through a million
 * rows asked for over 400 pages without it; deep pages are the slowest a portal serves, and a portal
 * cannot cancel the queries of requests the browser abandons.
 */
export const LEAP_PAUSE_MS = 200

/** Scrolling has stopped once no scroll event came for this long: then every row gets every column. */
export const SCROLL_SETTLE_MS = 150

const NO_ROWS_RANGE: RowRange = { first: 0, last: -1 }

/** The height that shows rows in a grid of this client height (under the header, capped). */
function rowViewport(clientHeight: number): number {
  return Math.min(MAX_VISIBLE_ROWS * ROW_HEIGHT, Math.max(0, clientHeight - HEADER_HEIGHT))
}

/** table.css: the grid's default height (a share of the window, at least a minimum), with its 1px borders. */
const GRID_WINDOW_SHARE = 0.7
const GRID_MIN_HEIGHT = 240
const GRID_BORDERS = 2

/**
 * Before the grid is measured: its default height (table.css), so the first commit needs no forced
 * layout. A ResizeObserver corrects this when the page set another height (or a scrollbar takes some);
 * when the guess was right, it does nothing, and the first rows' frame is followed by no re-render.
 */
function guessViewport(): number {
  if (typeof window === 'undefined') return rowViewport(600)
  return rowViewport(Math.max(GRID_MIN_HEIGHT, window.innerHeight * GRID_WINDOW_SHARE) - GRID_BORDERS)
}

/**
 * How much of a grid's row area (px from its top) the browser window shows, for a grid whose top and
 * bottom are there on screen (px from the window's top).
 */
function screenBlockOf(top: number, bottom = Number.POSITIVE_INFINITY): number {
  return Math.max(0, Math.ceil(Math.min(window.innerHeight, bottom) - top - HEADER_HEIGHT))
}

/** screenBlockOf the grid as it is laid out now. Reads the layout. */
function measureScreenBlock(element: HTMLElement): number {
  const box = element.getBoundingClientRect()
  return screenBlockOf(box.top, box.bottom)
}

/**
 * The rows. It tracks the scroll container itself (scroll events and a ResizeObserver; the lowest
 * component, so scrolling re-renders only this) and owns the record window. Which rows to draw and
 * where comes from scroll-scale-fns, so 1,000,000 rows stay reachable within the browser's height
 * limit. It re-renders only when the rows on screen change; in between, scroll events move the row
 * window straight in the DOM.
 */
export function GridBody(props: GridBodyProps) {
  const { scrollRef, rowCount, localRows, columns, totalWidth, activeRow, activeCol, focusRef, locale } =
    props
  const { onActiveRenderedChange, onWindowError } = props
  const [view, setView] = useState<ScrollView>(() => ({
    scrollTop: 0,
    atInlineStart: true,
    moving: false,
    whole: NO_ROWS_RANGE,
    fetchTop: 0,
    viewport: guessViewport(),
  }))
  // Overscan rows are drawn only once the rows on screen are loaded and painted: the frame that shows
  // the first rows (and the rows after a leap) lays out those alone, about 40 % less text.
  // (The warm-up table is never painted: it draws its one row whole at once, with no second render.)
  const [overscanOn, setOverscanOn] = useState(props.offscreen === true)
  // A new result starts at the top (RecordsGrid scrolls the container back): do not ask for the
  // pages at the old position of the new result, even for one render.
  const [shownPage, setShownPage] = useState(props.firstPage)
  // A new result (a sort, a search) updates the rows in place, but the ones outside the browser window
  // stay hidden until the frame showing the others is painted: that frame renders, commits and lays
  // out a few rows' new cells instead of every drawn row's. Meanwhile a hidden row keeps the record it
  // showed (`page`, the previous result's first page), so its cells are not rendered again yet.
  const [hidden, setHidden] = useState<{ from: number; page: SearchResult } | null>(null)
  if (shownPage !== props.firstPage) {
    setShownPage(props.firstPage)
    if (view.scrollTop !== 0 || view.fetchTop !== 0) setView({ ...view, scrollTop: 0, fetchTop: 0 })
    // where the table is on screen, as for the first rows (screenTop, read from the page's layout)
    const top = props.screenTop?.() ?? null
    if (overscanOn && !props.offscreen && top !== null) {
      const inWindow = rowsOnScreen(scrollScale(rowCount, view.viewport), 0, screenBlockOf(top))
      setHidden({ from: inWindow.last + 1, page: shownPage })
    }
  }
  // Those rows are also only the ones inside the browser window: a grid low on the page shows a few
  // of its rows until the page is scrolled, and the others follow with the overscan. Where the table
  // sits comes from the page when it knows (the place its loading state took, laid out already), else
  // it is measured before the first rows are drawn (null until then); again at each leap, and when
  // the page scrolls meanwhile. Without a browser window (server rendering) or unseen, there is
  // nothing to fit: every visible row.
  const [screenBlock, setScreenBlock] = useState<number | null>(() => {
    if (typeof window === 'undefined' || props.offscreen) return Number.POSITIVE_INFINITY
    const top = props.screenTop?.() ?? null
    // counted from the table's top, above its toolbar: a row or two more than the window shows
    return top === null ? null : screenBlockOf(top)
  })
  const scale = scrollScale(rowCount, view.viewport)
  const scrollTop = Math.min(view.scrollTop, maxScrollTop(scale))
  const visible = visibleRowRange(scale, scrollTop)
  const overscan = overscanOn ? OVERSCAN_ROWS : 0
  const rendered = rowsToDraw(scale, scrollTop, { overscan, screenBlock, activeRow })
  // The first rows, the rows a leap lands on and the rows that come into view while scrolling are
  // drawn with the first screen's columns alone while the grid is at its inline start: about half
  // the text to lay out on a wide table (drawsEveryColumn). The others follow once those are painted
  // or the scrolling pauses.
  const { screenColumns } = props
  const columnDrawing: ColumnDrawing = {
    firstScreenOnly:
      screenColumns.length < columns.length && view.atInlineStart && activeCol <= screenColumns.length,
    settledRows: overscanOn,
    moving: view.moving,
    whole: view.whole,
  }
  const anchor = Math.floor(rendered.first / ANCHOR_BLOCK) * ANCHOR_BLOCK
  const fetchRange = visibleRowRange(scale, Math.min(view.fetchTop, maxScrollTop(scale)))

  const { api } = useEnvironment()
  const recordWindow = useRecordWindow({
    api,
    portal: props.portal,
    firstPage: props.firstPage,
    firstPageRequest: props.firstPageRequest,
    limit: props.limit,
    rowCount,
    first: fetchRange.first,
    last: fetchRange.last,
    enabled: localRows === null,
    fetchMore: !props.stale,
    totalWasEstimated: props.firstPage.totalWasEstimated,
  })

  // the rows drawn for now (before the overscan) are the ones to wait for
  let drawnLoaded = true
  if (localRows === null) {
    for (let index = rendered.first; index <= rendered.last && drawnLoaded; index++) {
      drawnLoaded = recordWindow.getRow(index).status !== 'loading'
    }
  }
  const { onRowsPainted } = props
  useEffect(() => {
    if (overscanOn || !drawnLoaded) return
    // a transition: drawing the extra rows and columns yields to input instead of one long task
    return afterNextPaint(() =>
      startTransition(() => {
        setOverscanOn(true)
        onRowsPainted?.()
      }),
    )
  }, [overscanOn, drawnLoaded, onRowsPainted])
  useEffect(() => {
    if (hidden !== null) return afterNextPaint(() => startTransition(() => setHidden(null)))
  }, [hidden])

  // The row window follows the scroll position between renders (scaled scrolling moves rows faster
  // than the scrollbar), so its offset is written straight to the DOM on every scroll event.
  const windowRef = useRef<HTMLDivElement>(null)
  /** The container's scrollTop at its last scroll event (renders happen only when the rows change). */
  const liveTop = useRef(0)
  const atInlineStart = view.atInlineStart
  // what the scroll handler needs of this render, kept in a ref (the handler is attached once)
  const thisRender = {
    scale,
    anchor,
    visible,
    rendered,
    fetchRange,
    overscan,
    screenBlock,
    atInlineStart,
    startRows: recordWindow.startRows,
  }
  const layout = useRef(thisRender)
  useLayoutEffect(() => {
    layout.current = thisRender
    // Reading scrollTop here would force a layout after every commit: use the last scroll event's
    // position while it still shows these rows, else this render's (a reset to the top).
    const live = liveTop.current
    const top = sameRange(visibleRowRange(scale, live), visible) ? live : scrollTop
    placeWindow(windowRef.current, top, scale, anchor)
  })
  // Before the first rows are drawn: the grid is in the page, its rows are not (one small layout). The
  // scroll container is this body's parent: its ref (scrollRef) is attached only after this effect.
  const bodyRef = useRef<HTMLDivElement>(null)
  const measured = screenBlock !== null
  useLayoutEffect(() => {
    const container = bodyRef.current?.parentElement
    if (!measured && container) setScreenBlock(measureScreenBlock(container))
  }, [measured])
  // While the rows on screen wait to be painted (a leap's page can take a round trip), a page scroll
  // or a resize can bring more of them into the window.
  const { offscreen } = props
  useEffect(() => {
    const element = scrollRef.current
    if (overscanOn || offscreen || !element) return
    const remeasure = () => setScreenBlock(measureScreenBlock(element))
    window.addEventListener('scroll', remeasure, { passive: true })
    window.addEventListener('resize', remeasure)
    return () => {
      window.removeEventListener('scroll', remeasure)
      window.removeEventListener('resize', remeasure)
    }
  }, [overscanOn, offscreen, scrollRef])

  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    let lastLeapAt = -Infinity
    let trailingLeap = 0
    let settle = 0
    // a scroll that moved no rows (sideways, or within a row) leaves nothing to settle: no render
    const settled = () =>
      startTransition(() =>
        setView((previous) =>
          previous.moving ? { ...previous, moving: false, whole: NO_ROWS_RANGE } : previous,
        ),
      )
    const loadHere = () => {
      trailingLeap = 0
      setView((previous) => ({ ...previous, fetchTop: liveTop.current }))
    }
    const onScroll = () => {
      // read once, before any write: a read after the transform write below would force a layout
      const top = element.scrollTop
      // 0 at the start in both directions (right-to-left scrolls to negative values)
      const atInlineStart = element.scrollLeft === 0
      liveTop.current = top
      const current = layout.current
      const visibleNow = visibleRowRange(current.scale, top)
      const leap = !sameRange(visibleNow, current.visible) && isLeap(current.fetchRange, visibleNow)
      // a leap draws the rows inside the window alone: where is the window now (read before the write)
      const leapScreenBlock = leap ? measureScreenBlock(element) : null
      placeWindow(windowRef.current, top, current.scale, current.anchor)
      clearTimeout(settle)
      settle = window.setTimeout(settled, SCROLL_SETTLE_MS)
      // re-render only when the rows on screen change, or when a sideways scroll needs every column
      if (sameRange(visibleNow, current.visible)) {
        if (atInlineStart !== current.atInlineStart) setView((previous) => ({ ...previous, atInlineStart }))
        return
      }
      // the rows drawn whole so far stay whole; rows coming into view get the first screen's columns
      const moved = (previous: ScrollView): ScrollView => ({
        ...previous,
        scrollTop: top,
        atInlineStart,
        moving: true,
        whole: previous.moving ? previous.whole : current.overscan > 0 ? current.rendered : NO_ROWS_RANGE,
      })
      if (!leap) {
        setView((previous) => ({ ...moved(previous), fetchTop: top }))
        return
      }
      setView(moved)
      setOverscanOn(false)
      setScreenBlock(leapScreenBlock)
      const now = performance.now()
      const when = whenToLoadLeap(lastLeapAt, now, LEAP_PAUSE_MS)
      lastLeapAt = now
      clearTimeout(trailingLeap)
      if (when === 'now') {
        // its pages leave now, before the render that draws their placeholders
        current.startRows(visibleNow.first, visibleNow.last)
        loadHere()
      } else trailingLeap = window.setTimeout(loadHere, LEAP_PAUSE_MS)
    }
    const resizeObserver = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect
      if (!box) return
      const viewport = rowViewport(box.height)
      const current = layout.current
      // less than a pixel (a share of an odd window height, rounded by the layout) shows no other row
      if (Math.abs(viewport - current.scale.viewport) < 1) return
      const nextScale = scrollScale(current.scale.rowCount, viewport)
      const next = rowsToDraw(nextScale, liveTop.current, {
        overscan: current.overscan,
        screenBlock: current.screenBlock,
        activeRow: -1,
      })
      // More rows needed than drawn (with the overscan now in use): draw them before this frame is
      // painted, so there is no blank strip.
      const update = () => setView((previous) => ({ ...previous, viewport }))
      if (next.last > current.rendered.last || next.first < current.rendered.first) flushSync(update)
      else update()
    })
    // Scaled scroll space: move the rows as far as the wheel says, not ratio times farther.
    let pending = 0
    const onWheel = (event: WheelEvent) => {
      const { scale: current } = layout.current
      if (!current.scaled || event.ctrlKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) return
      const delta = scrollDeltaFor(current, wheelDeltaPx(event.deltaY, event.deltaMode, current.viewport))
      const top = element.scrollTop
      const atEdge = (delta < 0 && top <= 0) || (delta > 0 && top >= maxScrollTop(current) - 1)
      if (atEdge) return // let the page scroll on
      event.preventDefault()
      pending += delta
      const step = Math.trunc(pending)
      if (step !== 0) {
        pending -= step
        element.scrollTop = top + step
      }
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('wheel', onWheel, { passive: false })
    resizeObserver.observe(element)
    return () => {
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('wheel', onWheel)
      resizeObserver.disconnect()
      clearTimeout(trailingLeap)
      clearTimeout(settle)
    }
  }, [scrollRef])

  const activeRendered = activeRow >= rendered.first && activeRow <= rendered.last
  useEffect(() => onActiveRenderedChange(activeRendered), [activeRendered, onActiveRenderedChange])

  useEffect(() => {
    onWindowError(recordWindow.hasError ? recordWindow.retry : null)
  }, [recordWindow.hasError, recordWindow.retry, onWindowError])

  // only while the new result is at the top: a scroll meanwhile brings those rows into view
  const hideFrom = hidden !== null && scrollTop === 0 ? hidden.from : Number.POSITIVE_INFINITY
  const rows = []
  for (let index = rendered.first; index <= rendered.last; index++) {
    const rowHidden = index >= hideFrom && index !== activeRow
    const kept = rowHidden ? hidden?.page.records[index] : undefined
    const state: RowState = kept
      ? rowOf(kept)
      : localRows
        ? rowOf(localRows[index])
        : recordWindow.getRow(index)
    rows.push(
      <GridRow
        key={index}
        index={index}
        hidden={rowHidden}
        top={(index - anchor) * ROW_HEIGHT}
        status={state.status}
        record={state.status === 'loaded' ? state.record : undefined}
        columns={drawsEveryColumn(index, columnDrawing) ? columns : screenColumns}
        activeCol={index === activeRow ? activeCol : -1}
        focusRef={focusRef}
        // the true position among the matching records: the request's offset plus the row
        rowNumberText={props.formatRowNumber((props.firstPageRequest.offset ?? 0) + index + 1)}
        locale={locale}
        onOpenCell={props.onOpenCell}
      />,
    )
  }

  return (
    <div
      ref={bodyRef}
      role="rowgroup"
      className="dse-grid__body"
      style={{ blockSize: scale.scrollHeight, inlineSize: totalWidth }}
    >
      <div role="presentation" className="dse-grid__window" ref={windowRef}>
        {rows}
      </div>
    </div>
  )
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
