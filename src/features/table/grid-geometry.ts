// The grid's fixed sizes (px), mirrored in table.css: the one home for them, in the grid and outside
// it (an embed's preferred height).

/** A row's height. */
export const ROW_HEIGHT = 32
/** The header row's height. */
export const HEADER_HEIGHT = 40
/** The column overviews under the header row, when shown. */
export const STRIP_HEIGHT = 34
/** The grid's 1 px borders, above and below. */
export const GRID_BORDERS = 2
/** The grid's default height: a share of the window, at least a minimum (borders included). */
export const GRID_WINDOW_SHARE = 0.7
export const GRID_MIN_HEIGHT = 240

/** The sticky head's height: the header row, and the overviews under it when shown. */
export function headHeightOf(strip: boolean): number {
  return HEADER_HEIGHT + (strip ? STRIP_HEIGHT : 0)
}

/** The height of a grid that shows `rows` rows without scrolling, under a head this tall. */
export function gridHeightFor(rows: number, headHeight: number): number {
  return headHeight + rows * ROW_HEIGHT + GRID_BORDERS
}
