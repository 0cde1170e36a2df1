// An open table: its heading and toolbar (view-heading.tsx), the active filters, the counts line, the
// records (view-records.tsx) and the dialogs (view-dialogs.tsx).
import type { UseQueryResult } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useId, useMemo } from 'react'
import { REQUEST_TIMEOUT_MS } from '../api/ckan/errors'
import type { Portal, ResourceSummary, SearchRequest, SearchResult } from '../api/ckan/types'
import { StatusBar } from '../features/status/status-bar'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState, SortKey } from '../model/explorer-state'
import { useScreenFit } from './screen-fit'
import { useProfileStrip } from './use-profile-strip'
import type { ChangeView } from './use-explorer-state'
import { useViewDialogs } from './use-view-dialogs'
import { ViewDialogs } from './view-dialogs'
import { ViewRecords } from './view-records'
import { offeredTabs, viewTabIds, type ShownAs } from './view-tabs'
import { useFilterChanges } from './use-filter-changes'
import { usePlaces } from './use-places'
import { useViewCounts } from './use-view-counts'
import { ViewHeading } from './view-heading'

const REQUEST_TIMEOUT_SECONDS = Math.round(REQUEST_TIMEOUT_MS / 1000)

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
  const { dialogs, openDialog, editFilter, closeDialog } = useViewDialogs()
  const data = firstPage.data
  const busy = firstPage.isFetching
  const fields = data?.fields ?? []
  const places = usePlaces(data, state.place)
  // one list of tabs: the Map tab only for a table with places
  const views = offeredTabs(places !== null, narrow, state.tab)
  const tabShown: ShownAs = views.includes(shownAs) ? shownAs : 'table'

  const { putCondition, filterOnValue, dropConditions, dropFilter, filterOnRange } = useFilterChanges(
    state.filters,
    change,
  )
  const counts = useViewCounts(firstPage, state.limit, t)
  const { total, totalWasEstimated } = counts

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
      <ViewHeading
        compact={compact}
        titleId={titleId}
        summary={summary}
        state={state}
        change={change}
        fields={fields}
        choices={{
          canDownload: request !== null,
          shownAs: tabShown,
          views,
          onShownAsChange: setShownAs,
          stripShown: strip.shown,
          onStripShownChange: strip.setShown,
          openDialog,
        }}
        tabIds={tabIds}
        filterEdits={{
          onRemoveFilter: (index) => putCondition(index, null),
          onRemoveFilters: dropConditions,
          onEditFilter: editFilter,
        }}
      />
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
        text={counts.text}
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
        viewTotal={counts.viewTotal}
        putCondition={putCondition}
        filterOnValue={filterOnValue}
        filterOnRange={filterOnRange}
      />
    </section>
  )
}
