import type { CkanRecord } from '../../api/ckan/types'
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { CellLocale } from '../../lib/format'
import type { NormalisedType } from '../../lib/ckan-types'

/** A column as the grid draws it, from its CKAN field (columns-fns.ts `columnSpecs`). */
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

/** A shown column with its current width (px). */
export interface ShownColumn {
  spec: ColumnSpec
  width: number
  /** Kept in view while the rest scroll sideways: its offset (px) from the first kept column's start. */
  pinnedAt?: number
  /** The reader gave it this width: the grid's spare room is not given to it. */
  userSized?: boolean
}

/** The cell whose full value the dialog shows. */
export interface OpenCell {
  spec: ColumnSpec
  /** 0-based row index. */
  row: number
  value: unknown
}

/** The table's words and formats in the interface language: one object per language, so rows compare it cheaply. */
export interface TableLocale {
  cell: CellLocale
  t: Translate<MainMessages>
}

/** Rows sorted in the browser (all records loaded), or null when rows come from the record window. */
export type LocalRows = readonly CkanRecord[] | null

/** Rows drawn above and below the visible ones. */
export const OVERSCAN_ROWS = 10
/** Never lay out more than this many visible rows, even in a very tall container (DOM stays < 100 rows). */
export const MAX_VISIBLE_ROWS = 60

/** A small drawing under each column's name (the column profiles), from the page. */
export interface HeaderStrip {
  /** Draws a column's part of the strip; called once the first rows are painted. */
  renderCell(column: ShownColumn): import('react').ReactNode
}

/** What a column's header menu can do; filter and profile are there when the page offers them. */
export interface ColumnActions {
  /** Sorts by this column alone. */
  sort(fieldId: string, desc: boolean): void
  hide(fieldId: string): void
  filter?(fieldId: string): void
  profile?(fieldId: string): void
  /** Moves the column one place towards the grid's inline start (-1) or end (+1), within its region. */
  move(fieldId: string, step: -1 | 1): void
  /** Keeps the column in view at the grid's inline start, or lets it scroll again. */
  pin(fieldId: string, keep: boolean): void
  /** The result's fields and how the view arranges them: what a menu may offer (a move, a pin). */
  arrangement: {
    fields: readonly import('../../api/ckan/types').CkanField[]
    layout: import('../../model/column-layout').ColumnLayout
  }
  /** Puts a dragged header's column before or after another. */
  moveTo(fieldId: string, drop: import('../../model/column-layout').ColumnDrop): void
}
