import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { shownColumns, viewColumns } from '../../model/fields'
import { ckanType, normaliseType } from '../../lib/ckan-types'
import { isCodeColumnName } from '../../lib/code-columns'
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { ColumnSpec, ShownColumn } from './grid-types'

export type { ColumnSpec } from './grid-types'

export const MIN_COLUMN_WIDTH = 48
export const MAX_COLUMN_WIDTH = 1200

/** A width within the limits, in whole pixels: a dragged, typed or stepped width alike. */
export function columnWidthWithin(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)))
}

/** How much "Narrower" and "Wider" in a column's menu change its width: a quarter of it. */
export const WIDTH_STEP = 0.25

/**
 * The width after one step narrower (-1) or wider (+1) from `width`, within the limits: the column
 * menu's alternative to dragging the edge (WCAG 2.5.7).
 */
export function steppedWidth(width: number, direction: -1 | 1): number {
  return columnWidthWithin(width * (1 + direction * WIDTH_STEP))
}

/** A width from the content is never wider than this: a long text column still leaves room for others. */
const CONTENT_WIDTH_MAX = 360
/** Average advance of a character of the table's font at its size, and a cell's padding. */
const CHAR_WIDTH = 8.6
const CELL_PADDING = 30
/** The first records are enough to see how wide a column's values run. */
const WIDTH_SAMPLE = 100

/** About how many characters a value takes on screen (numbers with their group separators, codes without). */
function shownLength(value: unknown, isCode: boolean): number {
  if (typeof value === 'string') return value.length
  if (typeof value === 'number') {
    if (isCode) return String(value).length
    const integerDigits = String(Math.trunc(Math.abs(value))).length
    return String(value).length + Math.floor((integerDigits - 1) / 3)
  }
  return JSON.stringify(value)?.length ?? 0
}

/** The width that shows most of the column's values in these records, or null without records. */
function contentWidth(records: readonly CkanRecord[], id: string, isCode: boolean): number | null {
  if (records.length === 0) return null
  const lengths: number[] = []
  for (const record of records.slice(0, WIDTH_SAMPLE)) {
    const value = Object.hasOwn(record, id) ? record[id] : null
    if (value === null || value === undefined) continue
    lengths.push(shownLength(value, isCode))
  }
  if (lengths.length === 0) return null
  // the 90th percentile: one outlier does not widen the whole column
  lengths.sort((a, b) => a - b)
  const typical = lengths[Math.min(lengths.length - 1, Math.floor(lengths.length * 0.9))]!
  return Math.min(CONTENT_WIDTH_MAX, Math.round(typical * CHAR_WIDTH + CELL_PADDING))
}

/** A fitted or widened column is never wider than this: a long text still leaves room for others. */
export const FIT_MAX_WIDTH = 640

/**
 * The width (px) each column's longest value in these records needs, estimated from its length (no
 * layout read), within limits: what a column cut short would like when the grid has room to spare.
 */
export function wantedWidths(
  specs: readonly ColumnSpec[],
  records: readonly CkanRecord[],
): ReadonlyMap<string, number> {
  const wanted = new Map<string, number>()
  for (const spec of specs) {
    let longest = 0
    for (const record of records) {
      const value = Object.hasOwn(record, spec.id) ? record[spec.id] : null
      if (value !== null && value !== undefined) longest = Math.max(longest, shownLength(value, spec.isCode))
    }
    const byValues = Math.round(longest * CHAR_WIDTH + CELL_PADDING)
    // dates are shown longer than they are sent: their default width already fits them
    wanted.set(
      spec.id,
      Math.min(FIT_MAX_WIDTH, ckanType(spec.family).isTemporal ? spec.defaultWidth : byValues),
    )
  }
  return wanted
}

/**
 * The columns, with the room the grid has beyond them given to the ones cut short (their longest value
 * wider than they are) first, each up to what it wants, in proportion when there is not enough. A
 * column the reader sized keeps its width. The same array when there is nothing to give.
 */
export function withRoom(
  columns: readonly ShownColumn[],
  room: number,
  wanted: ReadonlyMap<string, number>,
): readonly ShownColumn[] {
  const total = columns.reduce((sum, column) => sum + column.width, 0)
  const extra = Math.floor(room - total)
  if (extra < 1) return columns
  const deficits = columns.map((column) =>
    column.userSized ? 0 : Math.max(0, (wanted.get(column.spec.id) ?? 0) - column.width),
  )
  const wantedMore = deficits.reduce((sum, deficit) => sum + deficit, 0)
  if (wantedMore === 0) return columns
  const share = Math.min(1, extra / wantedMore)
  let pinnedAt = 0
  return columns.map((column, index) => {
    const width = column.width + Math.floor(deficits[index]! * share)
    const at = pinnedAt
    if (column.pinnedAt !== undefined) pinnedAt += width
    if (width === column.width && (column.pinnedAt === undefined || column.pinnedAt === at)) return column
    return column.pinnedAt === undefined ? { ...column, width } : { ...column, width, pinnedAt: at }
  })
}

