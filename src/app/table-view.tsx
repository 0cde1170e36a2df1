// An open table: its heading, the search, limit and filter controls, the active filters, the counts
// line, and the records (or why they could not load), with the filter dialog behind "Add filter".
import type { UseQueryResult } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { REQUEST_TIMEOUT_MS } from '../api/ckan/errors'
import type { FilterScalar, Portal, ResourceSummary, SearchRequest, SearchResult } from '../api/ckan/types'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { Spinner } from '../components/ui/spinner'
import { useEverTrue } from '../components/ui/use-ever-true'
import { FilterChips } from '../features/filters/filter-chips'
import { LimitSelect } from '../features/limit/limit-select'
import { SearchBox } from '../features/search/search-box'
import { countText } from '../features/status/count-text'
import { EmptyResult } from '../features/status/empty-result'
import { StatusBar } from '../features/status/status-bar'
import { RecordsTable, WarmUpTable } from '../features/table/records-table'
import type { HeaderStrip } from '../features/table/grid-types'
import { createWarmUpFlag } from '../features/table/warm-up-flag'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState, SortKey } from '../model/explorer-state'
import { removeFilter, setFilterValues } from '../model/filter-edits'
import { useFoundRowCount } from '../queries/found-row-count'
import { visibleRowCount } from '../queries/page-plan'
import { searchQueryOptions } from '../queries/datastore-queries'
import { profiledFieldIds, sampleRequest } from '../queries/profile-requests'
import { afterNextPaint } from '../components/ui/after-next-paint'
import { useEnvironment } from '../instance/environment'
import type { ChangeView } from './use-explorer-state'
import { loadTableError } from './load-table-error'

const REQUEST_TIMEOUT_SECONDS = Math.round(REQUEST_TIMEOUT_MS / 1000)

// Loaded on first use: the filter dialog is not needed to show the first rows (initial JS budget).
const FilterBuilder = lazy(() =>
  import('../features/filters/filter-builder').then((module) => ({ default: module.FilterBuilder })),
)
const TableError = lazy(() => loadTableError().then((module) => ({ default: module.TableError })))
const ChartView = lazy(() =>
  import('../features/chart/chart-view').then((module) => ({ default: module.ChartView })),
)
const ProfilePanel = lazy(() =>
  import('../features/profile/profile-panel').then((module) => ({ default: module.ProfilePanel })),
)
const loadProfileStrip = () => import('../features/profile/profile-strip')
const ProfileStripCell = lazy(() =>
  loadProfileStrip().then((module) => ({ default: module.ProfileStripCell })),
)

/**
 * The column overviews are shown at first on screens this wide (they need room under each name), and
 * this tall: a 1280×800 laptop keeps its 15 rows on the first screen; the toolbar switch shows them.
 */
