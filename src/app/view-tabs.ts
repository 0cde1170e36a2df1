// The tabs of an open table: the ways its records can be shown, as one list that the toolbar draws.
import type { MainMessages } from '../i18n/catalogues/main'
import type { RecordsView } from '../model/explorer-state'

/**
 * The ways the records can be shown, in the tab list's order: one entry per tab (a new view adds its
 * entry here, its label to the catalogue, and its panel to view-records.tsx).
 */
export const VIEW_TABS = [
  { view: 'table', label: 'app.viewTable' },
  { view: 'cards', label: 'app.viewCards' },
  { view: 'chart', label: 'app.viewChart' },
] as const satisfies readonly { view: RecordsView; label: keyof MainMessages }[]

export type ShownAs = (typeof VIEW_TABS)[number]['view']

/** The ids that tie each tab to the one panel. */
export type ViewTabIds = Record<ShownAs, string> & { panel: string }

/** The tabs' ids and their panel's, from one id of the view. */
export function viewTabIds(base: string): ViewTabIds {
  const ids = Object.fromEntries(VIEW_TABS.map(({ view }) => [view, `${base}-${view}`]))
  return { ...(ids as Record<ShownAs, string>), panel: `${base}-panel` }
}
