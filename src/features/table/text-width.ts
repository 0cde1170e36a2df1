// "Fit width": how wide a column must be to show its longest value, measured as the grid draws it: a canvas in the grid's own document, with the
// fonts its cells and headers use (read once per fit, after layout; no element is added).
import { CODE_COLUMN, formatCell } from '../../lib/format'
import { FIT_MAX_WIDTH, MIN_COLUMN_WIDTH, readCell, type ColumnSpec } from './columns-fns'
import type { TableLocale } from './grid-types'
import type { CkanRecord } from '../../api/ckan/types'

/** Measures a text as the grid's cells or header names draw it (px). */
export interface TextMeasure {
  cell(text: string): number
  header(text: string): number
}

/** Measures with the fonts of the grid's cells and header names; by character count without a canvas. */
export function gridTextMeasure(grid: HTMLElement): TextMeasure {
  const view = grid.ownerDocument.defaultView
  const context = grid.ownerDocument.createElement('canvas').getContext('2d')
  const fontOf = (selector: string) => {
    const element = grid.querySelector(selector)
    if (!element || !view) return ''
    // from its parts: the `font` shorthand reads '' when a part it cannot say is set (tabular numbers)
    const style = view.getComputedStyle(element)
    return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
  }
  if (!context) return { cell: (text) => text.length * 8.6, header: (text) => text.length * 9 }
  const cellFont = fontOf('.dse-grid__cell--text, .dse-grid__cell--number, .dse-grid__cell')
  const headerFont = fontOf('.dse-grid__label')
  const measure = (font: string) => (text: string) => {
    if (font) context.font = font
    return context.measureText(text).width
  }
  return { cell: measure(cellFont), header: measure(headerFont) }
}

/** The texts a column shows for these records, as its cells format them. */
export function shownTexts(spec: ColumnSpec, records: readonly CkanRecord[], locale: TableLocale): string[] {
  const options = spec.isCode ? CODE_COLUMN : undefined
  return records.map((record) => formatCell(readCell(record, spec.id), spec.type, locale.cell, options).text)
}

/** A cell's inline padding and end border (table.css), around its text. */
const CELL_CHROME_PX = 18
/** A header's sort arrow and menu button (px), besides its name. */
const HEADER_CHROME_PX = 62

/**
 * The width that shows the longest of these texts whole, and the column's name with its header's
 * buttons, within MIN_COLUMN_WIDTH..FIT_MAX_WIDTH ("Fit width", a double-click on the column's edge).
 */
export function fittedWidth(texts: Iterable<string>, label: string, measure: TextMeasure): number {
  let widest = 0
  for (const text of texts) widest = Math.max(widest, measure.cell(text))
  const needed = Math.max(widest + CELL_CHROME_PX, measure.header(label) + HEADER_CHROME_PX)
  return Math.round(Math.min(FIT_MAX_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.ceil(needed))))
}
