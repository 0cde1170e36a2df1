import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { isCkanError } from '../api/ckan/errors'
import type { ParsedResourceInput } from '../api/ckan/resource-input'
import type { FilterScalar, ResourceSummary, SearchRequest, SearchResult } from '../api/ckan/types'
import { ErrorBoundary } from '../components/ui/error-boundary'
import { Notice } from '../components/ui/notice'
import { Spinner } from '../components/ui/spinner'
import { useEverTrue } from '../components/ui/use-ever-true'
import { usePaintedValue } from '../components/ui/use-painted-value'
import type { ExplorerState, SortKey } from '../model/explorer-state'
import { FilterChips } from '../features/filters/filter-chips'
import { filterText } from '../features/filters/filter-messages'
import { LimitSelect } from '../features/limit/limit-select'
import { PortalSettings } from '../features/portal/portal-settings'
import { portalHost } from '../features/portal/portal-url'
import { saveRecent } from '../features/resource-picker/recent-resources'
import { useRecentResources } from '../features/resource-picker/use-recent-resources'
import { ResourcePicker } from '../features/resource-picker/resource-picker'
import { SearchBox } from '../features/search/search-box'
import { countText } from '../features/status/count-text'
import { LinkNotice } from '../features/status/link-notice'
import { StatusBar } from '../features/status/status-bar'
import { PrepareRecordsTable, RecordsTable } from '../features/table/records-table'
import { formatCell, warmFormatters } from '../lib/format'
import { getMessagesLocale } from '../lib/messages'
import { resourceQueryOptions } from '../queries/datastore-queries'
import { visibleRowCount } from '../queries/page-plan'
import { mergeFoundRowCount, type FoundRowCount } from '../queries/use-record-window'
import { appText } from './app-messages'
import { removeFilter, setFilterValues } from '../model/filter-edits'
import type { RuntimeConfig } from './config'

// Loaded on first use: the filter dialog is not needed to show the first rows (initial JS budget).
const FilterBuilder = lazy(() =>
  import('../features/filters/filter-builder').then((module) => ({ default: module.FilterBuilder })),
)
// The same for the panel that explains why a table could not load; it is also loaded once a table's
// rows are painted, so that a later failure (even offline) finds it here.
const loadTableError = () => import('./table-error')
const TableError = lazy(() => loadTableError().then((module) => ({ default: module.TableError })))
import { StartPanel } from './start-panel'
import { useExplorerState, type UpdateOptions } from './use-explorer-state'
import { FirstPageRequest, useFirstPage } from './use-first-page'
import { usePortalSession } from './use-portal-session'

function formatFilterValue(locale: string) {
  return (value: FilterScalar, type: string) => {
    const cell = formatCell(value, type, locale)
    return cell.text
  }
}

