import type { CkanRecord } from '../../api/ckan/types'
import type { MainMessages } from '../../i18n/catalogues/main'
import type { Translate } from '../../i18n/translate'
import type { CellLocale } from '../../lib/format'
import type { ColumnSpec } from './columns-fns'

/** A shown column with its current width (px). */
export interface ShownColumn {
  spec: ColumnSpec
  width: number
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
}
