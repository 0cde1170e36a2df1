import { useEffect, useId, useRef, type ReactNode } from 'react'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { useMessages } from '../../i18n/i18n-context'

/**
 * A modal on the native <dialog>: showModal() traps focus and makes the page inert, Escape closes
 * it, and focus goes back to whatever opened it. Content renders only while open; the element
 * marked `data-autofocus` gets the focus first.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  className,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  footer?: ReactNode
  /** A class beside `dse-dialog`, for a dialog that needs more room. */
  className?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const t = useMessages(mainCatalogue)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      // the root the dialog lives in: inside a shadow root, document.activeElement is only its host
      const focused = (dialog.getRootNode() as Document | ShadowRoot).activeElement
      returnFocus.current = focused instanceof HTMLElement ? focused : null
      dialog.showModal()
      // showModal focuses the first focusable element (Close); start where the work starts instead
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const handleClose = () => {
      onClose()
      const target = returnFocus.current
      returnFocus.current = null
      if (target?.isConnected) target.focus()
    }
    dialog.addEventListener('close', handleClose)
    return () => dialog.removeEventListener('close', handleClose)
  }, [onClose])

  return (
    <dialog
      ref={ref}
      className={className ? `dse-dialog ${className}` : 'dse-dialog'}
      aria-labelledby={titleId}
    >
      {open && (
        <div className="dse-dialog__frame">
          <div className="dse-dialog__header">
            <h2 id={titleId} className="dse-dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="dse-button dse-button--quiet"
              onClick={() => ref.current?.close()}
            >
              {t('ui.close')}
            </button>
          </div>
          <div className="dse-dialog__body">{children}</div>
          {footer && <div className="dse-dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  )
}
