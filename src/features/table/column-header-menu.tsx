// A column's menu, opened from its header's "⋮" button or with Alt+ArrowDown on the header: sort,
// filter, profile, hide. A native popover: it sits in the top layer (the grid clips nothing of it),
// closes on Escape and outside clicks by itself, and lives inside our root (shadow roots included).
// Loaded on first use.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import type { ColumnActions, TableLocale } from './grid-types'

export interface ColumnHeaderMenuProps {
  fieldId: string
  /** The header's menu button: the menu opens under it and gives the focus back to it. */
  anchor: HTMLElement
  actions: ColumnActions
  locale: TableLocale
  onClose(): void
}

interface MenuItem {
  label: string
  run(): void
}

export function ColumnHeaderMenu({ fieldId, anchor, actions, locale, onClose }: ColumnHeaderMenuProps) {
  const ref = useRef<HTMLDivElement>(null)
  const { t } = locale
  const items: MenuItem[] = [
    { label: t('table.menu.sortAsc'), run: () => actions.sort(fieldId, false) },
    { label: t('table.menu.sortDesc'), run: () => actions.sort(fieldId, true) },
  ]
  if (actions.filter) {
    const filter = actions.filter
    items.push({ label: t('table.menu.filter'), run: () => filter(fieldId) })
  }
  if (actions.profile) {
    const profile = actions.profile
    items.push({ label: t('table.menu.profile'), run: () => profile(fieldId) })
  }
  items.push({ label: t('table.menu.hide'), run: () => actions.hide(fieldId) })

  // Opens under its button (fixed: the top layer is placed against the window), first item focused.
  useLayoutEffect(() => {
    const menu = ref.current
    if (!menu) return
    menu.showPopover()
    // its end edge under the button's end edge (the button sits at the header's end), kept on screen
    const box = anchor.getBoundingClientRect()
    const rtl = getComputedStyle(anchor).direction === 'rtl'
    const left = rtl ? box.left : box.right - menu.offsetWidth
    const maxLeft = window.innerWidth - menu.offsetWidth - 4
    menu.style.left = `${Math.round(Math.max(4, Math.min(left, maxLeft)))}px`
    menu.style.top = `${Math.round(box.bottom + 2)}px`
    menu.querySelector<HTMLElement>('[role=menuitem]')?.focus()
  }, [anchor])

  // Closed by the browser (Escape, a click elsewhere) or by a choice: tell the header, refocus it.
  useEffect(() => {
    const menu = ref.current
    if (!menu) return
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'closed') return
      onClose()
    }
    menu.addEventListener('toggle', onToggle)
    return () => menu.removeEventListener('toggle', onToggle)
  }, [onClose])

  const choose = (item: MenuItem) => {
    ref.current?.hidePopover()
    anchor.focus()
    item.run()
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
      // the browser closes the popover on Escape; the focus goes back to the header either way
      event.preventDefault()
      ref.current?.hidePopover()
      anchor.focus()
      return
    }
    if (next === null) return
    event.preventDefault()
    entries[next]?.focus()
  }

  return (
    <div
      ref={ref}
      popover="auto"
      role="menu"
      aria-label={t('table.menu.label', { column: fieldId })}
      className="dse-column-menu"
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="dse-column-menu__item"
          onClick={() => choose(item)}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}
