// The grid's sizes (px), mirrored in table.css: the one home for them, in the grid and outside it (an
// embed's preferred height). The rows' height is the default's unless a host's theme asks for another
// (rowHeightFor): the grid then gets it from its environment and sets --dse-row-height on itself.

/** A row's height: the default (comfortable, at the default 15 px font); rowHeightFor gives the others. */
export const ROW_HEIGHT = 32
/** The shortest rows: still a 24 px target (WCAG 2.5.8) and room for the text. */
const COMPACT_MIN_HEIGHT = 26
/** The header row's height. */
export const HEADER_HEIGHT = 40
/** The column overviews under the header row, when shown. */
export const STRIP_HEIGHT = 34
/** The grid's 1 px borders, above and below. */
export const GRID_BORDERS = 2
/** The grid's default height: a share of the window, at least a minimum (borders included). */
export const GRID_WINDOW_SHARE = 0.7
export const GRID_MIN_HEIGHT = 240

/** Where a column kept in view sticks: after the row numbers and the kept columns before it. */
export function pinnedStart(pinnedAt: number): string {
  return `calc(var(--dse-rownum-width) + ${pinnedAt}px)`
}

/** The sticky head's height: the header row, and the overviews under it when shown. */
export function headHeightOf(strip: boolean): number {
  return HEADER_HEIGHT + (strip ? STRIP_HEIGHT : 0)
}

/** The height of a grid that shows `rows` rows of `rowHeight` without scrolling, under a head this tall. */
export function gridHeightFor(rows: number, headHeight: number, rowHeight = ROW_HEIGHT): number {
  return headHeight + rows * rowHeight + GRID_BORDERS
}

/**
 * A row's height (px) for an embed's `--datastore-explorer-row-height` (`compact` or `comfortable`;
 * anything else is comfortable) at a font size (px): never shorter than the default, and taller with a
 * larger font so that no row cuts its text. 15 px: 32 or 26; 20 px: 39 or 32.
 */
export function rowHeightFor(setting: string, fontSizePx: number): number {
  const font = Number.isFinite(fontSizePx) && fontSizePx > 0 ? fontSizePx : 15
  // the text's line, whole pixels up (a hair of floating-point error is not a pixel: 10 × 1.4)
  const line = (ratio: number) => Math.ceil(font * ratio - 1e-9)
  if (setting.trim().toLowerCase() === 'compact') return Math.max(COMPACT_MIN_HEIGHT, line(1.3) + 6)
  return Math.max(ROW_HEIGHT, line(1.4) + 11)
}
