import type { CkanField } from '../../api/ckan/types'
import { columnsCatalogue } from '../../i18n/catalogues/columns'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { canMoveColumn, type ColumnLayout } from '../../model/column-layout'
import { shownColumns } from '../../model/fields'
import { specsOf, withColumnShown, type ColumnSpec } from './columns-fns'

/** What the panel can do to the order: move a column a place, reset. */
export interface ColumnArrangement {
  move(id: string, step: -1 | 1): void
  reset(): void
}

export interface ColumnChoicesProps {
  specs: readonly ColumnSpec[]
  fields: readonly CkanField[]
  layout: ColumnLayout
  /** How many of `specs` are shown (the menu's button says it too). */
  shownCount: number
  onHiddenChange(hidden: readonly string[]): void
  arrange: ColumnArrangement
  onClose(): void
}

/**
 * The panel's content: one checkbox per field in the grid's order (the kept-in-view ones first), each
 * with "up" and "down" to move it (the keyboard's way to reorder), then "Show all", "Reset columns"
 * and "Close".
 */
export function ColumnChoices(props: ColumnChoicesProps) {
  const { specs, fields, layout, shownCount, onHiddenChange, arrange, onClose } = props
  const t = useMessages(mainCatalogue)
  const c = useMessages(columnsCatalogue)
  const { hidden } = layout
  const hiddenSet = new Set(hidden)
  // every offered column, hidden ones in their places
  const ordered = specsOf(specs, shownColumns(fields, [], layout.columns, layout.pinned))
  const moveButton = (spec: ColumnSpec, step: -1 | 1) => {
    const possible = canMoveColumn(fields, layout, spec.id, step)
    return (
      <button
        type="button"
        className="dse-columns__move"
        // stays focusable at the end of the list, so focus is not lost as the column reaches it
        aria-disabled={!possible || undefined}
        aria-label={c(step < 0 ? 'columns.moveUp' : 'columns.moveDown', { column: spec.label })}
        onClick={() => {
          if (possible) arrange.move(spec.id, step)
        }}
      >
        <span aria-hidden="true">{c(step < 0 ? 'columns.upSymbol' : 'columns.downSymbol')}</span>
      </button>
    )
  }
  return (
    <>
      <fieldset className="dse-columns__fieldset">
        <legend>{t('table.columns.legend')}</legend>
        <ul className="dse-columns__list">
          {ordered.map((spec) => {
            const shown = !hiddenSet.has(spec.id)
            const last = shown && shownCount === 1
            return (
              <li key={spec.id} className="dse-columns__item">
                <label className="dse-columns__option">
                  <input
                    type="checkbox"
                    checked={shown}
                    disabled={last}
                    onChange={(event) =>
                      onHiddenChange(withColumnShown(hidden, spec.id, event.target.checked))
                    }
                  />
                  <span>
                    {spec.accessibleLabel}
                    {layout.pinned.includes(spec.id) ? (
                      <span className="dse-columns__kept">{c('columns.kept')}</span>
                    ) : null}
                    {spec.notes && <span className="dse-columns__notes">{spec.notes}</span>}
                  </span>
                </label>
                {moveButton(spec, -1)}
                {moveButton(spec, 1)}
              </li>
            )
          })}
        </ul>
        {shownCount === 1 ? <p className="dse-columns__note">{t('table.columns.lastVisible')}</p> : null}
      </fieldset>
      <div className="dse-columns__actions">
        <button
          type="button"
          className="dse-button dse-button--secondary"
          disabled={shownCount === specs.length}
          onClick={() => onHiddenChange(hidden.filter((id) => !specs.some((spec) => spec.id === id)))}
        >
          {t('table.columns.showAll')}
        </button>
        <button type="button" className="dse-button dse-button--secondary" onClick={arrange.reset}>
          {c('columns.reset')}
        </button>
        <button type="button" className="dse-button dse-button--secondary" onClick={onClose}>
          {t('table.columns.close')}
        </button>
      </div>
    </>
  )
}
