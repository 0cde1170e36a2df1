// A column's menu, opened from its header's "⋮" button or with Alt+ArrowDown on the header: sort,
// filter, profile, hide. Loaded on first use.
import { PopoverMenu, type MenuItem } from '../../components/ui/popover-menu'
import type { ColumnActions, TableLocale } from './grid-types'

export interface ColumnHeaderMenuProps {
  fieldId: string
  /** The header's menu button. */
  anchor: HTMLElement
  actions: ColumnActions
  locale: TableLocale
  onClose(): void
}

export function ColumnHeaderMenu({ fieldId, anchor, actions, locale, onClose }: ColumnHeaderMenuProps) {
  const { t } = locale
  const { filter, profile } = actions
  const items: MenuItem[] = [
    { label: t('table.menu.sortAsc'), run: () => actions.sort(fieldId, false) },
    { label: t('table.menu.sortDesc'), run: () => actions.sort(fieldId, true) },
    ...(filter ? [{ label: t('table.menu.filter'), run: () => filter(fieldId) }] : []),
    ...(profile ? [{ label: t('table.menu.profile'), run: () => profile(fieldId) }] : []),
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
