// The open table's toolbar: search, limit, "Add filter", the column overviews' switch, the Export menu
// (copy as code, download, embed), and the Table/Chart tabs.
import { lazy, Suspense, useCallback, useState } from 'react'
import { LimitSelect } from '../features/limit/limit-select'
import { SearchBox } from '../features/search/search-box'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useFormats, useMessages } from '../i18n/i18n-context'
import { useEnvironment } from '../instance/environment'
import type { ExplorerState } from '../model/explorer-state'
import type { ChangeView } from './use-explorer-state'
import type { ViewDialogKind } from './use-view-dialogs'
import { TAB_LABELS, type ShownAs, type ViewTabIds } from './view-tabs'

const PopoverMenu = lazy(() =>
  import('../components/ui/popover-menu').then((module) => ({ default: module.PopoverMenu })),
)

export interface ViewToolbarProps {
  state: ExplorerState
  change: ChangeView
  /** The table has columns: filters and exports can be offered. */
  hasFields: boolean
  /** The view's request is known: a download can be offered. */
  canDownload: boolean
  stripShown: boolean
  onStripShownChange(shown: boolean): void
  shownAs: ShownAs
  /** The tabs offered, in order (the Map tab only for a table with places). */
  views: readonly ShownAs[]
  onShownAsChange(shownAs: ShownAs): void
  tabIds: ViewTabIds
  openDialog(kind: ViewDialogKind, field?: string): void
}

export function ViewToolbar(props: ViewToolbarProps) {
  const { state, change, hasFields, stripShown, shownAs, tabIds, openDialog } = props
  const t = useMessages(mainCatalogue)
  const { layout } = useEnvironment()
  const { dir } = useFormats()
  // the Export menu, open under its button
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null)
  const closeExportMenu = useCallback(() => setExportMenu(null), [])
  return (
    <div className="dse-controls" role="group" aria-label={t('app.controls')} part="toolbar">
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
        disabled={!hasFields}
        onClick={() => openDialog('filter')}
      >
        {t('filters.addFilter')}
      </button>
      <button
        type="button"
        className="dse-button dse-button--secondary"
        aria-pressed={stripShown}
        onClick={() => props.onStripShownChange(!stripShown)}
      >
        {t('app.profileStrip')}
      </button>
      <button
        type="button"
        className="dse-button dse-button--secondary"
        aria-haspopup="menu"
        disabled={!hasFields}
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
              { label: t('app.copyAsCode'), run: () => openDialog('copy-code') },
              ...(props.canDownload ? [{ label: t('app.download'), run: () => openDialog('download') }] : []),
              // an embed's own readers embed from the portal's page, not from inside another page
              ...(layout === 'page'
                ? [{ label: t('app.embedView'), run: () => openDialog('embed-code') }]
                : []),
            ]}
            onClose={closeExportMenu}
          />
        </Suspense>
      )}
      <div className="dse-view-tabs" role="tablist" aria-label={t('app.views')}>
        {props.views.map((view, index, offered) => (
          <button
            key={view}
            type="button"
            role="tab"
            id={tabIds[view]}
            className="dse-view-tab"
            aria-selected={shownAs === view}
            aria-controls={tabIds.panel}
            tabIndex={shownAs === view ? 0 : -1}
            onClick={() => props.onShownAsChange(view)}
            onKeyDown={(event) => {
              const step = tabStep(event.key, dir)
              if (step === 0) return
              event.preventDefault()
              // the arrows follow the reading direction's order of the tabs, and wrap around
              const next = offered[(index + step + offered.length) % offered.length]!
              props.onShownAsChange(next)
              const tabs = event.currentTarget.parentElement
              tabs?.querySelector<HTMLElement>(`[id="${CSS.escape(tabIds[next])}"]`)?.focus()
            }}
          >
            {t(TAB_LABELS[view])}
          </button>
        ))}
      </div>
    </div>
  )
}

/** Which way an arrow key moves along the tabs (+1 next, -1 previous, 0 not an arrow): mirrored right to left. */
function tabStep(key: string, dir: 'ltr' | 'rtl'): number {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return 0
  return (key === 'ArrowRight') !== (dir === 'rtl') ? 1 : -1
}