const STRIP_MIN_WIDTH = 1200
const STRIP_MIN_HEIGHT = 860
function roomForStrip(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia(`(min-width: ${STRIP_MIN_WIDTH}px) and (min-height: ${STRIP_MIN_HEIGHT}px)`).matches
  )
}
const PopoverMenu = lazy(() =>
  import('../components/ui/popover-menu').then((module) => ({ default: module.PopoverMenu })),
)
const CopyCodeDialog = lazy(() =>
  import('../features/copy-code/copy-code-dialog').then((module) => ({ default: module.CopyCodeDialog })),
)
const ExportDialog = lazy(() =>
  import('../features/export/export-dialog').then((module) => ({ default: module.ExportDialog })),
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

export function TableView({
  portal,
  state,
  summary,
  firstPage,
  request,
  sortLocally,
  change,
  changeSort,
  onAddToken,
}: TableViewProps) {
  const t = useMessages(mainCatalogue)
  const titleId = useId()
  // set once the warm-up table was drawn (no render: it only spares the next table's warm-up)
  const [warmUp] = useState(createWarmUpFlag)
  const data = firstPage.data
  const busy = firstPage.isFetching
  const fields = data?.fields ?? []

  // Where the table goes: the first rows are drawn for the part of it the window shows (RecordsTable).
  // Read as they are drawn, from the loading state that held the place (laid out, so no layout is forced).
  const tableRegionRef = useRef<HTMLDivElement>(null)
  const tableScreenTop = useCallback(() => tableRegionRef.current?.getBoundingClientRect().top ?? null, [])

  const [filterDialog, setFilterDialog] = useState<{ open: boolean; field?: string }>({ open: false })
  const [profile, setProfile] = useState<{ open: boolean; field?: string }>({ open: false })
  const [stripShown, setStripShown] = useState(roomForStrip)
  const openProfile = useCallback((field?: string) => setProfile({ open: true, field }), [])
  const openFilterDialog = useCallback((field: string) => setFilterDialog({ open: true, field }), [])
  // the records as a table or as a quick chart (the chart is loaded when first shown)
  const [shownAs, setShownAs] = useState<'table' | 'chart'>('table')
  const tabIds = { table: useId(), chart: useId(), panel: useId() }
  const profileMounted = useEverTrue(profile.open)
  const closeProfile = useCallback(() => setProfile((old) => ({ ...old, open: false })), [setProfile])
  const [copyCodeOpen, setCopyCodeOpen] = useState(false)
  // the Export menu, open under its button
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null)
  const closeExportMenu = useCallback(() => setExportMenu(null), [])
  const copyCodeMounted = useEverTrue(copyCodeOpen)
  const closeCopyCode = useCallback(() => setCopyCodeOpen(false), [])
  const [downloadOpen, setDownloadOpen] = useState(false)
  const downloadMounted = useEverTrue(downloadOpen)
  const closeDownload = useCallback(() => setDownloadOpen(false), [])
  const filterDialogMounted = useEverTrue(filterDialog.open)
  const closeFilterDialog = useCallback(() => setFilterDialog({ open: false }), [setFilterDialog])
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
  const showTableError = firstPage.isError && !data

  // The column overviews: each header draws its column's part from one shared sample (profile-strip).
  const fieldsKey = JSON.stringify(fields)
  const fieldIds = useMemo(() => profiledFieldIds(fields), [fieldsKey]) // eslint-disable-line react-hooks/exhaustive-deps
  // Once the rows of a new view are painted, the overviews' code and sample are asked for together
  // (the cells would ask for the sample only once their code is in).
  const queryClient = useQueryClient()
  const { api } = useEnvironment()
  const stripView = stripShown && data && !firstPage.isPlaceholderData && request ? request : null
  useEffect(() => {
    if (!stripView) return
    return afterNextPaint(() => {
      void loadProfileStrip()
      void queryClient.prefetchQuery(searchQueryOptions(api, portal, sampleRequest(stripView, fieldIds)))
    })
  }, [stripView, fieldIds, queryClient, api, portal])
  const strip: HeaderStrip | undefined = useMemo(
    () =>
      stripShown && request
        ? {
            renderCell: (column) =>
              fieldIds.includes(column.spec.id) ? (
                <Suspense fallback={null}>
                  <ProfileStripCell
                    portal={portal}
                    view={request}
                    fieldIds={fieldIds}
                    field={{ id: column.spec.id, type: column.spec.type }}
                    total={total}
                    onOpen={openProfile}
                  />
                </Suspense>
              ) : null,
          }
        : undefined,
    [stripShown, request, fieldIds, portal, total, openProfile],
  )
  const resourceId = state.resourceId!

  return (
    <section className="dse-view" aria-labelledby={titleId}>
      <div className="dse-view__heading">
        <h2 id={titleId} className="dse-view__title">
          {summary?.name ?? resourceId}
        </h2>
        {summary?.datasetTitle && (
          <p className="dse-hint">{t('app.inDataset', { title: summary.datasetTitle })}</p>
        )}
      </div>

      <div className="dse-controls" role="group" aria-label={t('app.controls')}>
        <SearchBox
          q={state.q}
          mode={state.searchMode}
          onSearch={(q) => change({ q }, { history: 'replace' })}
          onModeChange={(searchMode) => change({ searchMode }, { history: 'push' })}
        />
        <LimitSelect limit={state.limit} onChange={(limit) => change({ limit }, { history: 'push' })} />
        <button
          type="button"
          className="dse-button dse-button--secondary dse-controls__filter"
          disabled={fields.length === 0}
          onClick={() => setFilterDialog({ open: true })}
        >
          {t('filters.addFilter')}
        </button>
        <button
          type="button"
          className="dse-button dse-button--secondary"
          aria-pressed={stripShown}
          onClick={() => setStripShown((shown) => !shown)}
        >
          {t('app.profileStrip')}
        </button>
        <button
          type="button"
          className="dse-button dse-button--secondary"
          aria-haspopup="menu"
          disabled={fields.length === 0}
          onClick={(event) => setExportMenu(event.currentTarget)}
        >
          {t('app.export')}
        </button>
        {exportMenu && (
          <Suspense fallback={null}>
            <PopoverMenu
              label={t('app.export')}
              anchor={exportMenu}
              align="start"
              items={[
                { label: t('app.copyAsCode'), run: () => setCopyCodeOpen(true) },
                ...(request ? [{ label: t('app.download'), run: () => setDownloadOpen(true) }] : []),
              ]}
              onClose={closeExportMenu}
            />
          </Suspense>
        )}
        <div className="dse-view-tabs" role="tablist" aria-label={t('app.views')}>
          {(['table', 'chart'] as const).map((view) => (
            <button
              key={view}
              type="button"
              role="tab"
              id={tabIds[view]}
              className="dse-view-tab"
              aria-selected={shownAs === view}
              aria-controls={tabIds.panel}
              tabIndex={shownAs === view ? 0 : -1}
              onClick={() => setShownAs(view)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
                const next = view === 'table' ? 'chart' : 'table'
                setShownAs(next)
                const tabs = event.currentTarget.parentElement
                tabs?.querySelector<HTMLElement>(`[id="${CSS.escape(tabIds[next])}"]`)?.focus()
              }}
            >
              {view === 'table' ? t('app.viewTable') : t('app.viewChart')}
            </button>
          ))}
        </div>
      </div>

      <FilterChips
        filters={state.filters}
        fields={fields}
        onRemove={dropFilter}
        onEdit={(field) => setFilterDialog({ open: true, field })}
        onClear={() => change({ filters: {} }, { history: 'push' })}
      />

      <StatusBar
        text={counts}
        busy={busy}
        estimatedHint={totalWasEstimated}
        throughProxy={!!data?.throughProxy}
        waitLimitSeconds={REQUEST_TIMEOUT_SECONDS}
      />

      {shownAs === 'chart' ? (
        <div id={tabIds.panel} role="tabpanel" aria-labelledby={tabIds.chart} className="dse-chart-region">
          {data ? (
            <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
              <ChartView fields={fields} records={data.records} />
            </Suspense>
          ) : (
            <Spinner label={t('app.loadingTable')} />
          )}
        </div>
      ) : (
        <div
          id={tabIds.panel}
          role="tabpanel"
          aria-labelledby={tabIds.table}
          className="dse-table-region"
          aria-busy={busy}
          ref={tableRegionRef}
        >
          <ErrorBoundary resetKey={request ? JSON.stringify(request) : ''}>
            {showTableError ? (
              <Suspense fallback={<Spinner label={t('app.loadingTable')} />}>
                <TableError
                  error={firstPage.error}
                  onRetry={() => void firstPage.refetch()}
                  onAddToken={onAddToken}
                  onRemoveFilter={dropFilter}
                  onRemoveSort={(field) =>
                    change({ sort: state.sort.filter((key) => key.field !== field) }, { history: 'push' })
                  }
                  onClearSearch={() => change({ q: '' }, { history: 'push' })}
                />
              </Suspense>
            ) : data && request ? (
              <>
                {data.records.length === 0 && !busy && (
                  <EmptyResult
                    q={state.q}
                    wholeWords={state.searchMode === 'plain'}
                    filters={state.filters}
                    onClearSearch={() => change({ q: '' }, { history: 'push' })}
                    onMatchPartOfWords={() => change({ searchMode: 'prefix' }, { history: 'push' })}
                    onRemoveFilter={dropFilter}
                  />
                )}
                <RecordsTable
                  portal={portal}
                  state={state}
                  firstPage={data}
                  firstPageRequest={request}
                  sortLocally={sortLocally}
                  onSortChange={changeSort}
                  // hidden columns are not part of the request: nothing to ask for
                  onHiddenChange={(hidden) => change({ hidden }, { history: 'push' })}
                  stale={firstPage.isPlaceholderData}
                  screenTop={tableScreenTop}
                  strip={strip}
                  onFilterColumn={openFilterDialog}
                  onProfileColumn={openProfile}
                />
              </>
            ) : (
              <div className="dse-table-loading" aria-busy="true">
                <Spinner label={t('app.loadingTable')} />
                <WarmUpTable portal={portal} warmUp={warmUp} />
              </div>
            )}
          </ErrorBoundary>
        </div>
      )}

      {filterDialogMounted && (
        <Suspense fallback={null}>
          <FilterBuilder
            open={filterDialog.open}
            onClose={closeFilterDialog}
            portal={portal}
            resourceId={resourceId}
            fields={fields}
            filters={state.filters}
            initialField={filterDialog.field}
            resourceTotal={resourceTotal}
            onApply={applyFilter}
          />
        </Suspense>
      )}
      {profileMounted && request && (
        <Suspense fallback={null}>
          <ProfilePanel
            // opened for another column: a new panel starts on it
            key={profile.field ?? ''}
            initialField={profile.field}
            open={profile.open}
            onClose={closeProfile}
            portal={portal}
            view={request}
            fields={fields}
            onFilter={(field, value) => applyFilter(field, [value])}
          />
        </Suspense>
      )}
      {copyCodeMounted && (
        <Suspense fallback={null}>
          <CopyCodeDialog
            open={copyCodeOpen}
            onClose={closeCopyCode}
            portal={portal}
            state={state}
            fields={fields}
          />
        </Suspense>
      )}
      {downloadMounted && request && (
        <Suspense fallback={null}>
          <ExportDialog
            open={downloadOpen}
            onClose={closeDownload}
            portal={portal}
            view={request}
            limit={state.limit}
            fields={fields}
            hidden={state.hidden}
            name={summary?.name}
            total={total}
          />
        </Suspense>
      )}
    </section>
  )
}
