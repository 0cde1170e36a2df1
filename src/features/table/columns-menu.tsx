import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { withColumnShown, type ColumnSpec } from './columns-fns'
import { tableText } from './table-messages'

export interface ColumnsMenuProps {
  specs: readonly ColumnSpec[]
  hidden: readonly string[]
  onHiddenChange(hidden: string[]): void
}

/** "Columns": a disclosure button and a panel of checkboxes, one per field (not a modal). */
export function ColumnsMenu({ specs, hidden, onHiddenChange }: ColumnsMenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const hiddenSet = new Set(hidden)
  const shownCount = specs.filter((spec) => !hiddenSet.has(spec.id)).length

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpen(false)
      buttonRef.current?.focus()
    }
  }

  return (
    <div className="dse-columns" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="dse-columns__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {tableText('columns.button')}
        <span className="dse-columns__count">
          {tableText('columns.summary', { shown: shownCount, total: specs.length })}
        </span>
      </button>
      {/* its content only while open: one checkbox per field is not needed to paint the first rows */}
      <div id={panelId} className="dse-columns__panel" hidden={!open}>
        {open ? (
          <ColumnChoices
            specs={specs}
            hidden={hidden}
            onHiddenChange={onHiddenChange}
            onClose={() => {
              setOpen(false)
              buttonRef.current?.focus()
            }}
          />
        ) : null}
      </div>
    </div>
  )
}

/** The panel's content: one checkbox per field, "Show all" and "Close". */
export function ColumnChoices({
  specs,
  hidden,
  onHiddenChange,
  onClose,
}: ColumnsMenuProps & { onClose(): void }) {
  const hiddenSet = new Set(hidden)
  const shownCount = specs.filter((spec) => !hiddenSet.has(spec.id)).length
  return (
    <>
      <fieldset className="dse-columns__fieldset">
        <legend>{tableText('columns.legend')}</legend>
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
                  <span>{spec.accessibleLabel}</span>
                </label>
              </li>
            )
          })}
        </ul>
        {shownCount === 1 ? <p className="dse-columns__note">{tableText('columns.lastVisible')}</p> : null}
      </fieldset>
      <div className="dse-columns__actions">
        <button
          type="button"
          disabled={shownCount === specs.length}
          onClick={() => onHiddenChange(hidden.filter((id) => !specs.some((spec) => spec.id === id)))}
        >
          {tableText('columns.showAll')}
        </button>
        <button type="button" onClick={onClose}>
          {tableText('columns.close')}
        </button>
      </div>
    </>
  )
}
