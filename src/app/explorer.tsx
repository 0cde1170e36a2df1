// The explorer's page: the portal and token settings, notices, the table chooser, and either the
// start panel or the open table. It owns the view's changes: each goes into the view store, with its
// first page asked for at once.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react'
import { flushSync } from 'react-dom'
import { isCkanError } from '../api/ckan/errors'
import { portalHost } from '../api/ckan/portal-url'
import type { ParsedResourceInput } from '../api/ckan/resource-input'
import type { CkanErrorKind, ResourceSummary } from '../api/ckan/types'
import { useCellLocale } from '../components/ui/use-cell-locale'
import { useEverTrue } from '../components/ui/use-ever-true'
import { ResourcePicker } from '../features/resource-picker/resource-picker'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useFormats, useMessages } from '../i18n/i18n-context'
import { useEnvironment } from '../instance/environment'
import type { Theme } from '../instance/theme-store'
import { warmFormatters } from '../lib/format'
import type { ExplorerState, SortKey } from '../model/explorer-state'
import { readFilters } from '../model/filters'
import { ExplorerNotices, type InfoNotice } from './explorer-notices'
import { StartPanel } from './start-panel'
import { loadTableError } from './load-table-error'
import { DisplaySettings } from './display-settings'
import { focusGrid } from './focus-grid'
import { PortalMenu } from './portal-menu'
import { useScreenFit } from './screen-fit'
import { TableView } from './table-view'
import type { ChangeView, ExplorerStateHandle } from './use-explorer-state'
import { FirstPageFetcher, useFirstPage } from './use-first-page'
import { useHostEvents } from './use-host-events'
import { usePortalSession } from './use-portal-session'
import { useRecentResources } from './use-recent-resources'
import { useTableName } from './use-table-name'

// Loaded once the table's rows are painted, or when the panel opens: not needed for the first rows.
const PortalSettings = lazy(() =>
  import('../features/portal/portal-settings').then((module) => ({ default: module.PortalSettings })),
)

/** The page's main landmark; an embed is a part of its host's page, whose main landmark is its own. */
function Main({
  embedded,
  ref,
  children,
}: {
  embedded: boolean
  ref: Ref<HTMLElement>
  children: ReactNode
}) {
  return embedded ? (
    <div className="dse-main" ref={ref as Ref<HTMLDivElement>}>
      {children}
    </div>
  ) : (
    <main className="dse-main" ref={ref}>
      {children}
    </main>
  )
}

// Loaded on a narrow screen only: the header's one menu.
const HeaderMenu = lazy(() => import('./header-menu').then((module) => ({ default: module.HeaderMenu })))

/** Failures the portal panel can help with: another address, or the portal's own website. */
const PORTAL_FAILURES: ReadonlySet<CkanErrorKind> = new Set(['cors', 'network', 'not-ckan', 'proxy-refused'])

