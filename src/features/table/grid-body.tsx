import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useReducer, useRef, type Ref, type RefObject } from 'react'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import type { Limit } from '../explorer-state/explorer-state'
import { useRecordWindow, type RowState } from '../../queries/use-record-window'
import { GridRow } from './grid-row'
import {
  HEADER_HEIGHT,
  MAX_VISIBLE_ROWS,
  OVERSCAN_ROWS,
  type LocalRows,
  type OpenCell,
  type ShownColumn,
} from './grid-types'
import {
  ROW_HEIGHT,
  maxScrollTop,
  renderRowRange,
  rowTop,
  scrollDeltaFor,
  scrollScale,
  visibleRowRange,
  wheelDeltaPx,
  type ScrollScale,
} from './scroll-scale-fns'

/** Rows are laid out relative to a block start, so most rows keep their offset while scrolling. */
const ANCHOR_BLOCK = 64
/** The virtualizer observes the scroll space in at most this many slices. */
const MAX_SLICES = 50_000

export interface GridBodyProps {
  scrollRef: RefObject<HTMLDivElement | null>
  portal: Portal
  firstPage: SearchResult
  firstPageRequest: SearchRequest
  limit: Limit
  rowCount: number
  localRows: LocalRows
  columns: readonly ShownColumn[]
  totalWidth: number
  activeRow: number
  activeCol: number
  focusRef: Ref<HTMLDivElement>
  locale: string
  formatRowNumber(n: number): string
  onOpenCell(cell: OpenCell): void
  onVisibleRangeChange?(first: number, last: number): void
  onActiveRenderedChange(rendered: boolean): void
  onWindowError(retry: (() => void) | null): void
}

const LOADED_MISSING: RowState = { status: 'missing' }

/**
 * The rows. It owns the virtualizer (the lowest component, so scrolling re-renders only this) and the
 * record window. TanStack Virtual observes the scroll container (offset, size, scrolling state) over
 * "slices" of the capped scroll space; which rows to draw and where comes from scroll-scale-fns, so
 * 1,000,000 rows stay reachable within the browser's height limit.
 */
export function GridBody(props: GridBodyProps) {
  const { scrollRef, rowCount, localRows, columns, totalWidth, activeRow, activeCol, focusRef, locale } =
    props
  const { onVisibleRangeChange, onActiveRenderedChange, onWindowError } = props
  const spacerHeight = scrollScale(rowCount, 0).scrollHeight
  // At most MAX_SLICES items: measuring 250,000 would cost tens of ms on the first render
  const sliceHeight = Math.max(ROW_HEIGHT, Math.ceil(spacerHeight / MAX_SLICES))
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: Math.ceil(spacerHeight / sliceHeight),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => sliceHeight,
    overscan: 0,
    useFlushSync: false,
  })
  const viewport = Math.min(
    MAX_VISIBLE_ROWS * ROW_HEIGHT,
    Math.max(0, (virtualizer.scrollRect?.height ?? 600) - HEADER_HEIGHT),
  )
  const scale = scrollScale(rowCount, viewport)
  const scrollTop = Math.min(virtualizer.scrollOffset ?? 0, maxScrollTop(scale))
  const visible = visibleRowRange(scale, scrollTop)
  const rendered = renderRowRange(scale, scrollTop, OVERSCAN_ROWS)
  const anchor = Math.floor(rendered.first / ANCHOR_BLOCK) * ANCHOR_BLOCK

  const recordWindow = useRecordWindow({
    portal: props.portal,
    firstPage: props.firstPage,
    firstPageRequest: props.firstPageRequest,
    limit: props.limit,
    rowCount,
    first: visible.first,
    last: visible.last,
    enabled: localRows === null,
  })

  // The row window follows the scroll position between renders (scaled scrolling moves rows faster
  // than the scrollbar), so its offset is written straight to the DOM on every scroll event.
  const windowRef = useRef<HTMLDivElement>(null)
  const layout = useRef({ scale, anchor, rendered })
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  useLayoutEffect(() => {
    layout.current = { scale, anchor, rendered }
    // the offset this render used: reading scrollTop here would force a layout after every commit
    placeWindow(windowRef.current, scrollTop, scale, anchor)
  })
  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const onScroll = () => {
      const { scale: current, anchor: currentAnchor, rendered: drawn } = layout.current
      placeWindow(windowRef.current, element.scrollTop, current, currentAnchor)
      // Safety net: the virtualizer re-renders when its slice range changes; if the visible rows
      // already left the drawn ones (big slices, fast scaled scrolling), re-render now.
      const visibleNow = visibleRowRange(current, element.scrollTop)
      if (visibleNow.first < drawn.first || visibleNow.last > drawn.last) rerender()
    }
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
    return () => {
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('wheel', onWheel)
    }
  }, [scrollRef])

  useEffect(() => {
    if (visible.last >= visible.first) onVisibleRangeChange?.(visible.first, visible.last)
  }, [visible.first, visible.last, onVisibleRangeChange])

  const activeRendered = activeRow >= rendered.first && activeRow <= rendered.last
  useEffect(() => onActiveRenderedChange(activeRendered), [activeRendered, onActiveRenderedChange])

  useEffect(() => {
    onWindowError(recordWindow.hasError ? recordWindow.retry : null)
  }, [recordWindow.hasError, recordWindow.retry, onWindowError])

  const rows = []
  for (let index = rendered.first; index <= rendered.last; index++) {
    const local = localRows ? localRows[index] : undefined
    const state: RowState = localRows
      ? local
        ? { status: 'loaded', record: local }
        : LOADED_MISSING
      : recordWindow.getRow(index)
    rows.push(
      <GridRow
        key={index}
        index={index}
        top={(index - anchor) * ROW_HEIGHT}
        status={state.status}
        record={state.status === 'loaded' ? state.record : undefined}
        columns={columns}
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
