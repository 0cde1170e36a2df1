/**
 * Keyboard navigation of the grid (WAI-ARIA data grid pattern), as a pure function so it can be tested
 * without a browser. Row -1 is the header row; column 0 is the row-number column.
 */

export interface CellPosition {
  /** -1 for the header row, else the 0-based data row index. */
  row: number
  col: number
}

export interface GridDimensions {
  rowCount: number
  colCount: number
  /** Rows per screen: the step of PageUp / PageDown. */
  pageRows: number
}

export interface NavigationKey {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

/** Keeps a position inside the grid (after rows or columns went away). */
export function clampPosition(position: CellPosition, dims: GridDimensions): CellPosition {
  return {
    row: clamp(position.row, -1, dims.rowCount - 1),
    col: clamp(position.col, 0, Math.max(0, dims.colCount - 1)),
  }
}

/**
 * The cell a navigation key moves to, or null when the key is not a navigation key (so the caller
 * lets the browser handle it: Tab must always leave the grid).
 * Ctrl+Home / Ctrl+End go to the first / last data row (the header row stays in view anyway).
 */
export function nextPosition(
  from: CellPosition,
  input: NavigationKey,
  dims: GridDimensions,
): CellPosition | null {
  const lastRow = dims.rowCount - 1
  const lastCol = Math.max(0, dims.colCount - 1)
  const ctrl = Boolean(input.ctrlKey || input.metaKey)
  const { row, col } = clampPosition(from, dims)
  switch (input.key) {
    case 'ArrowUp':
      return { row: Math.max(-1, row - 1), col }
    case 'ArrowDown':
      return { row: Math.min(lastRow, row + 1), col }
    case 'ArrowLeft':
      return { row, col: Math.max(0, col - 1) }
    case 'ArrowRight':
      return { row, col: Math.min(lastCol, col + 1) }
    case 'Home':
      return ctrl ? { row: Math.min(0, lastRow), col: 0 } : { row, col: 0 }
    case 'End':
      return ctrl ? { row: lastRow, col: lastCol } : { row, col: lastCol }
    case 'PageUp':
      return { row: row <= 0 ? -1 : Math.max(0, row - dims.pageRows), col }
    case 'PageDown':
      return { row: Math.min(lastRow, row + dims.pageRows), col }
    default:
      return null
  }
}

/** In right-to-left layouts the arrow keys follow what the user sees. */
export function logicalArrowKey(key: string, rtl: boolean): string {
  if (!rtl) return key
  if (key === 'ArrowLeft') return 'ArrowRight'
  if (key === 'ArrowRight') return 'ArrowLeft'
  return key
}