export function Explorer({
  view,
  display,
  backgroundError,
  onDismissBackgroundError,
}: {
  view: ExplorerStateHandle
  /** The colours shown (null: the system's) and how to change them (absent when the host fixes them). */
  display: { theme: Theme | null; onThemeChange: ((theme: Theme | null) => void) | undefined }
  backgroundError: boolean
  onDismissBackgroundError: () => void
}) {
  const { state, update } = view
  const { config, layout, picker, onTitle, ignoredSettings } = useEnvironment()
  // the view's ignored parts, and the host's settings that were not applied (an embed's `tiles`)
  const ignored = useMemo(
    () => (ignoredSettings?.length ? [...view.ignored, ...ignoredSettings] : view.ignored),
    [view.ignored, ignoredSettings],
  )
  const embedded = layout === 'embed'
  const t = useMessages(mainCatalogue)
  const { locale } = useFormats()
  const cellLocale = useCellLocale()
  const baseUrl = state.portal ?? config.portal
  const session = usePortalSession(baseUrl)
  const { portal } = session
  // the token field, and whether it should take the focus as soon as it is there (its code may load)
  const tokenInput = useRef<HTMLInputElement | null>(null)
  const tokenFocusWanted = useRef(false)
  const tokenInputRef = useCallback((input: HTMLInputElement | null) => {
    tokenInput.current = input
    if (input && tokenFocusWanted.current) {
      tokenFocusWanted.current = false
      input.focus()
    }
  }, [])
  const mainRef = useRef<HTMLElement>(null)

  // a dismissed notice stays away while the same parts are ignored
  const [dismissedIgnored, setDismissedIgnored] = useState<string | null>(null)
  const ignoredKey = JSON.stringify(ignored)
  const [info, setInfo] = useState<InfoNotice | null>(null)
  const recent = useRecentResources(baseUrl)

  const { query: firstPage, request, sortLocally, prepareSortChange, prefetch } = useFirstPage(portal, state)
  /**
   * Stores the next view, its first page asked for just before (writing a history entry takes a
   * millisecond or two). Not for another portal: its session (and token) comes with the next render.
   */
  const change: ChangeView = (partial, options, localSortBase) => {
    update(partial, {
      ...options,
      beforeWrite: (next) => {
        if (next.portal === state.portal) prefetch(next, localSortBase)
      },
    })
  }
  const changeSort = (sort: SortKey[]) => change({ sort }, { history: 'push' }, prepareSortChange())
  // ICU loads its data on a formatter's first use (about 10 ms): done while the first page is on its
  // way, not between its answer and the first rows. FirstPageFetcher's effect has sent it already.
  useEffect(() => warmFormatters(cellLocale), [cellLocale])

  const loaded = firstPage.isSuccess && !firstPage.isPlaceholderData
  useHostEvents(
    state.resourceId,
    loaded ? firstPage.data : undefined,
    firstPage.isError && !firstPage.data ? firstPage.error : null,
  )
  const names = useTableName(
    portal,
    state.resourceId,
    loaded,
    recent,
    loaded ? firstPage.data?.resourceId : undefined,
  )
  useEffect(() => {
    // a failure here shows later, if a table fails, as the error boundary's panel
    if (names.paintedId) loadTableError().catch(() => undefined)
  }, [names.paintedId])
  // the host page's title (the standalone page's tab): the open table, then the explorer, in the interface language
  const tableName = state.resourceId ? (names.summary?.name ?? state.resourceId) : null
  const title = tableName ? t('app.pageTitle', { table: tableName }) : t('app.title')
  useEffect(() => onTitle?.(title), [onTitle, title])

  const changePortal = (next: string, addedLocale: boolean) => {
    change({ portal: next === config.portal ? null : next })
    setInfo(addedLocale ? { kind: 'portal-locale-added', url: next } : null)
  }

  const openResource = (input: ParsedResourceInput, item?: ResourceSummary) => {
    const partial: Partial<ExplorerState> = { resourceId: input.resourceId }
    if (input.portal) partial.portal = input.portal === config.portal ? null : input.portal
    if (input.q !== undefined) partial.q = input.q
    if (input.filters !== undefined) partial.filters = readFilters(input.filters).conditions
    if (input.sort !== undefined) partial.sort = input.sort
    if (input.limit !== undefined) partial.limit = input.limit
    if (input.plain !== undefined) partial.searchMode = input.plain ? 'plain' : 'prefix'
    if (item) names.rememberChosen(input.portal ?? baseUrl, item)
    const note: InfoNotice = { kind: 'link' }
    if (input.note?.kind === 'no-locale') note.noLocale = true
    if (input.note?.kind === 'not-taken-over') note.notTakenOver = input.note.names
    if (input.portal) note.otherPortalHost = portalHost(input.portal)
    setInfo(note.noLocale || note.notTakenOver || note.otherPortalHost ? note : null)
    change(partial, { history: 'push' })
  }

  const showTableError = firstPage.isError && !firstPage.data
  const failure = showTableError && isCkanError(firstPage.error) ? firstPage.error.kind : null
  const tokenWanted = failure === 'forbidden'
  // the portal panel opens by itself for a problem it can solve, until the user closes it on that problem
  const panelProblem = tokenWanted
    ? `token ${baseUrl}`
    : failure && PORTAL_FAILURES.has(failure)
      ? `portal ${baseUrl}`
      : null
  const { compact } = useScreenFit()
  const [headerMenuOpen, setHeaderMenuOpen] = useState(false)
  const [panelChoice, setPanelChoice] = useState<{ open: boolean; closedOn: string | null }>({
    open: false,
    closedOn: null,
  })
  const panelOpen = panelChoice.open || (panelProblem !== null && panelChoice.closedOn !== panelProblem)
  const setPanelOpen = (open: boolean) => setPanelChoice({ open, closedOn: open ? null : panelProblem })

  const focusToken = () => {
    // the field must be shown before it can take focus; if its code is still loading, it takes it then
    tokenFocusWanted.current = true
    flushSync(() => setPanelOpen(true))
    if (tokenInput.current) {
      tokenFocusWanted.current = false
      tokenInput.current.focus()
    }
  }
  const settingsWanted = useEverTrue(panelOpen || !state.resourceId || names.paintedId !== null)

  // the table chooser, the portal and the display choices: in the header's line, or in its menu (compact)
  const headerControls = (
    <>
      {state.resourceId && (
        <ResourcePicker key={baseUrl} portal={portal} recent={recent} onOpen={openResource} compact />
      )}
      <PortalMenu host={portalHost(baseUrl)} open={panelOpen} onOpenChange={setPanelOpen}>
        {settingsWanted && (
          <Suspense fallback={null}>
            <PortalSettings
              baseUrl={baseUrl}
              defaultBaseUrl={config.portal}
              onPortalChange={changePortal}
              hasToken={session.hasToken}
              remember={session.remember}
              onTokenApply={session.applyToken}
              onRememberChange={session.setRemember}
              tokenInputRef={tokenInputRef}
              tokenWanted={tokenWanted}
            />
          </Suspense>
        )}
      </PortalMenu>
      <DisplaySettings
        locale={locale}
        onLocaleChange={(lang) => update({ lang })}
        theme={display.theme}
        {...(display.onThemeChange ? { onThemeChange: display.onThemeChange } : {})}
      />
    </>
  )

  return (
    <>
      <FirstPageFetcher portal={portal} request={request} />
      {!embedded && state.resourceId && (
        <button type="button" className="dse-skip" onClick={() => focusGrid(mainRef.current)}>
          {t('app.skipToTable')}
        </button>
      )}
      {!embedded && (
        <header className="dse-header">
          <h1 className="dse-title">{t('app.title')}</h1>
          {compact ? (
            // the portal panel opening by itself for a problem opens the menu around it too
            <Suspense fallback={null}>
              <HeaderMenu
                open={headerMenuOpen || panelOpen}
                onOpenChange={(open) => {
                  setHeaderMenuOpen(open)
                  if (!open && panelOpen) setPanelOpen(false)
                }}
              >
                {headerControls}
              </HeaderMenu>
            </Suspense>
          ) : (
            headerControls
          )}
        </header>
      )}
      <Main embedded={embedded} ref={mainRef}>
        <ExplorerNotices
          ignored={dismissedIgnored === ignoredKey ? [] : ignored}
          onDismissIgnored={() => setDismissedIgnored(ignoredKey)}
          tokenDropped={session.tokenDropped}
          onDismissTokenDropped={session.dismissTokenDropped}
          info={info}
          onDismissInfo={() => setInfo(null)}
          backgroundError={backgroundError}
          onDismissBackgroundError={onDismissBackgroundError}
          embedded={embedded}
        />

        {embedded && picker && state.resourceId && (
          <ResourcePicker key={baseUrl} portal={portal} recent={recent} onOpen={openResource} />
        )}

        {!state.resourceId ? (
          embedded && !picker ? (
            <p className="dse-hint">{t('app.embedNoTable')}</p>
          ) : (
            <StartPanel key={baseUrl} portal={portal} recent={recent} onOpen={openResource} />
          )
        ) : (
          <TableView
            portal={portal}
            state={state}
            summary={names.summary}
            firstPage={firstPage}
            request={request}
            sortLocally={sortLocally}
            change={change}
            changeSort={changeSort}
            onAddToken={focusToken}
          />
        )}
      </Main>
    </>
  )
}
