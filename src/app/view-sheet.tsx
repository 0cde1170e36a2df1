// The compact toolbar's sheet: a modal dialog across the screen's width with what the wide toolbar
// shows (how the records are shown, whole-word search, the limit, the filters, the column overviews
// and the exports). Loaded when first opened: a phone's first screen does not need it.
import { useId } from 'react'
import type { CkanField } from '../api/ckan/types'
import { Dialog } from '../components/ui/dialog'
import { FilterChips } from '../features/filters/filter-chips'
import { LimitSelect } from '../features/limit/limit-select'
import { WholeWordsCheck } from '../features/search/search-box'
import { compactCatalogue } from '../i18n/catalogues/compact'
import { mainCatalogue } from '../i18n/catalogues/main'
import { useMessages } from '../i18n/i18n-context'
import { useEnvironment } from '../instance/environment'
import type { ExplorerState } from '../model/explorer-state'
import type { ChangeView } from './use-explorer-state'
import type { ViewDialogKind } from './use-view-dialogs'
import { TAB_LABELS, type ShownAs } from './view-tabs'

export interface ViewSheetProps {
  open: boolean
  onClose(): void
  state: ExplorerState
  change: ChangeView
  fields: readonly CkanField[]
  canDownload: boolean
  shownAs: ShownAs
  /** The tabs this table offers (the Map only for a table with places). */
  views: readonly ShownAs[]
  onShownAsChange(shownAs: ShownAs): void
  stripShown: boolean
  onStripShownChange(shown: boolean): void
  openDialog(kind: ViewDialogKind, field?: string): void
  onRemoveFilter(index: number): void
  /** Removes several conditions at once (the map's area is two ranges shown as one chip). */
  onRemoveFilters(indices: number[]): void
  onEditFilter(index: number): void
}

export function ViewSheet(props: ViewSheetProps) {
  const { state, change, fields, shownAs, openDialog, onClose } = props
  const t = useMessages(mainCatalogue)
  const tCompact = useMessages(compactCatalogue)
  const { layout } = useEnvironment()
  const showAsName = useId()
  const hasFields = fields.length > 0
  // another dialog opens in the sheet's place: the sheet closes first, focus returns to its button
  const openInstead = (kind: ViewDialogKind) => {
    onClose()
    openDialog(kind)
  }
  return (
    <Dialog
      open={props.open}
      onClose={onClose}
      title={tCompact('app.optionsTitle')}
      className="dse-sheet"
      footer={
        <button type="button" className="dse-button dse-button--primary" onClick={onClose}>
          {tCompact('app.optionsDone')}
        </button>
      }
    >
      <fieldset className="dse-sheet__group dse-sheet__views">
        <legend className="dse-field__label">{t('app.views')}</legend>
        {props.views.map((view) => (
          <label key={view} className="dse-sheet__choice">
            <input
              type="radio"
              name={showAsName}
              checked={shownAs === view}
              onChange={() => props.onShownAsChange(view)}
            />
            <span>{t(TAB_LABELS[view])}</span>
          </label>
        ))}
      </fieldset>
      <div className="dse-sheet__group">
        <WholeWordsCheck
          mode={state.searchMode}
          onModeChange={(searchMode) => change({ searchMode }, { history: 'push' })}
        />
        <LimitSelect limit={state.limit} onChange={(limit) => change({ limit }, { history: 'push' })} />
      </div>
      <div className="dse-sheet__group dse-sheet__filters">
        <FilterChips
          filters={state.filters}
          fields={fields}
          onRemove={props.onRemoveFilter}
          onRemoveMany={props.onRemoveFilters}
          onEdit={(index) => {
            onClose()
            props.onEditFilter(index)
          }}
          onClear={() => change({ filters: [] }, { history: 'push' })}
        />
        <button
          type="button"
          className="dse-button dse-button--secondary"
          disabled={!hasFields}
          data-autofocus
          onClick={() => openInstead('filter')}
        >
          {t('filters.addFilter')}
        </button>
      </div>
      <div className="dse-sheet__group">
        {shownAs === 'table' && (
          <button
            type="button"
            className="dse-button dse-button--secondary"
            aria-pressed={props.stripShown}
            onClick={() => props.onStripShownChange(!props.stripShown)}
          >
            {t('app.profileStrip')}
          </button>
        )}
        <button
          type="button"
          className="dse-button dse-button--secondary"
          disabled={!hasFields}
          onClick={() => openInstead('copy-code')}
        >
          {t('app.copyAsCode')}
        </button>
        {props.canDownload && (
          <button
            type="button"
            className="dse-button dse-button--secondary"
            onClick={() => openInstead('download')}
          >
            {t('app.download')}
          </button>
        )}
        {layout === 'page' && (
          <button
            type="button"
            className="dse-button dse-button--secondary"
            disabled={!hasFields}
            onClick={() => openInstead('embed-code')}
          >
            {t('app.embedView')}
          </button>
        )}
      </div>
    </Dialog>
  )
}
