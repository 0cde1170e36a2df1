import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { ErrorBoundary } from '../../components/ui/error-boundary'
import { Spinner } from '../../components/ui/spinner'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'
import type { ColumnSpec } from './columns-fns'

export interface ColumnsMenuProps {
  specs: readonly ColumnSpec[]
  hidden: readonly string[]
  onHiddenChange(hidden: string[]): void
}

// Loaded when the menu is first pointed at, focused or opened: its content is not needed to show a
// table (initial JS budget).
const loadChoices = () => import('./column-choices')
// a failure here is not shown: opening the menu tries again, and says so if it fails
const preloadChoices = () => void loadChoices().catch(() => undefined)
const ColumnChoices = lazy(() => loadChoices().then((module) => ({ default: module.ColumnChoices })))

/** "Columns": a disclosure button and a panel of checkboxes, one per field (not a modal). */
export function ColumnsMenu({ specs, hidden, onHiddenChange }: ColumnsMenuProps) {
  const t = useMessages(mainCatalogue)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const hiddenSet = new Set(hidden)
  const shownCount = specs.filter((spec) => !hiddenSet.has(spec.id)).length

  // A press anywhere outside the menu closes it. The path, not the target: inside a shadow root the
  // page's listener sees the host as the target of every press.
  useEffect(() => {
    const menu = rootRef.current
    if (!open || !menu) return
    const onPointerDown = (event: PointerEvent) => {
      if (!event.composedPath().includes(menu)) setOpen(false)
    }
    const page = menu.ownerDocument
    page.addEventListener('pointerdown', onPointerDown)
    return () => page.removeEventListener('pointerdown', onPointerDown)
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
        onPointerEnter={preloadChoices}
        onFocus={preloadChoices}
      >
        {t('table.columns.button')}
        <span className="dse-columns__count">
          {t('table.columns.summary', { shown: shownCount, total: specs.length })}
        </span>
      </button>
      {/* its content only while open: one checkbox per field is not needed to paint the first rows */}
      <div id={panelId} className="dse-columns__panel" hidden={!open}>
        {open ? (
          <ErrorBoundary>
            <Suspense fallback={<Spinner />}>
              <ColumnChoices
                specs={specs}
                hidden={hidden}
                shownCount={shownCount}
                onHiddenChange={onHiddenChange}
                onClose={() => {
                  setOpen(false)
                  buttonRef.current?.focus()
                }}
              />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </div>
    </div>
  )
}
