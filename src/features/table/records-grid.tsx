import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { useEnvironment } from '../../instance/environment'
import type { Limit } from '../../model/explorer-state'
import type { HeaderSort } from './columns-fns'
import { GridBody } from './grid-body'
import { GridHeaderRow } from './grid-header-row'
import { clampPosition, logicalArrowKey, nextPosition, type CellPosition } from './grid-keyboard-fns'
import { headHeightOf, ROW_HEIGHT } from './grid-geometry'
import {
  type ColumnActions,
  type HeaderStrip,
  type LocalRows,
  type OpenCell,
  type ShownColumn,
  type TableLocale,
} from './grid-types'
import { rowsPerPage, scrollScale, scrollTopToReveal } from './scroll-scale-fns'
import { ColumnsBeyondHint } from './columns-beyond-hint'
import { rowViewport } from './scroll-view-fns'
import { rowNumberWidth as rowNumberWidthIn } from './row-number-width'
import { firstScreenColumns } from './screen-columns'
import { useColumnRoom } from './use-column-room'

// Loaded on first use: no menu is needed to show the first rows.
const ColumnHeaderMenu = lazy(() =>
  import('./column-header-menu').then((module) => ({ default: module.ColumnHeaderMenu })),
)

export interface RecordsGridProps {
  portal: Portal
  firstPage: SearchResult
  firstPageRequest: SearchRequest
  limit: Limit
  rowCount: number
  localRows: LocalRows
  columns: readonly ShownColumn[]
  /** Each shown column's part in the sort (the table model's). */
  headerSorts: ReadonlyMap<string, HeaderSort>
  locale: TableLocale
  onSort(fieldId: string, addKey: boolean): void
  onResize(fieldId: string, width: number): void
  onOpenCell(cell: OpenCell): void
  onWindowError(retry: (() => void) | null): void
  /** The first page is the previous result while a new one loads. */
  stale?: boolean
  /** Drawn where nobody sees it: its rows are not fitted to the browser window. */
  offscreen?: boolean
  /** Where the table's top is on screen, if known (RecordsTableProps.screenTop). */
  screenTop?(): number | null
  /** "1,000,000": the row numbers, in the UI's locale. */
  formatRowNumber(n: number): string
  /** A row under the header row (the column profiles); its height is kept from the first frame. */
  strip?: HeaderStrip
  /** What each column's header menu offers (absent: no menus, as in the warm-up table). */
  columnActions?: ColumnActions
  /**
   * A row's height (px; default ROW_HEIGHT): the rows are placed from it, so it is fixed for the grid's
   * life (another height makes a new grid). table.css follows it through --dse-row-height.
   */
  rowHeight?: number
  /** The compact layout (a phone): narrower row numbers. */
  compact?: boolean
}

function positionOf(element: Element | null): CellPosition | null {
  const cell = element?.closest('[data-row]')
  if (!cell) return null
  const row = Number(cell.getAttribute('data-row'))
  const col = Number(cell.getAttribute('data-col'))
  return Number.isInteger(row) && Number.isInteger(col) ? { row, col } : null
}

/**
 * The grid: one scroll container with role="grid" (so there is no extra region to label), a sticky
 * header row and the virtual body. Keyboard: a roving tab stop (exactly one cell, or the active
 * header's sort button and its resize handle, is in the tab order), arrow keys, Home/End,
 * PageUp/PageDown, Ctrl+Home/End; Tab always leaves the grid.
 */
