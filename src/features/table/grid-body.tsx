import { startTransition, useEffect, useLayoutEffect, useRef, type Ref, type RefObject } from 'react'
import { afterNextPaint } from '../../components/ui/after-next-paint'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { useEnvironment } from '../../instance/environment'
import type { Limit } from '../../model/explorer-state'
import { rowOf, type RowState } from '../../queries/page-plan'
import { useRecordWindow } from '../../queries/use-record-window'
import { drawsEveryColumn, type ColumnDrawing } from './columns-fns'
import { GridRow } from './grid-row'
import type { LocalRows, OpenCell, ShownColumn, TableLocale } from './grid-types'
import { useScrollView } from './use-scroll-view'

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
  /** The sticky head's height (px). */
  headHeight: number
  /** A row's height (px): the grid's, fixed for its life. */
  rowHeight: number
}

/** Until the first commit: no page to start (the record window's startRows takes over then). */
const startNoRows = () => {}

/**
 * The rows: which ones come from the scroll view (use-scroll-view.ts: the scroll container, the
 * browser window, leaps), their records from the record window (or the browser sort). It is the lowest
 * component, so scrolling re-renders only this.
 */
export function GridBody(props: GridBodyProps) {
  const { scrollRef, rowCount, localRows, columns, totalWidth, activeRow, activeCol, focusRef, locale } =
    props
  const { onActiveRenderedChange, onWindowError } = props
  const bodyRef = useRef<HTMLDivElement>(null)
  const windowRef = useRef<HTMLDivElement>(null)
  const startRowsRef = useRef<(first: number, last: number) => void>(startNoRows)
  const { api, viewport } = useEnvironment()
  const view = useScrollView({
    scrollRef,
    bodyRef,
    windowRef,
    rowCount,
    activeRow,
    result: props.firstPage,
    offscreen: props.offscreen,
    screenTop: props.screenTop,
    startRowsRef,
    headHeight: props.headHeight,
    rowHeight: props.rowHeight,
    viewport,
  })
  const { drawn, anchor, fetchRange, settledRows } = view
  // The first rows, the rows a leap lands on and the rows that come into view while scrolling are
  // drawn with the first screen's columns alone while the grid is at its inline start: about half
  // the text to lay out on a wide table (drawsEveryColumn). The others follow once those are painted
  // or the scrolling pauses.
  const { screenColumns } = props
  const columnDrawing: ColumnDrawing = {
    firstScreenOnly:
      screenColumns.length < columns.length && view.state.atInlineStart && activeCol <= screenColumns.length,
    settledRows,
    moving: view.state.moving,
    whole: view.state.whole,
  }

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
  // a leap's pages leave from its scroll event, with the plan of the last render committed
  useLayoutEffect(() => {
    startRowsRef.current = recordWindow.startRows
  })

  // the rows drawn for now (before the overscan) are the ones to wait for
  let drawnLoaded = true
  if (localRows === null) {
    for (let index = drawn.first; index <= drawn.last && drawnLoaded; index++) {
      drawnLoaded = recordWindow.getRow(index).status !== 'loading'
    }
  }
  const { onRowsPainted } = props
  const { drawOverscan } = view
  useEffect(() => {
    if (settledRows || !drawnLoaded) return
    // a transition: drawing the extra rows and columns yields to input instead of one long task
    return afterNextPaint(() =>
      startTransition(() => {
        drawOverscan()
        onRowsPainted?.()
      }),
    )
  }, [settledRows, drawnLoaded, drawOverscan, onRowsPainted])

  const activeRendered = activeRow >= drawn.first && activeRow <= drawn.last
  useEffect(() => onActiveRenderedChange(activeRendered), [activeRendered, onActiveRenderedChange])

  useEffect(() => {
    onWindowError(recordWindow.hasError ? recordWindow.retry : null)
  }, [recordWindow.hasError, recordWindow.retry, onWindowError])

  const { deferredFrom, deferredPage } = view
  const rows = []
  for (let index = drawn.first; index <= drawn.last; index++) {
    const deferred = index >= deferredFrom && index !== activeRow
    const kept = deferred ? deferredPage?.records[index] : undefined
    const state: RowState = kept
      ? rowOf(kept)
      : localRows
        ? rowOf(localRows[index])
        : recordWindow.getRow(index)
    rows.push(
      <GridRow
        key={index}
        index={index}
        deferred={deferred}
        top={(index - anchor) * props.rowHeight}
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
      style={{ blockSize: view.scale.scrollHeight, inlineSize: totalWidth }}
    >
      <div role="presentation" className="dse-grid__window" ref={windowRef}>
        {rows}
      </div>
    </div>
  )
}
