import { useEffect, useId, useRef } from 'react'
import { CODE_COLUMN, formatCell } from '../../lib/format'
import type { OpenCell, TableLocale } from './grid-types'

function fullText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}

export interface CellDialogProps {
  cell: OpenCell | null
  locale: TableLocale
  formatRowNumber(n: number): string
  onClose(): void
}

/**
 * The full value of one cell, in a native modal dialog (focus moves in, Escape closes, focus returns to
 * the cell). The value is shown as text, never as HTML; formatted values also show what the portal sent.
 */
export function CellDialog({ cell, locale, formatRowNumber, onClose }: CellDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (cell && !dialog.open) dialog.showModal()
    if (!cell && dialog.open) dialog.close()
  }, [cell])

  const formatted = cell
    ? formatCell(cell.value, cell.spec.type, locale.cell, cell.spec.isCode ? CODE_COLUMN : undefined)
    : null
  const raw = cell ? fullText(cell.value) : ''
  const showFormatted =
    formatted !== null &&
    !formatted.truncated &&
    formatted.kind !== 'text' &&
    formatted.kind !== 'json' &&
    formatted.text !== raw
  return (
    <dialog ref={ref} className="dse-cell-dialog" aria-labelledby={titleId} onClose={onClose}>
      {cell ? (
        <>
          <h2 id={titleId} className="dse-cell-dialog__title">
            {locale.t('table.dialog.title', {
              column: cell.spec.accessibleLabel,
              row: formatRowNumber(cell.row + 1),
            })}
          </h2>
          {formatted?.kind === 'null' ? (
            <p className="dse-cell-dialog__value">{locale.t('table.cell.null')}</p>
          ) : (
            <>
              {showFormatted ? <p className="dse-cell-dialog__formatted">{formatted.text}</p> : null}
              {raw === '' ? (
                <p className="dse-cell-dialog__value">{locale.t('table.cell.empty')}</p>
              ) : (
                <pre className="dse-cell-dialog__value" dir="auto">
                  {raw}
                </pre>
              )}
            </>
          )}
          <form method="dialog" className="dse-cell-dialog__actions">
            <button type="submit" autoFocus>
              {locale.t('table.dialog.close')}
            </button>
          </form>
        </>
      ) : null}
    </dialog>
  )
}
