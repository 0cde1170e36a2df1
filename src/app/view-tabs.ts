// The tabs of an open table: the ways its records can be shown, as one list that the toolbar and the
// phone's sheet draw. A new way adds its name to model/view-tab.ts, its label here and in the
// catalogue, and its panel to view-records.tsx.
import type { MainMessages } from '../i18n/catalogues/main'
import { VIEW_TABS, type ViewTab } from '../model/view-tab'

export type ShownAs = ViewTab

/** Each tab's label, in the tab list's order (model/view-tab.ts). */
export const TAB_LABELS = {
  table: 'app.viewTable',
  cards: 'app.viewCards',
  chart: 'app.viewChart',
  summary: 'app.viewSummary',
  map: 'app.viewMap',
} as const satisfies Record<ViewTab, keyof MainMessages>

/**
 * The tabs a table offers: the Map only for a table with places; Cards on a narrow screen (or when the
 * link asks for them), where a row of the table does not fit; a wide one keeps its toolbar on one line.
 */
export function offeredTabs(hasPlaces: boolean, narrow: boolean, current: ViewTab | null = null): ViewTab[] {
  return VIEW_TABS.filter(
    (tab) => (tab !== 'map' || hasPlaces) && (tab !== 'cards' || narrow || current === 'cards'),
  )
}

/** The ids that tie each tab to the one panel. */
export type ViewTabIds = Record<ShownAs, string> & { panel: string }

/** The tabs' ids and their panel's, from one id of the view. */
export function viewTabIds(base: string): ViewTabIds {
  const ids = Object.fromEntries(VIEW_TABS.map((view) => [view, `${base}-${view}`]))
  return { ...(ids as Record<ShownAs, string>), panel: `${base}-panel` }
}
