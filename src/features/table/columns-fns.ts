import type { CkanField, CkanRecord } from '../../api/ckan/types'
import type { SortKey } from '../../model/explorer-state'
import { viewColumns } from '../../model/fields'
import { ckanType, normaliseType, type NormalisedType } from '../../lib/ckan-types'
import { isCodeColumnName } from '../../lib/code-columns'
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'

export interface ColumnSpec {
  /** The CKAN field id, exactly as sent (may be `__proto__`, `a.b`, `x[0]`, Hebrew, spaces…). */
  id: string
  /** What the header shows: the data dictionary label when there is one, else the id. */
  label: string
  /** The header's accessible name: always contains the id. */
  accessibleLabel: string
  /** The data dictionary's description of the column (`info.notes`), when there is one. */
  notes?: string
  type: string
  family: NormalisedType
  align: 'start' | 'end'
  /** Its numbers are codes (`employee_id`, `ZipCode`): shown without grouping separators. */
  isCode: boolean
  defaultWidth: number
}

export const MIN_COLUMN_WIDTH = 48
export const MAX_COLUMN_WIDTH = 1200

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

export function headerSortInfo(
  sort: readonly SortKey[],
  spec: ColumnSpec,
  t: Translate<MainMessages>,
): HeaderSortInfo {
  const index = sort.findIndex((key) => key.field === spec.id)
  const key = index === -1 ? undefined : sort[index]
  const direction = key ? (key.desc ? 'desc' : 'asc') : null
  const position = key && sort.length > 1 ? index + 1 : null
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