/**
 * Whether two lists of columns draw the same: same specs, widths, pins and widths the reader set, in
 * the same order. The table model's list equals the first frame's (firstShownColumns) until the
 * reader changes something.
 */
export function sameColumns(a: readonly ShownColumn[], b: readonly ShownColumn[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (column, index) =>
        column.spec === b[index]!.spec &&
        column.width === b[index]!.width &&
        column.pinnedAt === b[index]!.pinnedAt &&
        (column.userSized ?? false) === (b[index]!.userSized ?? false),
    )
  )
}

/**
 * Whether a cell's text likely runs past its width (its length at the font's average advance): such a
 * cell shows that it has more, as a long one does. Cheap, no layout read, on the safe side.
 */
export function likelyCut(text: string, innerWidth: number): boolean {
  return text.length * AVERAGE_CHAR_PX > innerWidth
}

/** The average advance of a character of the cells' 15 px font (px), for likelyCut. */
const AVERAGE_CHAR_PX = 7.5

/**
 * The columns to offer (the model's viewColumns: in `fields` order, internal columns dropped,
 * duplicate ids kept once). With records (the first page), each column is as wide as its values and
 * header need, within limits.
 */
export function columnSpecs(
  fields: readonly CkanField[],
  t: Translate<MainMessages>,
  records: readonly CkanRecord[] = [],
): ColumnSpec[] {
  const specs: ColumnSpec[] = []
  for (const field of viewColumns(fields)) {
    const family = normaliseType(field.type)
    // a label that only repeats the id says nothing more
    const label = field.label !== undefined && field.label !== field.id ? field.label : null
    const shown = label ?? field.id
    const type = ckanType(family)
    const byType = field.id === '_id' ? 90 : type.width
    // the name, its sort arrow and the column menu button fit (a long name is cut, not the column widened)
    const byHeader = Math.min(260, Math.round(shown.length * 8 + 62))
    const { notes } = field
    const isCode = isCodeColumnName(field.id)
    specs.push({
      id: field.id,
      label: shown,
      accessibleLabel: label ? t('table.header.described', { label, id: field.id }) : field.id,
      ...(notes ? { notes } : {}),
      type: field.type,
      family,
      align: type.align,
      isCode,
      // dates are shown longer than they are sent ("1993-01-24" → "Jan 24, 1993"): their type's width is the least
      defaultWidth: Math.max(
        contentWidth(records, field.id, isCode) ?? byType,
        type.isTemporal ? byType : 0,
        byHeader,
      ),
    })
  }
  return specs
}

/** The specs of `columns` (the model's shownColumns), in their order. */
export function specsOf(specs: readonly ColumnSpec[], columns: readonly { id: string }[]): ColumnSpec[] {
  const byId = new Map(specs.map((spec) => [spec.id, spec]))
  return columns.flatMap((column) => byId.get(column.id) ?? [])
}

/**
 * The grid's columns before its table model has loaded (the first rows do not wait for it): the
 * view's shownColumns, kept in view first, at their default widths. The table model gives the same
 * (table-model.test.ts holds them equal).
 */
export function firstShownColumns(
  specs: readonly ColumnSpec[],
  fields: readonly CkanField[],
  view: { hidden: readonly string[]; columns: readonly string[]; pinned: readonly string[] },
): ShownColumn[] {
  const pinned = new Set(view.pinned)
  let pinnedAt = 0
  return specsOf(specs, shownColumns(fields, view.hidden, view.columns, view.pinned)).map((spec) => {
    const width = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, spec.defaultWidth))
    if (!pinned.has(spec.id)) return { spec, width }
    const column = { spec, width, pinnedAt }
    pinnedAt += width
    return column
  })
}

/** A column's part in a sort (as the table model's getIsSorted and getSortIndex say it). */
export function headerSortOf(sort: readonly { field: string; desc: boolean }[], id: string): HeaderSort {
  const index = sort.findIndex((key) => key.field === id)
  if (index === -1) return UNSORTED
  return { direction: sort[index]!.desc ? 'desc' : 'asc', index, keys: sort.length }
}

/** The new `hidden` list after showing or hiding one column (order kept, no duplicates). */
export function withColumnShown(hidden: readonly string[], id: string, shown: boolean): string[] {
  const rest = hidden.filter((name) => name !== id)
  return shown ? rest : [...rest, id]
}

