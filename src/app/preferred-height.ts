// The height an embed would like (its toolbar, the grid's head and up to 20 rows): measured in the
// explorer's own elements. Loaded only by an embed that reports it (use-preferred-height.ts).
import { gridHeightFor, ROW_HEIGHT } from '../features/table/grid-geometry'

/** Rows an embed would like to show without scrolling its grid, when the host lets it size itself. */
export const PREFERRED_ROWS = 20

/** Where the parts that decide an explorer's preferred height are (px, from the same origin). */
export interface PreferredHeightParts {
  rootTop: number
  rootBottom: number
  gridTop: number
  gridBottom: number
  /** The grid's sticky head: the header row, and the column overviews under it when they are shown. */
  headHeight: number
  /** The rows of the result. */
  rows: number
  /** A row's height (px; default ROW_HEIGHT): the grid's --dse-row-height. */
  rowHeight?: number
}

/**
 * The height an explorer would like: what is above its grid, the grid's head and up to PREFERRED_ROWS
 * rows, and the space below.
 */
export function preferredHeightOf(parts: PreferredHeightParts): number {
  const below = parts.rootBottom - parts.gridBottom
  const gridHeight = gridHeightFor(Math.min(parts.rows, PREFERRED_ROWS), parts.headHeight, parts.rowHeight)
  return Math.ceil(parts.gridTop - parts.rootTop + gridHeight + Math.max(0, below))
}

/** preferredHeightOf the explorer in `root`; with no grid (a notice, an error), its content's height. */
export function preferredHeight(root: HTMLElement): number {
  const grid = root.querySelector<HTMLElement>('[role=grid]')
  const main = root.querySelector<HTMLElement>('.dse-main')
  if (!grid) return Math.ceil(main?.scrollHeight ?? root.scrollHeight)
  const rootBox = root.getBoundingClientRect()
  const gridBox = grid.getBoundingClientRect()
  return preferredHeightOf({
    rootTop: rootBox.top,
    rootBottom: main ? rootBox.bottom : gridBox.bottom,
    gridTop: gridBox.top,
    gridBottom: gridBox.bottom,
    headHeight: grid.querySelector<HTMLElement>('.dse-grid__head')?.getBoundingClientRect().height ?? 0,
    rows: Math.max(0, Number(grid.getAttribute('aria-rowcount') ?? 1) - 1),
    // the grid sets it on itself (records-grid.tsx): read from its style attribute, no style computed
    rowHeight: Number.parseFloat(grid.style.getPropertyValue('--dse-row-height')) || ROW_HEIGHT,
  })
}
