// The open table's records, in the tab shown: the grid (or why it could not load, or that nothing
// matched, or its loading state with the warm-up table), or the quick chart.
import type { UseQueryResult } from '@tanstack/react-query'
import { lazy, memo, Suspense, useCallback, useRef, useState } from 'react'
import { needsOperators } from '../api/ckan/filters'
import type { CkanField, Portal, SearchRequest, SearchResult, SortKey } from '../api/ckan/types'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { Spinner } from '../components/ui/spinner'
import type { HeaderStrip } from '../features/table/grid-types'
import { RecordsTable, WarmUpTable } from '../features/table/records-table'
import { createWarmUpFlag, useWarmUpNeeded, type WarmUpFlag } from '../features/table/warm-up-flag'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { PlaceColumns } from '../features/map/find-places'
import type { ExplorerState } from '../model/explorer-state'
import { useRecordWindow } from '../queries/use-record-window'
import { fieldLabel } from '../model/fields'
import { conditionFilters, type FilterCondition } from '../model/filters'
import { setFilterValues } from '../model/filter-edits'
import { WARM_UP_PAGE, WARM_UP_REQUEST, WARM_UP_STATE } from '../model/warm-up-page'
import { cardsComponent } from './load-cards'
import { loadTableError } from './load-table-error'
import { useScreenFit } from './screen-fit'
import type { ChangeView } from './use-explorer-state'
import type { ViewDialogKind } from './use-view-dialogs'
import type { ShownAs, ViewTabIds } from './view-tabs'

// Loaded on first use: none is needed to show the first rows (initial JS budget).
const TableError = lazy(() => loadTableError().then((module) => ({ default: module.TableError })))
const EmptyResult = lazy(() =>
  import('../features/status/empty-result').then((module) => ({ default: module.EmptyResult })),
)
const ChartView = lazy(() =>
  import('../features/chart/chart-view').then((module) => ({ default: module.ChartView })),
)
const MapPanel = lazy(() =>
  import('../features/map/map-panel').then((module) => ({ default: module.MapPanel })),
)
const SummaryTab = lazy(() => import('./summary-tab').then((module) => ({ default: module.SummaryTab })))
// The cards' code: loaded at once where they are the default (table-view.tsx), else when first chosen.
const RecordsCards = lazy(cardsComponent)

/** The conditions a portal before CKAN 2.12 cannot apply (ranges, pasted ORs): what a refusal is about. */
function needsPortalOperators(condition: FilterCondition): boolean {
  return needsOperators(conditionFilters(condition))
}

/** The columns the view's ranges are on, each once, with how a sort could stand in for its range. */
function rangeColumnsOf(filters: readonly FilterCondition[], fields: readonly CkanField[]) {
  const byField = new Map<string, { field: string; label: string; desc: boolean }>()
  for (const condition of filters) {
    if (condition.kind !== 'range') continue
    byField.set(condition.field, {
      field: condition.field,
      label: fieldLabel(
        fields.find((field) => field.id === condition.field),
        condition.field,
      ),
      // "at least" looks at the largest values first, anything else at the smallest
      desc: condition.lower !== undefined && condition.upper === undefined,
    })
  }
  return [...byField.values()]
}

export interface ViewRecordsProps {
  portal: Portal
  state: ExplorerState
  firstPage: UseQueryResult<SearchResult, unknown>
  request: SearchRequest | null
  /** The table's columns, as far as known (their labels name a refused range's column). */
  fields: readonly CkanField[]
  sortLocally: boolean
  change: ChangeView
  changeSort(sort: SortKey[]): void
  dropFilter(field: string): void
  onAddToken(): void
  shownAs: ShownAs
  /** Where the records are (the Map tab), when the table says. */
  places: PlaceColumns | null
  /** Replaces the view's filters (the map's area). */
  onFiltersChange(filters: FilterCondition[]): void
  tabIds: ViewTabIds
  strip: HeaderStrip | undefined
  openDialog(kind: ViewDialogKind, field?: string): void
  /** The table's name (a summary's file is named after it). */
  tableName: string | undefined
}

