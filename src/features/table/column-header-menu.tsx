// A column's menu, opened from its header's "⋮" button or with Alt+ArrowDown on the header: sort,
// filter, profile, move, keep in view, fit, hide. Loaded on first use.
import { PopoverMenu, type MenuItem } from '../../components/ui/popover-menu'
import { columnsCatalogue } from '../../i18n/catalogues/columns'
import { useMessages } from '../../i18n/i18n-context'
import { canMoveColumn } from '../../model/column-layout'
import type { ColumnActions, TableLocale } from './grid-types'

export interface ColumnHeaderMenuProps {
  fieldId: string
  /** The header's menu button. */
  anchor: HTMLElement
  actions: ColumnActions
  /** Makes the column as wide as its longest value shown (the grid measures it). */
  onFit(fieldId: string): void
  locale: TableLocale
  onClose(): void
}

export function ColumnHeaderMenu({
  fieldId,
  anchor,
  actions,
  onFit,
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
