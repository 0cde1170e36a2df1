// A button that shows and hides the panel under it (the header's portal and "Menu" buttons): the
// button says whether the panel is open, and Escape anywhere inside closes it.
import { useId, type ReactNode } from 'react'

export function DisclosureMenu({
  open,
  onOpenChange,
  className,
  buttonClassName,
  panelClassName,
  label,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  className: string
  buttonClassName: string
  panelClassName: string
  /** The button's content; a chevron follows it. */
  label: ReactNode
  children: ReactNode
}) {
  const panelId = useId()
  return (
    <div
      className={className}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation()
          onOpenChange(false)
        }
      }}
    >
      <button
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        {label}
        <span className="dse-portal-button__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className={panelClassName} hidden={!open}>
        {children}
      </div>
    </div>
  )
}
