// An open table: its heading, the toolbar (search, limit, filters, overviews, export, tabs), the active
// filters, the counts line, the records (view-records.tsx) and the dialogs (view-dialogs.tsx).
import type { UseQueryResult } from '@tanstack/react-query'
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { REQUEST_TIMEOUT_MS } from '../api/ckan/errors'
import type { FilterScalar, Portal, ResourceSummary, SearchRequest, SearchResult } from '../api/ckan/types'
import { countText } from '../features/status/count-text'
import type { PlaceColumns } from '../features/map/find-places'
import { StatusBar } from '../features/status/status-bar'
import { afterPaintWhenIdle } from '../components/ui/after-next-paint'
import { useEverTrue } from '../components/ui/use-ever-true'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState, SortKey } from '../model/explorer-state'
import { removeFiltersOn, replaceCondition, setFilterValues } from '../model/filter-edits'
import type { FilterCondition } from '../model/filters'
import { useFoundRowCount } from '../queries/found-row-count'
import { visibleRowCount } from '../queries/page-plan'
import { useScreenFit } from './screen-fit'
import { useProfileStrip } from './use-profile-strip'
import type { ChangeView } from './use-explorer-state'
import { useViewDialogs } from './use-view-dialogs'
import { ViewDialogs } from './view-dialogs'
import { ViewRecords } from './view-records'
import { offeredTabs, viewTabIds, type ShownAs } from './view-tabs'
import { ViewToolbar } from './view-toolbar'

const REQUEST_TIMEOUT_SECONDS = Math.round(REQUEST_TIMEOUT_MS / 1000)

// Loaded on a narrow screen only (a wide one never needs it), at once: the one-line toolbar.
const CompactToolbar = lazy(() =>
  import('./compact-toolbar').then((module) => ({ default: module.CompactToolbar })),
)
// Loaded when first opened: the compact toolbar's sheet of filters and options.
const ViewSheet = lazy(() => import('./view-sheet').then((module) => ({ default: module.ViewSheet })))

// Loaded when a view has filters (with their own catalogue): not needed for the first rows of most views.
const FilterChips = lazy(() =>
  import('../features/filters/filter-chips').then((module) => ({ default: module.FilterChips })),
)

export interface TableViewProps {
  portal: Portal
  state: ExplorerState
  summary: ResourceSummary | undefined
  firstPage: UseQueryResult<SearchResult, unknown>
  request: SearchRequest | null
  sortLocally: boolean
  change: ChangeView
  /** A sort change, decided local or not at the moment of the click (useFirstPage.prepareSortChange). */
  changeSort(sort: SortKey[]): void
  onAddToken(): void
}

