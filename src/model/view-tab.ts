// Which tab shows the records: the link's `view` (table; cards, the default on a narrow screen; chart;
// summary; map, for a table with places). Kept apart from the summary's own link syntax
// (summary-link.ts), which loads with the Summary tab.

export type ViewTab = 'table' | 'cards' | 'chart' | 'summary' | 'map'
export const VIEW_TABS: readonly ViewTab[] = ['table', 'cards', 'chart', 'summary', 'map']

/** The tab a link's `view` names (any case); null for another word. */
export function parseViewTab(text: string): ViewTab | null {
  const tab = text.trim().toLowerCase()
  return (VIEW_TABS as readonly string[]).includes(tab) ? (tab as ViewTab) : null
}
