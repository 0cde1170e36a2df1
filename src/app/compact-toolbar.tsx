// The open table's toolbar on a narrow screen (or a short embed): one line with the table's name, the
// search box, and one button that opens the sheet of filters and options (view-sheet.tsx) and says how
// many filters are active.
import type { ReactNode } from 'react'
import { SearchBox } from '../features/search/search-box'
import { compactCatalogue } from '../i18n/catalogues/compact'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import type { ExplorerState } from '../model/explorer-state'
import { isActive } from '../model/filters'
import type { ChangeView } from './use-explorer-state'

export function CompactToolbar({
  title,
  state,
  change,
  sheetOpen,
  onOpenSheet,
}: {
  /** The table's name, as the view's heading. */
  title: ReactNode
  state: ExplorerState
  change: ChangeView
  sheetOpen: boolean
  onOpenSheet(): void
}) {
  const t = useMessages(mainCatalogue)
  const tCompact = useMessages(compactCatalogue)
  const active = state.filters.filter(isActive).length
  return (
    <div className="dse-compact-bar" role="group" aria-label={t('app.controls')} part="toolbar">
      {title}
      <SearchBox
        compact
        q={state.q}
        mode={state.searchMode}
        onSearch={(q) => change({ q }, { history: 'replace' })}
        onModeChange={(searchMode) => change({ searchMode }, { history: 'push' })}
      />
      <button
        type="button"
        className="dse-button dse-button--secondary dse-compact-bar__options"
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        aria-label={
          active > 0 ? tCompact('app.optionsName', { count: active }) : tCompact('app.optionsTitle')
        }
        onClick={onOpenSheet}
      >
        <span aria-hidden="true" className="dse-compact-bar__icon" />
        <span>{tCompact('app.options')}</span>
        {active > 0 && (
          <span className="dse-compact-bar__count" aria-hidden="true">
            {active}
          </span>
        )}
      </button>
    </div>
  )
}
