import { columnsOnFirstScreen } from './columns-fns'
import type { ShownColumn } from './grid-types'

/**
 * The columns a screen shows when the grid is scrolled to its start. The grid is at most as wide as
 * the window: reading its real width would force a layout before the first rows are painted.
 */
export function firstScreenColumns(
  columns: readonly ShownColumn[],
  firstColumnStart: number,
  viewWidth: number,
): readonly ShownColumn[] {
  const count = columnsOnFirstScreen(
    columns.map((column) => column.width),
    firstColumnStart,
    viewWidth,
  )
  return count === columns.length ? columns : columns.slice(0, count)
}