export function TableView(props: TableViewProps) {
  const { portal, state, summary, firstPage, request, change } = props
  const t = useMessages(mainCatalogue)
  const titleId = useId()
  const viewId = useId()
  const tabIds = useMemo(() => viewTabIds(viewId), [viewId])
  // the records as a table, cards, a quick chart, a summary or a map (each loaded when first shown), as
  // the link says, else as the screen suits (the cards load at once where they are the default: app.tsx)
  const { compact, narrow } = useScreenFit()
  const shownAs: ShownAs = state.tab ?? (narrow ? 'cards' : 'table')
  const setShownAs = (tab: ShownAs) => change({ tab }, { history: 'push' })
  const [sheetOpen, setSheetOpen] = useState(false)
  const sheetMounted = useEverTrue(sheetOpen)
  const closeSheet = useCallback(() => setSheetOpen(false), [])
  const { dialogs, openDialog, editFilter, closeDialog } = useViewDialogs()
  const data = firstPage.data
  const busy = firstPage.isFetching
  const fields = data?.fields ?? []
  const places = usePlaces(data, state.place)
  // one list of tabs: the Map tab only for a table with places
  const views = offeredTabs(places !== null, narrow, state.tab)
  const tabShown: ShownAs = views.includes(shownAs) ? shownAs : 'table'

  const putCondition = (index: number | undefined, condition: FilterCondition | null) =>
    change({ filters: replaceCondition(state.filters, index, condition) }, { history: 'push' })
  const filterOnValue = (field: string, value: FilterScalar) =>
    change({ filters: setFilterValues(state.filters, field, [value]) }, { history: 'push' })
  const dropConditions = (indices: number[]) =>
    change({ filters: state.filters.filter((_, index) => !indices.includes(index)) }, { history: 'push' })
  const dropFilter = (field: string) =>
    change({ filters: removeFiltersOn(state.filters, field) }, { history: 'push' })
  // a range from a column's histogram (the overview under its name, or its profile): one new chip
  // (the overviews keep one callback: a new one would draw every overview again on each render)
  const latest = useRef({ filters: state.filters, change })
  useLayoutEffect(() => {
    latest.current = { filters: state.filters, change }
  })
  const filterOnRange = useCallback(
    (condition: FilterCondition) =>
      latest.current.change(
        { filters: replaceCondition(latest.current.filters, undefined, condition) },
        { history: 'push' },
      ),
    [],
  )

  // What the table's pages showed about the real row count of the shown result (an estimated total
  // can be off): the count line says the exact one.
  const foundRowCount = useFoundRowCount(data)
  // the exact total, once the table reached where the records of an estimated total really end
  const exactTotal = foundRowCount?.exact ? foundRowCount.rows : undefined
  const total = exactTotal ?? data?.total
  const totalWasEstimated = exactTotal === undefined && !!data?.totalWasEstimated
  const shown = data ? visibleRowCount(state.limit, total, data.records.length) : 0
  const counts = data ? countText({ shown, total, totalWasEstimated, limit: state.limit }, t) : null
  // the view's exact count (the filter dialog counts each value in the browser when they are few)
  const viewTotal = data && !firstPage.isPlaceholderData && !data.totalWasEstimated ? data.total : undefined

  const openProfile = useCallback((field?: string) => openDialog('profile', field), [openDialog])
  const strip = useProfileStrip({
    portal,
    request,
    firstPage,
    fields,
    total,
    onOpenProfile: openProfile,
    onFilterRange: filterOnRange,
  })

  return (
    <section className="dse-view" aria-labelledby={titleId}>
      {compact ? (
        // until it arrives (with the first page), a line of its height keeps the records in place
        <Suspense fallback={<div className="dse-compact-bar" />}>
          <CompactToolbar
            title={
              // dir="auto": a Latin name in a right-to-left page is shortened at its own end
              <h2 id={titleId} className="dse-view__title" dir="auto">
                {summary?.name ?? state.resourceId}
              </h2>
            }
            state={state}
            change={change}
            sheetOpen={sheetOpen}
            onOpenSheet={() => setSheetOpen(true)}
          />
        </Suspense>
      ) : (
        <>
          <div className="dse-view__heading">
            <h2 id={titleId} className="dse-view__title">
              {summary?.name ?? state.resourceId}
            </h2>
            {summary?.datasetTitle && (
              <p className="dse-hint">{t('app.inDataset', { title: summary.datasetTitle })}</p>
            )}
          </div>
          <ViewToolbar
            state={state}
            change={change}
            hasFields={fields.length > 0}
            canDownload={request !== null}
            stripShown={strip.shown}
            onStripShownChange={strip.setShown}
            shownAs={tabShown}
            views={views}
            onShownAsChange={setShownAs}
            tabIds={tabIds}
            openDialog={openDialog}
          />
        </>
      )}
      {sheetMounted && (
        <Suspense fallback={null}>
          <ViewSheet
            open={sheetOpen}
            onClose={closeSheet}
            state={state}
            change={change}
            fields={fields}
            canDownload={request !== null}
            shownAs={tabShown}
            views={views}
            onShownAsChange={setShownAs}
            stripShown={strip.shown}
            onStripShownChange={strip.setShown}
            openDialog={openDialog}
            onRemoveFilter={(index) => putCondition(index, null)}
            onRemoveFilters={dropConditions}
            onEditFilter={editFilter}
          />
        </Suspense>
      )}
      {state.filters.length > 0 && (
        <Suspense fallback={null}>
          <FilterChips
            filters={state.filters}
            fields={fields}
            onRemove={(index) => putCondition(index, null)}
            onRemoveMany={dropConditions}
            onEdit={editFilter}
            onClear={() => change({ filters: [] }, { history: 'push' })}
          />
        </Suspense>
      )}
      <StatusBar
        text={counts}
        busy={busy}
        estimatedHint={totalWasEstimated}
        throughProxy={!!data?.throughProxy}
        filteredInBrowser={!!data?.filteredInBrowser && !busy}
        waitLimitSeconds={REQUEST_TIMEOUT_SECONDS}
      />
      <ViewRecords
        portal={portal}
        state={state}
        firstPage={firstPage}
        request={request}
        fields={fields}
        sortLocally={props.sortLocally}
        change={change}
        changeSort={props.changeSort}
        dropFilter={dropFilter}
        onAddToken={props.onAddToken}
        shownAs={tabShown}
        places={places}
        onFiltersChange={(filters) => change({ filters }, { history: 'push' })}
        tabIds={tabIds}
        strip={strip.strip}
        openDialog={openDialog}
        tableName={summary?.name}
      />
      <ViewDialogs
        dialogs={dialogs}
        closeDialog={closeDialog}
        portal={portal}
        state={state}
        request={request}
        fields={fields}
        summary={summary}
        total={total}
        totalEstimated={totalWasEstimated}
        viewTotal={viewTotal}
        putCondition={putCondition}
        filterOnValue={filterOnValue}
        filterOnRange={filterOnRange}
      />
    </section>
  )
}

/**
 * Where the records are: the columns the reader chose (the link's `place`), else what the table's
 * columns say (the Map tab is offered only then). The detection is loaded after the first page: it
 * is not part of the first screen's script.
 */
function usePlaces(data: SearchResult | undefined, chosen: readonly string[]): PlaceColumns | null {
  const [found, setFound] = useState<{ data: SearchResult; places: PlaceColumns | null } | null>(null)
  useEffect(() => {
    if (!data) return
    let current = true
    // after the frame that shows the rows: this effect runs in the commit that brings them
    const cancel = afterPaintWhenIdle(() => {
      void import('../features/map/find-places').then(({ chosenPlaces, findPlaces }) => {
        const places =
          chosenPlaces(chosen, data.fields, data.records) ?? findPlaces(data.fields, data.records)
        // the same columns keep their object: the map reads every record again only for new ones
        if (current)
          setFound((previous) =>
            previous && JSON.stringify(previous.places) === JSON.stringify(places)
              ? { data, places: previous.places }
              : { data, places },
          )
      })
    })
    return () => {
      current = false
      cancel()
    }
  }, [data, chosen])
  // a table's columns do not change with its pages: the last answer holds until the next one is read
  return found?.places ?? null
}
