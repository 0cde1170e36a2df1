// A column's menu, opened from its header's "⋮" button, with Alt+ArrowDown on the header or a long
// press on its title (touch): sort, filter, profile, move, keep in view, fit, narrower or wider (the
// widths without a drag, WCAG 2.5.7), hide. Loaded on first use.
import { PopoverMenu, type MenuItem } from '../../components/ui/popover-menu'
import { columnsCatalogue } from '../../i18n/catalogues/columns'
import { useMessages } from '../../i18n/i18n-context'
import { canMoveColumn } from '../../model/column-layout'
import { steppedWidth } from './columns-fns'
import type { ColumnActions, TableLocale } from './grid-types'

export interface ColumnHeaderMenuProps {
  fieldId: string
  /** The header's menu button. */
  anchor: HTMLElement
  actions: ColumnActions
  /** Makes the column as wide as its longest value shown (the grid measures it). */
  onFit(fieldId: string): void
  /** The column's width as drawn now (px): "Narrower" and "Wider" step from it. */
  width: number
  /** Gives the column a width, as a drag of its edge does. */
  onResize(fieldId: string, width: number): void
  locale: TableLocale
  onClose(): void
}

export function ColumnHeaderMenu({
  fieldId,
  anchor,
  actions,
  onFit,
  width,
  onResize,
  locale,
  onClose,
}: ColumnHeaderMenuProps) {
  const { t } = locale
  const c = useMessages(columnsCatalogue)
  const { filter, profile } = actions
  // "left" and "right" as the reader sees them: in a right-to-left page the grid starts on the right
  const rtl = anchor.ownerDocument.defaultView?.getComputedStyle(anchor).direction === 'rtl'
  const towards = (side: 'left' | 'right'): -1 | 1 => ((side === 'left') !== rtl ? -1 : 1)
  const { fields, layout } = actions.arrangement
  const move = (side: 'left' | 'right'): MenuItem => ({
    label: c(side === 'left' ? 'columns.moveLeft' : 'columns.moveRight'),
    run: () => actions.move(fieldId, towards(side)),
    disabled: !canMoveColumn(fields, layout, fieldId, towards(side)),
  })
  const pinned = layout.pinned.includes(fieldId)
  const step = (direction: -1 | 1): MenuItem => {
    const next = steppedWidth(width, direction)
    return {
      label: c(direction < 0 ? 'columns.narrower' : 'columns.wider'),
      run: () => onResize(fieldId, next),
      // at a limit already: nothing to do
      disabled: next === Math.round(width),
    }
  }
  const items: MenuItem[] = [
    { label: t('table.menu.sortAsc'), run: () => actions.sort(fieldId, false) },
    { label: t('table.menu.sortDesc'), run: () => actions.sort(fieldId, true) },
    ...(filter ? [{ label: t('table.menu.filter'), run: () => filter(fieldId) }] : []),
    ...(profile ? [{ label: t('table.menu.profile'), run: () => profile(fieldId) }] : []),
    move('left'),
    move('right'),
    {
      label: c(pinned ? 'columns.stopKeeping' : 'columns.keepInView'),
      run: () => actions.pin(fieldId, !pinned),
    },
    { label: c('columns.fitWidth'), run: () => onFit(fieldId) },
    step(-1),
    step(1),
    { label: t('table.menu.hide'), run: () => actions.hide(fieldId) },
  ]
  return (
    <PopoverMenu
      label={t('table.menu.label', { column: fieldId })}
      anchor={anchor}
      items={items}
      onClose={onClose}
    />
  )
}