/**
 * Narrowest a character is drawn in a cell (px): "i", "l" and "." in the table's 15 px fonts are
 * wider. A cell of width w never shows more than w / this many characters.
 */
export const NARROWEST_CHAR_PX = 3

/**
 * The part of a cell's text that its width can show, with "…" when cut. Laying out text that is
 * clipped anyway is the costliest part of drawing rows with long values (a 600-character note in
 * every row); the full value stays one click away in the cell dialog.
 */
export function shownCellText(text: string, width: number): { text: string; cut: boolean } {
  const room = Math.max(8, Math.ceil(width / NARROWEST_CHAR_PX))
  if (text.length <= room) return { text, cut: false }
  // never split a surrogate pair (emoji, rare CJK) in half
  const end = /[\uD800-\uDBFF]/.test(text.charAt(room - 1)) ? room - 1 : room
  return { text: `${text.slice(0, end)}…`, cut: true }
}

/**
 * One cell's value, read as an own property only: a field named `__proto__` or `constructor` must give
 * the record's value (or nothing), never something from Object.prototype.
 */
export function readCell(record: CkanRecord, id: string): unknown {
  return Object.hasOwn(record, id) ? record[id] : undefined
}

/**
 * How many columns the first screen can show: those starting within `viewWidth` of the grid's start,
 * where the first one starts at `startPx` (after the row numbers). The first rows are drawn with these
 * alone, which halves the text laid out for them on a wide table; the rest follow a frame later.
 */
export function columnsOnFirstScreen(widths: readonly number[], startPx: number, viewWidth: number): number {
  let start = startPx
  for (let index = 0; index < widths.length; index++) {
    if (start >= viewWidth) return index
    start += widths[index]!
  }
  return widths.length
}

/** What decides whether a row is drawn with every column (see drawsEveryColumn). */
export interface ColumnDrawing {
  /** Only the first screen's columns would show: at the inline start, the active cell among them. */
  firstScreenOnly: boolean
  /** The rows on screen are loaded and painted, and the overscan rows drawn. */
  settledRows: boolean
  /** Scrolling now (until it has paused a moment). */
  moving: boolean
  /** The rows drawn with every column when the scrolling started. */
  whole: { first: number; last: number }
}

/**
 * Whether row `index` is drawn with every column, or with the first screen's columns alone. Those
 * alone for the first rows and the rows a leap lands on (until they are painted), and for rows that
 * come into view while scrolling: a row costs about half as much to draw, which is what keeps a fast
 * scroll smooth on a wide table. Rows already drawn whole stay whole (redrawing them would cost more),
 * and every row is whole once the scrolling pauses, so scrolling sideways finds every column.
 */
export function drawsEveryColumn(index: number, drawing: ColumnDrawing): boolean {
  if (!drawing.firstScreenOnly) return true
  if (!drawing.settledRows) return false
  if (!drawing.moving) return true
  return index >= drawing.whole.first && index <= drawing.whole.last
}

export { TYPE_MESSAGE } from '../../lib/ckan-types'

export interface HeaderSortInfo {
  direction: 'asc' | 'desc' | null
  /** 1-based position among the sort keys, shown only when several keys are active. */
  position: number | null
  /** aria-sort: the primary key carries the direction, every other header "none". */
  ariaSort: 'ascending' | 'descending' | 'none'
  /** e.g. "year, sorted descending, 1st" */
  accessibleName: string
}

/** A column's part in the sort, as the table model says it (column.getIsSorted, getSortIndex). */
export interface HeaderSort {
  direction: 'asc' | 'desc' | false
  /** Its place among the sort keys (0 first), -1 when it is not one. */
  index: number
  /** How many sort keys there are. */
  keys: number
}

export const UNSORTED: HeaderSort = { direction: false, index: -1, keys: 0 }

export function headerSortInfo(
  sorted: HeaderSort,
  spec: ColumnSpec,
  t: Translate<MainMessages>,
): HeaderSortInfo {
  const { index } = sorted
  const direction = sorted.direction === false ? null : sorted.direction
  const position = direction && sorted.keys > 1 ? index + 1 : null
  const parts = [spec.accessibleLabel]
  if (direction) parts.push(t(direction === 'asc' ? 'table.header.sortedAsc' : 'table.header.sortedDesc'))
  if (position !== null) parts.push(t('table.header.sortPosition', { count: position }))
  return {
    direction,
    position,
    ariaSort: index === 0 && direction ? (direction === 'asc' ? 'ascending' : 'descending') : 'none',
    accessibleName: parts.join(', '),
  }
}