export function ViewRecords(props: ViewRecordsProps) {
  const { portal, state, firstPage, request, change, dropFilter, tabIds, openDialog } = props
  const t = useMessages(mainCatalogue)
  const { compact } = useScreenFit()
  // set once the warm-up table was drawn (no render: it only spares the next table's warm-up)
  const [warmUp] = useState(createWarmUpFlag)
  const [cardsWarmUp] = useState(createWarmUpFlag)
  const data = firstPage.data
  const busy = firstPage.isFetching
  // Where the table goes: the first rows are drawn for the part of it the window shows (RecordsTable).
  // Read as they are drawn, from the loading state that held the place (laid out, so no layout is forced).
  const tableRegionRef = useRef<HTMLDivElement>(null)
  const tableScreenTop = useCallback(() => tableRegionRef.current?.getBoundingClientRect().top ?? null, [])
  const onFilterColumn = useCallback((field: string) => openDialog('filter', field), [openDialog])
  const onProfileColumn = useCallback((field: string) => openDialog('profile', field), [openDialog])

  // why the first page could not load (a refused range on an older portal…): said in every tab
  const tableError =
    firstPage.isError && !data ? (
      <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
        <TableError
          error={firstPage.error}
          onRetry={() => void firstPage.refetch()}
          onAddToken={props.onAddToken}
          onRemoveFilter={dropFilter}
          onRemoveSort={(field) =>
            change({ sort: state.sort.filter((key) => key.field !== field) }, { history: 'push' })
          }
          onClearSearch={() => change({ q: '' }, { history: 'push' })}
          rangeColumns={rangeColumnsOf(state.filters, props.fields)}
          onSortInstead={(field, desc) =>
            change(
              {
                filters: state.filters.filter(
                  (condition) => !(condition.kind === 'range' && condition.field === field),
                ),
                sort: [{ field, desc }],
              },
              { history: 'push' },
            )
          }
          onRemoveRanges={() =>
            change(
              { filters: state.filters.filter((condition) => !needsPortalOperators(condition)) },
              { history: 'push' },
            )
          }
        />
      </Suspense>
    ) : null

  if (props.shownAs === 'summary') {
    return (
      <div id={tabIds.panel} role="tabpanel" aria-labelledby={tabIds.summary} className="dse-chart-region">
        {tableError ?? (
          <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
            <SummaryTab
              portal={portal}
              state={state}
              firstPage={data}
              request={request}
              change={change}
              tableName={props.tableName}
            />
          </Suspense>
        )}
      </div>
    )
  }
  if (props.shownAs === 'map' && props.places) {
    return (
      <div id={tabIds.panel} role="tabpanel" aria-labelledby={tabIds.map} className="dse-map-region">
        {tableError ??
          (request ? (
            <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
              <MapPanel
                portal={portal}
                request={request}
                fields={props.fields}
                places={props.places}
                filters={state.filters}
                onFiltersChange={props.onFiltersChange}
                at={state.mapAt}
                onMove={(mapAt) => change({ mapAt }, { history: 'replace' })}
                onChoosePlace={(place) => change({ place, mapAt: null }, { history: 'push' })}
                onShowInTable={(id) =>
                  change(
                    { filters: setFilterValues(state.filters, '_id', [id]), tab: 'table' },
                    { history: 'push' },
                  )
                }
              />
            </Suspense>
          ) : (
            <Spinner label={t('app.loadingTable')} />
          ))}
      </div>
    )
  }
  if (props.shownAs === 'chart') {
    return (
      <div id={tabIds.panel} role="tabpanel" aria-labelledby={tabIds.chart} className="dse-chart-region">
        {tableError ??
          (data && request ? (
            <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
              <ChartView
                portal={portal}
                view={request}
                fields={data.fields}
                records={data.records}
                total={data.total}
              />
            </Suspense>
          ) : (
            <Spinner label={t('app.loadingTable')} />
          ))}
      </div>
    )
  }
  return (
    <div
      id={tabIds.panel}
      role="tabpanel"
      aria-labelledby={tabIds[props.shownAs]}
      className="dse-table-region"
      aria-busy={busy}
      ref={tableRegionRef}
    >
      <ErrorBoundary resetKey={request ? JSON.stringify(request) : ''}>
        {tableError ? (
          tableError
        ) : data && request ? (
          <>
            {data.records.length === 0 && !busy && (
              <Suspense fallback={null}>
                <EmptyResult
                  q={state.q}
                  wholeWords={state.searchMode === 'plain'}
                  filters={state.filters}
                  onClearSearch={() => change({ q: '' }, { history: 'push' })}
                  onMatchPartOfWords={() => change({ searchMode: 'prefix' }, { history: 'push' })}
                  onRemoveFilter={dropFilter}
                />
              </Suspense>
            )}
            {props.shownAs === 'cards' ? (
              <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
                <RecordsCards
                  portal={portal}
                  state={state}
                  firstPage={data}
                  firstPageRequest={request}
                  stale={firstPage.isPlaceholderData}
                  useWindow={useRecordWindow}
                />
              </Suspense>
            ) : (
              <RecordsTable
                portal={portal}
                state={state}
                firstPage={data}
                firstPageRequest={request}
                sortLocally={props.sortLocally}
                onSortChange={props.changeSort}
                // the columns' arrangement is not part of the request: nothing to ask for
                onLayoutChange={(layout) => change(layout, { history: 'push' })}
                stale={firstPage.isPlaceholderData}
                screenTop={tableScreenTop}
                strip={props.strip}
                onFilterColumn={onFilterColumn}
                onProfileColumn={onProfileColumn}
                compact={compact}
              />
            )}
          </>
        ) : (
          <div className="dse-table-loading" aria-busy="true">
            <Spinner label={t('app.loadingTable')} />
            {props.shownAs === 'cards' ? (
              <WarmUpCards portal={portal} warmUp={cardsWarmUp} />
            ) : (
              <WarmUpTable portal={portal} warmUp={warmUp} />
            )}
          </div>
        )}
      </ErrorBoundary>
    </div>
  )
}

/**
 * The cards' warm-up, the grid's WarmUpTable for a screen that shows cards: one card, laid out but
 * never painted, focusable or exposed, while the first page is on its way, so that the cards' code
 * and faces (a bold label, small muted fields) are ready when the records come. Once per explorer.
 */
const WarmUpCards = memo(function WarmUpCards({ portal, warmUp }: { portal: Portal; warmUp: WarmUpFlag }) {
  if (!useWarmUpNeeded(warmUp)) return null
  return (
    <div className="dse-warm-up" aria-hidden="true" inert>
      <Suspense fallback={null}>
        <RecordsCards
          portal={portal}
          state={WARM_UP_STATE}
          firstPage={WARM_UP_PAGE}
          firstPageRequest={WARM_UP_REQUEST}
          stale
          useWindow={useRecordWindow}
        />
      </Suspense>
    </div>
  )
})
