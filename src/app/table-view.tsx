// An open table: its heading, the toolbar (search, limit, filters, overviews, export, tabs), the active
// filters, the counts line, the records (view-records.tsx) and the dialogs (view-dialogs.tsx).
import type { UseQueryResult } from '@tanstack/react-query'
import { useCallback, useId } from 'react'
import { REQUEST_TIMEOUT_MS } from '../api/ckan/errors'
import type { FilterScalar, Portal, ResourceSummary, SearchRequest, SearchResult } from '../api/ckan/types'
import { FilterChips } from '../features/filters/filter-chips'
import { countText } from '../features/status/count-text'
import { StatusBar } from '../features/status/status-bar'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState, SortKey } from '../model/explorer-state'
import { removeFilter, setFilterValues } from '../model/filter-edits'
import { useFoundRowCount } from '../queries/found-row-count'
import { visibleRowCount } from '../queries/page-plan'
import { useProfileStrip } from './use-profile-strip'
import type { ChangeView } from './use-explorer-state'
import { useViewDialogs } from './use-view-dialogs'
import { ViewDialogs } from './view-dialogs'
import { ViewRecords } from './view-records'
import { ViewToolbar, type ShownAs } from './view-toolbar'

const REQUEST_TIMEOUT_SECONDS = Math.round(REQUEST_TIMEOUT_MS / 1000)

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
  const tabIds = { table: useId(), chart: useId(), summary: useId(), panel: useId() }
  // the records as a table, a quick chart or a summary (each loaded when first shown), as the link says
  const shownAs = state.tab
  const setShownAs = (tab: ShownAs) => change({ tab }, { history: 'push' })
  const { dialogs, openDialog, closeDialog } = useViewDialogs()
  const data = firstPage.data
  const fields = data?.fields ?? []

  const applyFilter = (field: string, values: FilterScalar[]) =>
    change({ filters: setFilterValues(state.filters, field, values) }, { history: 'push' })

  const dropFilter = (field: string) =>
    change({ filters: removeFilter(state.filters, field) }, { history: 'push' })

  // What the table's pages showed about the real row count of the shown result (an estimated total
  // can be off): the count line says the exact one.
  const foundRowCount = useFoundRowCount(data)
  // the exact total, once the table reached where the records of an estimated total really end
  const exactTotal = foundRowCount?.exact ? foundRowCount.rows : undefined
  const total = exactTotal ?? data?.total
  const totalWasEstimated = exactTotal === undefined && !!data?.totalWasEstimated
  const shown = data ? visibleRowCount(state.limit, total, data.records.length) : 0
  const counts = data ? countText({ shown, total, totalWasEstimated, limit: state.limit }, t) : null
  // the resource total (for "count the values" in the filter dialog) is known when nothing narrows the view
  const resourceTotal =
    data && !data.totalWasEstimated && state.q.trim() === '' && Object.keys(state.filters).length === 0
      ? data.total
      : undefined

  const openProfile = useCallback((field?: string) => openDialog('profile', field), [openDialog])
  const strip = useProfileStrip({ portal, request, firstPage, fields, total, onOpenProfile: openProfile })

  return (
    <section className="dse-view" aria-labelledby={titleId}>
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
        shownAs={shownAs}
        onShownAsChange={setShownAs}
        tabIds={tabIds}
        openDialog={openDialog}
      />
      <FilterChips
        filters={state.filters}
        fields={fields}
        onRemove={dropFilter}
        onEdit={(field) => openDialog('filter', field)}
        onClear={() => change({ filters: {} }, { history: 'push' })}
      />
      <StatusBar
        text={counts}
        busy={firstPage.isFetching}
        estimatedHint={totalWasEstimated}
        throughProxy={!!data?.throughProxy}
        waitLimitSeconds={REQUEST_TIMEOUT_SECONDS}
      />
      <ViewRecords
        portal={portal}
        state={state}
        firstPage={firstPage}
        request={request}
        sortLocally={props.sortLocally}
        change={change}
        changeSort={props.changeSort}
        dropFilter={dropFilter}
        onAddToken={props.onAddToken}
        shownAs={shownAs}
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
        resourceTotal={resourceTotal}
        applyFilter={applyFilter}
      />
    </section>
  )
}
