// The four grids under test and how the harness reaches each: the explorer's production build
// (served by the datastore server itself) and the three peer pages (bench/peers, served statically,
// reading the same datastore server over CORS-enabled GETs).
import type { Page } from '@playwright/test'

export const GRIDS = ['ours', 'before', 'ag-grid', 'glide', 'datatables'] as const
export type GridName = (typeof GRIDS)[number]
/** The grids measured when none are named: `before` only runs when a build to compare is given. */
export const DEFAULT_GRIDS: readonly GridName[] = ['ours', 'ag-grid', 'glide', 'datatables']

/** The explorer, as built now (`ours`) or from another commit (`before`, `--before DIR`). */
export function isExplorer(grid: GridName): boolean {
  return grid === 'ours' || grid === 'before'
}

export const GRID_LABELS: Record<GridName, string> = {
  ours: 'Datastore Explorer',
  before: 'Datastore Explorer, an earlier build (`--before`)',
  'ag-grid': 'AG Grid Community 36.2 (Infinite Row Model)',
  glide: 'Glide Data Grid 6.0.4-alpha24 (async page cache)',
  datatables: 'DataTables 3.1.5 + Scroller 3.1.0 (server-side)',
}

export const SHORT_LABELS: Record<GridName, string> = {
  ours: 'Ours',
  before: 'Before',
  'ag-grid': 'AG Grid',
  glide: 'Glide',
  datatables: 'DataTables',
}

export const RESOURCE_ID = 'generated-cities'
/** The column the sort benchmark clicks: an indexed int8 column with nulls (sorted last). */
export const SORT_COLUMN = 'population'
/** A 10-character word that the generated data contains (a place name). */
export const TYPED_WORD = 'Düsseldorf'

export interface GridSetup {
  /** Origin of the datastore server for this resource size. */
  api: string
  /** Origin of the static server of the peer pages. */
  peers: string
  /** Height of the explorer's grid (header + rows), given to the peers so all show as many rows. */
  height: number
  /** Origin serving the earlier build, with the API forwarded to `api` (`--before DIR`). */
  before?: string
}

export function gridUrl(grid: GridName, setup: GridSetup): string {
  if (grid === 'ours') return `${setup.api}/?resource_id=${RESOURCE_ID}&limit=all`
  if (grid === 'before') {
    if (!setup.before) throw new Error('the before grid needs --before DIR')
    return `${setup.before}/?resource_id=${RESOURCE_ID}&limit=all`
  }
  const query = new URLSearchParams({ api: setup.api, resource: RESOURCE_ID, height: String(setup.height) })
  return `${setup.peers}/${grid}.html?${query.toString()}`
}

/**
 * The explorer's grid, not the invisible one-row table it lays out to warm its code and fonts while
 * the first page loads (in-page-probe.ts, which must stay self-contained, spells it out again).
 */
export const OURS_GRID = '.dse-grid:not(.dse-warm-up .dse-grid)'

/** Centre of the sort column's header, in viewport coordinates. */
export async function headerPoint(grid: GridName, page: Page): Promise<{ x: number; y: number }> {
  if (isExplorer(grid)) {
    const box = await page
      .locator(`${OURS_GRID} [role="columnheader"][aria-label="${SORT_COLUMN}"] button`)
      .first()
      .boundingBox()
    if (!box) throw new Error('no header button for the sort column')
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  }
  const point = await page.evaluate((column) => window.__bench.headerPoint(column), SORT_COLUMN)
  if (!point) throw new Error(`no header for ${SORT_COLUMN} in ${grid}`)
  return point
}

/** Grids with a search box of their own (AG Grid and Glide have none). */
export const GRIDS_WITH_SEARCH: readonly GridName[] = ['ours', 'before', 'datatables']

/** Selector of the grid's search box, or null when it has none (AG Grid, Glide). */
export async function searchBox(grid: GridName, page: Page): Promise<string | null> {
  if (isExplorer(grid)) return 'input[type="search"]'
  return page.evaluate(() => window.__bench.searchBox)
}