export function RecordsGrid(props: RecordsGridProps) {
  const { rowCount, headerSorts, locale, onSort, onResize, onOpenCell } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const baseId = useId()
  const [activeRaw, setActive] = useState<CellPosition>({ row: -1, col: 1 })
  // whether the active cell's row is drawn; none is active at first (GridBody reports it after its
  // first commit, and a matching start spares the grid a second render before the first paint)
  const [activeRendered, setActiveRendered] = useState(false)
  const focusPending = useRef(false)
  const focusWithin = useRef(false)
  const colCount = props.columns.length + 1
  const { strip, columnActions } = props
  const [menu, setMenu] = useState<{ fieldId: string; anchor: HTMLElement } | null>(null)
  const openMenu = useCallback((fieldId: string, anchor: HTMLElement) => setMenu({ fieldId, anchor }), [])
  const closeMenu = useCallback(() => setMenu(null), [])
  const headHeight = headHeightOf(strip !== undefined)
  const rowHeight = props.rowHeight ?? ROW_HEIGHT
  // wide enough for the largest row number ("1,000,000"), narrower on a phone
  const rowNumberWidth = (count: number) => rowNumberWidthIn(count, props.compact)
  const active = clampPosition(activeRaw, { rowCount, colCount, pageRows: 1 })

  // A ref given only to the active cell: when it mounts or becomes active after a key press, focus it.
  const focusRef = useCallback((element: HTMLElement | null) => {
    if (element && focusPending.current) {
      focusPending.current = false
      focusCell(element)
    }
  }, [])

  // The first rows are drawn with the columns the first screen shows (see GridBody); the header
  // follows them, and gets every column once they are painted, so scrolling sideways finds them all.
  const [allColumnsDrawn, setAllColumnsDrawn] = useState(false)
  const onRowsPainted = useCallback(() => setAllColumnsDrawn(true), [])
  const firstColumnStart = rowNumberWidth(rowCount)
  const records = props.localRows ?? props.firstPage.records
  // the room beyond the columns goes to those cut short, once the first rows are painted
  const columns = useColumnRoom({
    scrollRef,
    columns: props.columns,
    records,
    reservedWidth: firstColumnStart,
    painted: allColumnsDrawn,
  })
  // "Fit width": the longest value shown, measured as the cells draw it
  const fit = useCallback(
    (fieldId: string) => {
      const grid = scrollRef.current
      const column = columns.find((candidate) => candidate.spec.id === fieldId)
      if (!grid || !column) return
      // loaded on first use: no fit is needed to show the first rows (initial JS budget)
      void import('./text-width')
        .then(({ fittedWidth, gridTextMeasure, shownTexts }) => {
          const texts = shownTexts(column.spec, records, locale)
          onResize(fieldId, fittedWidth(texts, column.spec.label, gridTextMeasure(grid)))
        })
        .catch(() => undefined) // its code could not be fetched (offline): the width stays
    },
    [columns, records, locale, onResize],
  )

  // computed once here for the header and the rows (GridBody)
  const viewport = useEnvironment().viewport
  const firstScreen = useMemo(
    () => firstScreenColumns(columns, firstColumnStart, viewport?.width() ?? Infinity),
    [columns, firstColumnStart, viewport],
  )
  const headerColumns = allColumnsDrawn ? columns : firstScreen

  // A new result (other query, other sort) starts at the top. Not on mount: the grid is new and at
  // the top already, and writing scrollTop would force a layout before the first rows are painted.
  const shownResult = useRef({ firstPage: props.firstPage, localRows: props.localRows })
  useLayoutEffect(() => {
    const shown = shownResult.current
    if (shown.firstPage === props.firstPage && shown.localRows === props.localRows) return
    shownResult.current = { firstPage: props.firstPage, localRows: props.localRows }
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [props.firstPage, props.localRows])

  // If the focused row scrolled away (mouse wheel), keep focus in the grid so the arrow keys still work.
  useLayoutEffect(() => {
    const grid = scrollRef.current
    if (!activeRendered && !focusPending.current && focusWithin.current && grid && focusFellToBody(grid)) {
      grid.focus({ preventScroll: true })
    }
  }, [activeRendered])

  const moveTo = (next: CellPosition) => {
    const element = scrollRef.current
    focusPending.current = true
    setActive(next)
    if (element && next.row >= 0) {
      const scale = scrollScale(rowCount, rowViewport(element.clientHeight, headHeight, rowHeight), rowHeight)
      const target = scrollTopToReveal(scale, element.scrollTop, next.row)
      if (target !== element.scrollTop) element.scrollTop = target
    }
    // already rendered and active: the ref will not be called again, so focus it here
    const selector = `[data-row="${next.row}"][data-col="${next.col}"]`
    const existing = element?.querySelector<HTMLElement>(selector)
    if (existing && next.row === active.row && next.col === active.col) {
      focusPending.current = false
      focusCell(existing)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.altKey) return
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const element = scrollRef.current
    const pageRows = element
      ? rowsPerPage(
          scrollScale(rowCount, rowViewport(element.clientHeight, headHeight, rowHeight), rowHeight),
        )
      : 10
    const next = nextPosition(
      active,
      { key: logicalArrowKey(event.key, rtl), ctrlKey: event.ctrlKey, metaKey: event.metaKey },
      { rowCount, colCount, pageRows },
    )
    if (!next) return
    event.preventDefault()
    moveTo(next)
  }

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    focusWithin.current = true
    const position = positionOf(event.target)
    if (position && (position.row !== active.row || position.col !== active.col)) setActive(position)
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
    // Focus really left the grid, unless its element was removed (a row scrolled out of the DOM).
    const target = event.target
    queueMicrotask(() => {
      if (target.isConnected) focusWithin.current = false
    })
  }

  const onActiveRenderedChange = useCallback((rendered: boolean) => setActiveRendered(rendered), [])
  // The header of the active column is the tab stop while the active row is scrolled out of the DOM.
  const headerIsTabStop = active.row === -1 || !activeRendered
  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0) + rowNumberWidth(rowCount)
  // what the columns kept in view cover: keyboard focus scrolls cells out from under them
  const pinnedWidth = columns.reduce(
    (sum, column) => sum + (column.pinnedAt === undefined ? 0 : column.width),
    0,
  )

  return (
    <>
      <div
        ref={scrollRef}
        role="grid"
        part="grid"
        aria-label={locale.t('table.grid.label')}
        aria-rowcount={rowCount + 1}
        aria-colcount={colCount}
        tabIndex={-1}
        className="dse-grid"
        style={
          {
            '--dse-rownum-width': `${rowNumberWidth(rowCount)}px`,
            '--dse-head-height': `${headHeight}px`,
            '--dse-row-height': `${rowHeight}px`,
            '--dse-pinned-width': `${pinnedWidth}px`,
          } as CSSProperties
        }
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <div role="rowgroup" className="dse-grid__head" style={{ inlineSize: totalWidth }}>
          <GridHeaderRow
            columns={headerColumns}
            headerSorts={headerSorts}
            locale={locale}
            tabStopCol={headerIsTabStop ? active.col : -1}
            focusCol={active.row === -1 ? active.col : -1}
            focusRef={focusRef}
            baseId={baseId}
            onSort={onSort}
            onResize={onResize}
            onFit={columnActions ? fit : undefined}
            onOpenMenu={columnActions ? openMenu : undefined}
            onDropColumn={columnActions?.moveTo}
            strip={strip}
            stripReady={allColumnsDrawn}
          />
        </div>
        <GridBody
          scrollRef={scrollRef}
          portal={props.portal}
          firstPage={props.firstPage}
          firstPageRequest={props.firstPageRequest}
          limit={props.limit}
          rowCount={rowCount}
          localRows={props.localRows}
          stale={props.stale}
          offscreen={props.offscreen}
          screenTop={props.screenTop}
          columns={columns}
          screenColumns={firstScreen}
          totalWidth={totalWidth}
          activeRow={active.row}
          activeCol={active.col}
          focusRef={focusRef}
          locale={locale}
          formatRowNumber={props.formatRowNumber}
          onOpenCell={onOpenCell}
          onActiveRenderedChange={onActiveRenderedChange}
          onWindowError={props.onWindowError}
          onRowsPainted={onRowsPainted}
          headHeight={headHeight}
          rowHeight={rowHeight}
        />
      </div>
      {/* the warm-up is never seen: no hint to draw beside the first page's answer */}
      {!props.offscreen && (
        <ColumnsBeyondHint scrollRef={scrollRef} totalWidth={totalWidth} locale={locale} />
      )}
      {menu && columnActions ? (
        <Suspense fallback={null}>
          <ColumnHeaderMenu
            key={menu.fieldId}
            fieldId={menu.fieldId}
            anchor={menu.anchor}
            actions={columnActions}
            onFit={fit}
            width={columns.find((column) => column.spec.id === menu.fieldId)?.width ?? 0}
            onResize={onResize}
            locale={locale}
            onClose={closeMenu}
          />
        </Suspense>
      ) : null}
    </>
  )
}

/**
 * Focuses a cell without letting the browser scroll to it: refs attach before the row window is moved
 * to the new scroll position, so a browser scroll would chase a stale position (moveTo already scrolled
 * vertically). Once the rows are in place, scroll just enough sideways (and under the sticky header).
 */
function focusCell(element: HTMLElement): void {
  element.focus({ preventScroll: true })
  requestAnimationFrame(() => {
    if (element.isConnected && focusedIn(element) === element) {
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    }
  })
}

/**
 * The focused element of the document or shadow root that holds `element`: inside a shadow root the
 * document's activeElement is the host, never one of our cells.
 */
function focusedIn(element: Element): Element | null {
  return (element.getRootNode() as Document | ShadowRoot).activeElement
}

/** Focus fell to the page's body: the focused element was removed (a row scrolled out of the DOM). */
function focusFellToBody(element: Element): boolean {
  const page = element.ownerDocument
  return page.activeElement === page.body
}
