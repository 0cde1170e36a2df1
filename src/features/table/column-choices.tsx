import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import { withColumnShown } from './columns-fns'
import type { ColumnSpec } from './columns-fns'

export interface ColumnChoicesProps {
  specs: readonly ColumnSpec[]
  hidden: readonly string[]
  /** How many of `specs` are shown (the menu's button says it too). */
  shownCount: number
  onHiddenChange(hidden: string[]): void
  onClose(): void
}

/** The panel's content: one checkbox per field, "Show all" and "Close". */
export function ColumnChoices({ specs, hidden, shownCount, onHiddenChange, onClose }: ColumnChoicesProps) {
  const t = useMessages(mainCatalogue)
  const hiddenSet = new Set(hidden)
  return (
    <>
      <fieldset className="dse-columns__fieldset">
        <legend>{t('table.columns.legend')}</legend>
        <ul className="dse-columns__list">
          {specs.map((spec) => {
            const shown = !hiddenSet.has(spec.id)
            const last = shown && shownCount === 1
            return (
              <li key={spec.id}>
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
                    {spec.notes && <span className="dse-columns__notes">{spec.notes}</span>}
                  </span>
                </label>
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
        <button type="button" className="dse-button dse-button--secondary" onClick={onClose}>
          {t('table.columns.close')}
        </button>
      </div>
    </>
  )
}
