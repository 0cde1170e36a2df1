// A menu of actions under the button that opened it. A native popover: it sits in the top layer (no
// scroll container clips it), closes on Escape and outside clicks by itself, and lives inside our
// root (shadow roots included). Arrow keys, Home and End move; Enter chooses; focus goes back to the
// button.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react'

export interface MenuItem {
  label: string
  run(): void
}

export interface PopoverMenuProps {
  /** The menu's accessible name. */
  label: string
  /** The button that opened it: the menu opens under it and gives the focus back to it. */
  anchor: HTMLElement
  items: readonly MenuItem[]
  /** Where the menu lines up with its button: its end edge (a header's button) or its start edge. */
  align?: 'start' | 'end'
  onClose(): void
}

export function PopoverMenu({ label, anchor, items, align = 'end', onClose }: PopoverMenuProps) {
  const ref = useRef<HTMLDivElement>(null)

  // Placed against the window (the top layer is fixed), kept on screen, first item focused.
  useLayoutEffect(() => {
    const menu = ref.current
    if (!menu) return
    menu.showPopover()
    anchor.setAttribute('aria-expanded', 'true')
    const box = anchor.getBoundingClientRect()
    const view = anchor.ownerDocument.defaultView
    const rtl = view?.getComputedStyle(anchor).direction === 'rtl'
    const atEnd = (align === 'end') !== rtl
    const left = atEnd ? box.right - menu.offsetWidth : box.left
    const maxLeft = (view?.innerWidth ?? Infinity) - menu.offsetWidth - 4
    menu.style.left = `${Math.round(Math.max(4, Math.min(left, maxLeft)))}px`
    menu.style.top = `${Math.round(box.bottom + 2)}px`
    menu.querySelector<HTMLElement>('[role=menuitem]')?.focus()
    return () => anchor.setAttribute('aria-expanded', 'false')
  }, [anchor, align])

  // Closed by the browser (Escape, a click elsewhere) or by a choice: tell the owner.
  useEffect(() => {
    const menu = ref.current
    if (!menu) return
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') onClose()
    }
    menu.addEventListener('toggle', onToggle)
    return () => menu.removeEventListener('toggle', onToggle)
  }, [onClose])

  const close = () => {
    if (ref.current?.matches(':popover-open')) ref.current.hidePopover()
    if (anchor.isConnected) anchor.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role=menuitem]')]
    const index = entries.indexOf(event.target as HTMLElement)
    let next: number | null = null
    if (event.key === 'ArrowDown') next = (index + 1) % entries.length
    else if (event.key === 'ArrowUp') next = (index - 1 + entries.length) % entries.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = entries.length - 1
    else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      close()
      return
    }
    if (next === null) return
    event.preventDefault()
    entries[next]?.focus()
  }

  return (
    <div ref={ref} popover="auto" role="menu" aria-label={label} className="dse-menu" onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="dse-menu__item"
          onClick={() => {
            close()
            item.run()
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}
