import { lazy, memo, Suspense, useCallback, useMemo, useState, type JSX } from 'react'
import { useEverTrue } from '../../components/ui/use-ever-true'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { usePaintedValue } from '../../components/ui/use-painted-value'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { useFoundRowCount } from '../../queries/found-row-count'
import { holdsEveryRecord, visibleRowCount } from '../../queries/page-plan'
import type { ColumnLayout } from '../../model/column-layout'
import type { ExplorerState, SortKey } from '../../model/explorer-state'
import { WARM_UP_PAGE, WARM_UP_REQUEST, WARM_UP_STATE } from '../../model/warm-up-page'
import { ColumnsMenu } from './columns-menu'
import { columnSpecs } from './columns-fns'
import { useEnvironment } from '../../instance/environment'
import { ColumnsAnnouncer } from './columns-announcer'
import type { HeaderStrip, OpenCell, ColumnActions, TableLocale } from './grid-types'
import { ROW_HEIGHT } from './grid-geometry'
import { RecordsGrid } from './records-grid'
import { useRecordsTable } from './use-records-table'
import { useLocalSort } from './use-local-sort'
import { useWarmUpNeeded, type WarmUpFlag } from './warm-up-flag'

// Loaded on first use: not needed to show the first rows (initial JS budget).
const CellDialog = lazy(() => import('./cell-dialog').then((module) => ({ default: module.CellDialog })))
/** The narrowest screen (px) on which keeping the label column in view is offered. */
const PIN_OFFER_MIN_SCREEN = 600
const PinOffer = lazy(() => import('./pin-offer').then((module) => ({ default: module.PinOffer })))

export interface RecordsTableProps {
  portal: Portal
  state: ExplorerState
  /** The first page, already fetched by the app (with `includeTotal: true`). */
  firstPage: SearchResult
  /** Exactly the request that produced firstPage; later pages reuse it with another offset and limit. */
  firstPageRequest: SearchRequest
  /** true when every matching record is in firstPage: sort in the browser, no request. */
  sortLocally: boolean
  onSortChange(sort: SortKey[]): void
  /** The columns shown, their order or the ones kept in view changed (one change of the view). */
  onLayoutChange(change: Partial<ColumnLayout>): void
  /** The first page is the previous result, shown while the new one loads: load no more pages for it. */
  stale?: boolean
  /** Drawn where nobody sees it (the warm-up): its rows are not fitted to the browser window. */
  offscreen?: boolean
  /**
   * Where the table's top is on screen (px from the window's top), asked once as its first rows are
   * drawn, or null when unknown: the first frame then draws only the rows the window shows.
   */
  screenTop?(): number | null
  /** A row of column profiles under the header row. */
  strip?: HeaderStrip
  /** The page's column actions beyond sorting and hiding (filter, profile) for the header menus. */
  onFilterColumn?(fieldId: string): void
  onProfileColumn?(fieldId: string): void
  /** The compact layout (a phone): narrower row numbers. */
  compact?: boolean
}

/**
 * The records of one DataStore table: a Columns menu, a note when the browser sorted, and a virtual,
 * sortable, resizable, keyboard-navigable grid that loads rows in windows around what is on screen.
 * Its columns are a TanStack table's (use-records-table.ts): a header click gives the next sort, and
 * the app sorts; the rows come from the record window (or the browser sort), never from a row model.
 */