export function Explorer({
  config,
  backgroundError,
  onDismissBackgroundError,
}: {
  config: RuntimeConfig
  backgroundError: string | null
  onDismissBackgroundError: () => void
}) {
  const { state, ignored, update } = useExplorerState()
  const locale = getMessagesLocale()
  const baseUrl = state.portal ?? config.portal
  const session = usePortalSession(baseUrl)
  const { portal } = session
  const tokenInputRef = useRef<HTMLInputElement>(null)

  // notices
  const [dismissedIgnored, setDismissedIgnored] = useState<string | null>(null)
  const ignoredKey = ignored.join('\n')
  const [infoNotice, setInfoNotice] = useState<string | null>(null)

  // tables chosen in this session, so the heading can name them without asking the portal
  const [known, setKnown] = useState<Record<string, ResourceSummary>>({})
  const recent = useRecentResources(baseUrl)

  const { query: firstPage, request, sortLocally, prepareSortChange, prefetch } = useFirstPage(portal, state)
  /**
   * A change to the view: into the URL, and its first page asked for at once (just before the URL is
   * written). Not for another portal:
   * its session (and token) comes with the next render. `localSortBase`: see prepareSortChange.
   */
  const change = (
    partial: Partial<ExplorerState>,
    options?: UpdateOptions,
    localSortBase?: SearchRequest | null,
  ) => {
    update(partial, {
      ...options,
      beforeWrite: (next) => {
        if (next.portal === state.portal) prefetch(next, localSortBase)
      },
    })
  }
  // What the table's pages showed about the real row count of the shown result (an estimated total
  // can be off): the table draws that many rows, and the count line says the exact one.
  const [found, setFound] = useState<{ page: SearchResult; count: FoundRowCount | null } | null>(null)
  // Prepare the cell formatters while the first page is on its way (about 10 ms of ICU data loading
  // that would otherwise fall between its response and the first rows). Not in a timer: one that
  // fires after the response would delay the rows instead. FirstPageRequest's effect, the page's
  // first, has already sent the request.
  useEffect(() => warmFormatters(locale), [locale])
  const data = firstPage.data
  const busy = firstPage.isFetching
  const fields = data?.fields ?? []

  const knownSummary = state.resourceId ? known[`${baseUrl} ${state.resourceId}`] : undefined
  const recentSummary = state.resourceId ? recent.find((item) => item.id === state.resourceId) : undefined
  const loadedId = firstPage.isSuccess && !firstPage.isPlaceholderData ? state.resourceId : null
  // Name the table from the catalogue, once it proved readable (no second error for a private one),
  // and once its first rows are painted: sending a request costs milliseconds that they would wait.
  const paintedId = usePaintedValue(loadedId)
  useEffect(() => {
    // a failure here shows later, if a table fails, as the error boundary's panel
    if (paintedId) loadTableError().catch(() => undefined)
  }, [paintedId])
  const resourceInfo = useQuery({
    ...resourceQueryOptions(portal, state.resourceId ?? ''),
    enabled: !!loadedId && !knownSummary && paintedId === loadedId,
    retry: false,
  })
  const summary = knownSummary ?? resourceInfo.data ?? recentSummary
  if (state.resourceId && resourceInfo.data && !knownSummary) {
    // keep the name for this session: a new token (new query keys) must not ask for it again
    setKnown((current) => ({ ...current, [`${baseUrl} ${state.resourceId}`]: resourceInfo.data }))
  }

  // a table that loaded is worth remembering in "recent", under the best name known
  const nameSettled = !!knownSummary || resourceInfo.isSuccess || resourceInfo.isError
  const loadedName = summary?.name
  const loadedTitle = summary?.datasetTitle
  useEffect(() => {
    if (!loadedId || !nameSettled) return
    const item: ResourceSummary = { id: loadedId, name: loadedName ?? loadedId }
    if (loadedTitle) item.datasetTitle = loadedTitle
    saveRecent(baseUrl, item)
  }, [baseUrl, loadedId, nameSettled, loadedName, loadedTitle])

  const changePortal = (next: string, addedLocale: boolean) => {
    change({ portal: next === config.portal ? null : next })
    setInfoNotice(addedLocale ? appText('portalLocaleAdded', { url: next }) : null)
  }

  const openResource = (input: ParsedResourceInput, item?: ResourceSummary) => {
    const partial: Partial<ExplorerState> = { resourceId: input.resourceId }
    const targetPortal = input.portal ?? baseUrl
    if (input.portal) partial.portal = input.portal === config.portal ? null : input.portal
    if (input.q !== undefined) partial.q = input.q
    if (input.filters !== undefined) partial.filters = input.filters
    if (input.sort !== undefined) partial.sort = input.sort
    if (input.limit !== undefined) partial.limit = input.limit
    if (item) setKnown((current) => ({ ...current, [`${targetPortal} ${item.id}`]: item }))
    const notes = [
      input.note,
      input.portal ? appText('otherPortal', { host: portalHost(input.portal) }) : undefined,
    ]
    setInfoNotice(notes.filter(Boolean).join(' ') || null)
    change(partial, { history: 'push' })
  }

  // Where the table goes: the first rows are drawn for the part of it the window shows (RecordsTable).
  // Read as they are drawn, from the loading state that held the place (laid out, so no layout is forced).
  const tableRegionRef = useRef<HTMLDivElement>(null)
  const tableScreenTop = useCallback(() => tableRegionRef.current?.getBoundingClientRect().top ?? null, [])

  const [filterDialog, setFilterDialog] = useState<{ open: boolean; field?: string }>({ open: false })
  const filterDialogMounted = useEverTrue(filterDialog.open)
  const closeFilterDialog = useCallback(() => setFilterDialog({ open: false }), [setFilterDialog])

  const applyFilter = (field: string, values: FilterScalar[]) =>
    change({ filters: setFilterValues(state.filters, field, values) }, { history: 'push' })

  const dropFilter = (field: string) =>
    change({ filters: removeFilter(state.filters, field) }, { history: 'push' })

  const changeSort = (sort: SortKey[]) => {
    change({ sort }, { history: 'push' }, prepareSortChange())
  }

  const focusToken = () => {
    const input = tokenInputRef.current
    if (!input) return
    input.scrollIntoView({ block: 'center' })
    input.focus()
  }

  const foundRowCount = found && found.page === data ? found.count : null
  const onRowCountFound = useCallback(
    (next: FoundRowCount) =>
      setFound((previous) => {
        const current = previous && previous.page === data ? previous.count : null
        const merged = mergeFoundRowCount(current, next)
        return merged === current && previous?.page === data ? previous : { page: data!, count: merged }
      }),
    [data],
  )
  // the exact total, once the table reached where the records of an estimated total really end
  const exactTotal = foundRowCount?.exact ? foundRowCount.rows : undefined
  const total = exactTotal ?? data?.total
  const totalWasEstimated = exactTotal === undefined && !!data?.totalWasEstimated
  const shown = data ? visibleRowCount(state.limit, total, data.records.length) : 0
  const counts = data ? countText({ shown, total, totalWasEstimated, limit: state.limit }, locale) : null
  // the resource total (for "count the values" in the filter dialog) is known when nothing narrows the view
  const resourceTotal =
    data && !data.totalWasEstimated && state.q.trim() === '' && Object.keys(state.filters).length === 0
      ? data.total
      : undefined
  const showTableError = firstPage.isError && !data
  const host = portalHost(baseUrl)

  return (
    <>
      <FirstPageRequest portal={portal} request={request} />
      <header className="dse-header">
        <div className="dse-header__brand">
          <h1 className="dse-title">{appText('title')}</h1>
          <p className="dse-portal-host">
            {appText('dataFrom')} <strong>{host}</strong>
          </p>
        </div>
        <PortalSettings
          baseUrl={baseUrl}
          defaultBaseUrl={config.portal}
          onPortalChange={changePortal}
          hasToken={session.hasToken}
          remember={session.remember}
          onTokenApply={session.applyToken}
          onRememberChange={session.setRemember}
          tokenInputRef={tokenInputRef}
          tokenWanted={showTableError && isCkanError(firstPage.error) && firstPage.error.kind === 'forbidden'}
        />
      </header>
      <main className="dse-main">
        <div className="dse-notices">
          {ignored.length > 0 && dismissedIgnored !== ignoredKey && (
            <LinkNotice ignored={ignored} onDismiss={() => setDismissedIgnored(ignoredKey)} />
          )}
          {session.tokenDropped && (
            <Notice onDismiss={session.dismissTokenDropped}>{appText('tokenDropped')}</Notice>
          )}
          {infoNotice && <Notice onDismiss={() => setInfoNotice(null)}>{infoNotice}</Notice>}
          {backgroundError && (
            <Notice tone="warning" onDismiss={onDismissBackgroundError}>
              {appText('backgroundError', { title: backgroundError })}
            </Notice>
          )}
        </div>

        <ResourcePicker key={baseUrl} portal={portal} recent={recent} onOpen={openResource} />

        {!state.resourceId ? (
          <StartPanel recent={recent} onOpen={(item) => openResource({ resourceId: item.id }, item)} />
        ) : (
          <section className="dse-view" aria-labelledby="dse-view-title">
            <div className="dse-view__heading">
              <h2 id="dse-view-title" className="dse-view__title">
                {summary?.name ?? state.resourceId}
              </h2>
              <p className="dse-hint">
                {summary?.datasetTitle ? `${appText('inDataset', { title: summary.datasetTitle })} · ` : ''}
                {appText('resourceId', { id: state.resourceId })}
              </p>
            </div>

            <div className="dse-controls" role="group" aria-label={appText('controls')}>
              <SearchBox
                q={state.q}
                mode={state.searchMode}
                onSearch={(q) => change({ q }, { history: 'replace' })}
                onModeChange={(searchMode) => change({ searchMode }, { history: 'push' })}
              />
              <LimitSelect
                limit={state.limit}
                locale={locale}
                onChange={(limit) => change({ limit }, { history: 'push' })}
              />
              <button
                type="button"
                className="dse-button dse-button--secondary dse-controls__filter"
                disabled={fields.length === 0}
                onClick={() => setFilterDialog({ open: true })}
              >
                {filterText('addFilter')}
              </button>
            </div>

            <FilterChips
              filters={state.filters}
              fields={fields}
              locale={locale}
              onRemove={dropFilter}
              onEdit={(field) => setFilterDialog({ open: true, field })}
              onClear={() => change({ filters: {} }, { history: 'push' })}
              formatValue={formatFilterValue(locale)}
            />

            <StatusBar text={counts} busy={busy} estimatedHint={totalWasEstimated} />

            <div className="dse-table-region" aria-busy={busy} ref={tableRegionRef}>
              <ErrorBoundary resetKey={request ? JSON.stringify(request) : ''}>
                {showTableError ? (
                  <Suspense fallback={<Spinner label={appText('loadingTable')} />}>
                    <TableError
                      error={firstPage.error}
                      onRetry={() => void firstPage.refetch()}
                      onAddToken={focusToken}
                      onRemoveFilter={dropFilter}
                      onRemoveSort={(field) =>
                        change({ sort: state.sort.filter((key) => key.field !== field) }, { history: 'push' })
                      }
                      onClearSearch={() => change({ q: '' }, { history: 'push' })}
                    />
                  </Suspense>
                ) : data && request ? (
                  <RecordsTable
                    portal={portal}
                    state={state}
                    firstPage={data}
                    firstPageRequest={request}
                    sortLocally={sortLocally}
                    locale={locale}
                    onSortChange={changeSort}
                    // hidden columns are not part of the request: nothing to ask for
                    onHiddenChange={(hidden) => update({ hidden }, { history: 'push' })}
                    stale={firstPage.isPlaceholderData}
                    foundRowCount={foundRowCount}
                    screenTop={tableScreenTop}
                    onRowCountFound={onRowCountFound}
                  />
                ) : (
                  <div className="dse-table-loading" aria-busy="true">
                    <Spinner label={appText('loadingTable')} />
                    <PrepareRecordsTable portal={portal} locale={locale} />
                  </div>
                )}
              </ErrorBoundary>
            </div>

            {state.resourceId && filterDialogMounted && (
              <Suspense fallback={null}>
                <FilterBuilder
                  open={filterDialog.open}
                  onClose={closeFilterDialog}
                  portal={portal}
                  resourceId={state.resourceId}
                  fields={fields}
                  filters={state.filters}
                  initialField={filterDialog.field}
                  resourceTotal={resourceTotal}
                  locale={locale}
                  onApply={applyFilter}
                  formatValue={formatFilterValue(locale)}
                />
              </Suspense>
            )}
          </section>
        )}
      </main>
    </>
  )
}