export function RecordsTable(props: RecordsTableProps): JSX.Element {
  const { portal, state, firstPage, firstPageRequest, sortLocally, onSortChange, onLayoutChange } = props
  const t = useMessages(mainCatalogue)
  const cell = useCellLocale()
  const locale: TableLocale = useMemo(() => ({ cell, t }), [cell, t])

  // Each result brings its own (equal) fields: the columns are rebuilt only when they differ, or a new
  // sort or search would re-render every drawn row with new columns.
  const fieldsText = JSON.stringify(firstPage.fields)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const specs = useMemo(() => columnSpecs(firstPage.fields, t, firstPage.records), [fieldsText, t])
  const columns = useRecordsTable({
    fields: firstPage.fields,
    specs,
    view: state,
    onSortChange,
    onLayoutChange,
    buildTable: !props.offscreen,
  })
  const { shown } = columns

  const { onFilterColumn, onProfileColumn, offscreen } = props
  const { sortBy, hide, move, moveTo, pin } = columns
  const { hidden, columns: order, pinned } = state
  const arrangement = useMemo(
    () => ({ fields: firstPage.fields, layout: { hidden, columns: order, pinned } }),
    [firstPage.fields, hidden, order, pinned],
  )
  const columnActions: ColumnActions | undefined = useMemo(
    () =>
      offscreen
        ? undefined
        : {
            sort: sortBy,
            hide,
            filter: onFilterColumn,
            profile: onProfileColumn,
            move,
            moveTo,
            pin,
            arrangement,
          },
    [offscreen, sortBy, hide, onFilterColumn, onProfileColumn, move, moveTo, pin, arrangement],
  )

  // the label column is offered to keep in view when the columns run past the screen and none is kept;
  // not on a phone, where a kept column would take a third of the width and the offer a line above
  // the first row (the column menu still has "Keep in view")
  const { viewport, rowHeight = ROW_HEIGHT } = useEnvironment()
  const screenWidth = viewport?.width() ?? Infinity
  const columnsWidth = shown.reduce((sum, column) => sum + column.width, 0)
  const offerPin =
    !offscreen &&
    state.pinned.length === 0 &&
    screenWidth >= PIN_OFFER_MIN_SCREEN &&
    columnsWidth > screenWidth
  // its code is asked for after the first rows' frame, not in the commit that brings them
  const pinOfferPainted = usePaintedValue(offerPin || null)

  // every record is here (always so when sorting locally, see planSortChange): a header click may
  // sort in the browser, so its code starts loading (not for the warm-up table, nobody clicks it)
  const sortRecordsLocally = useLocalSort(holdsEveryRecord(firstPage) && !props.offscreen)
  const sortedHere = sortLocally && state.sort.length > 0 && sortRecordsLocally !== null
  const localRows = useMemo(
    () =>
      sortLocally
        ? sortedHere
          ? sortRecordsLocally!(firstPage.records, state.sort, firstPage.fields, cell.formats.locale)
          : firstPage.records
        : null,
    [sortLocally, sortedHere, sortRecordsLocally, state.sort, firstPage.records, firstPage.fields, cell],
  )
  // An estimated total can be off a little: the pages at its end tell where the records really end.
  const total = useFoundRowCount(firstPage)?.rows ?? firstPage.total
  const counted = visibleRowCount(state.limit, total, firstPage.records.length)
  const rowCount = localRows ? Math.min(counted, localRows.length) : counted

  const [openCell, setOpenCell] = useState<OpenCell | null>(null)
  const cellDialogMounted = useEverTrue(openCell !== null)
  const [retryWindow, setRetryWindow] = useState<(() => void) | null>(null)
  const onWindowError = useCallback((retry: (() => void) | null) => setRetryWindow(() => retry), [])
  const numberFormat = cell.formats.countFormat
  const formatRowNumber = useCallback((n: number) => numberFormat.format(n), [numberFormat])

  return (
    <div className="dse-table">
      <div className="dse-table__toolbar">
        <ColumnsMenu
          specs={specs}
          fields={firstPage.fields}
          layout={state}
          onHiddenChange={columns.setHidden}
          arrange={columns}
        />
        <ColumnsAnnouncer announcement={columns.announcement} t={t} />
        {offerPin && pinOfferPainted ? (
          <Suspense fallback={null}>
            <PinOffer
              specs={specs}
              records={firstPage.records}
              hidden={state.hidden}
              onPin={(id) => pin(id, true)}
              t={t}
            />
          </Suspense>
        ) : null}
        {/* a polite live region that stays in the DOM, so the note is announced when it appears */}
        <div aria-live="polite">
          {sortedHere ? (
            <p className="dse-table__note">{t('table.sort.local', { count: rowCount })}</p>
          ) : null}
        </div>
      </div>
      {retryWindow ? (
        <div className="dse-table__error" role="alert">
          <span>{t('table.grid.loadFailed')}</span>
          <button type="button" className="dse-button dse-button--secondary" onClick={retryWindow}>
            {t('table.grid.retry')}
          </button>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="dse-table__empty">{t('table.grid.noColumns')}</p>
      ) : (
        <RecordsGrid
          // the strip changes the head's height, and a host's theme the rows' height, from which the
          // rows are placed: a new grid
          key={`${props.strip ? 'with-strip' : 'plain'}-${rowHeight}`}
          strip={props.strip}
          rowHeight={rowHeight}
          columnActions={columnActions}
          compact={props.compact}
          portal={portal}
          firstPage={firstPage}
          firstPageRequest={firstPageRequest}
          limit={state.limit}
          stale={props.stale}
          offscreen={props.offscreen}
          screenTop={props.screenTop}
          formatRowNumber={formatRowNumber}
          rowCount={rowCount}
          localRows={localRows}
          columns={shown}
          headerSorts={columns.headerSorts}
          locale={locale}
          onSort={columns.toggleSort}
          onResize={columns.resize}
          onOpenCell={setOpenCell}
          onWindowError={onWindowError}
        />
      )}
      {cellDialogMounted ? (
        <Suspense fallback={null}>
          <CellDialog
            cell={openCell}
            locale={locale}
            formatRowNumber={formatRowNumber}
            onClose={() => setOpenCell(null)}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

const noop = () => {}

/**
 * The warm-up table: one row, laid out but never painted, focusable or exposed to assistive technology,
 * drawn while the first page is on its way. The browser compiles code and loads fonts on first use;
 * doing that here keeps it out of the time between the first page's answer and its rows on screen.
 * Mount it only while waiting. A memo: a render of the page meanwhile must not draw it again.
 */
export const WarmUpTable = memo(function WarmUpTable({
  portal,
  warmUp,
}: {
  portal: Portal
  /** Whether this explorer drew the warm-up table already (then the code is compiled). */
  warmUp: WarmUpFlag
}): JSX.Element | null {
  // once per explorer: the second table to load finds the code compiled already
  if (!useWarmUpNeeded(warmUp)) return null
  return (
    <div className="dse-warm-up" aria-hidden="true" inert>
      <RecordsTable
        portal={portal}
        state={WARM_UP_STATE}
        firstPage={WARM_UP_PAGE}
        firstPageRequest={WARM_UP_REQUEST}
        sortLocally={false}
        onSortChange={noop}
        onLayoutChange={noop}
        offscreen
      />
    </div>
  )
})
