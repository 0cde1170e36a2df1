import type { SortKey } from '../../model/explorer-state'
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnSpec } from './columns-fns'
import type { ShownColumn } from './grid-types'

/**
 * The sort after a click on the header of `field` (`addKey`: Shift+click or Shift+Enter). The portal
 * sorts, or the browser when it holds every record; this only says what to sort by. A column goes
 * ascending, descending, then unsorted, numbers included. A plain click makes it the only key (or
 * removes every key, when it was descending); with Shift it is added after the others, or changed or
 * removed in place. These are TanStack Table's rules as the table was configured before it dropped the
 * library (manualSorting, enableMultiSort, sortDescFirst: false): see docs/decisions/0003-no-table-library.md.
 */
export function nextSort(sort: readonly SortKey[], field: string, addKey: boolean): SortKey[] {
  const current = sort.find((key) => key.field === field)
  // ascending -> descending -> removed (null)
  const desc = current === undefined ? false : current.desc ? null : true
  if (addKey && sort.length > 0) {
    if (current === undefined) return [...sort, { field, desc: false }]
    if (desc === null) return sort.filter((key) => key !== current)
    return sort.map((key) => (key === current ? { field, desc } : key))
  }
  return desc === null ? [] : [{ field, desc }]
}

/** The widths the user gave columns by resizing them, by field id (a Map: ids may be `__proto__`). */
export type ColumnWidths = ReadonlyMap<string, number>

export const NO_COLUMN_WIDTHS: ReadonlyMap<string, number> = new Map()

function withinLimits(width: number): number {
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width))
}

/** A column's width: the one the user gave it, else its default, within the limits. */
export function columnWidth(spec: ColumnSpec, widths: ColumnWidths): number {
  return withinLimits(widths.get(spec.id) ?? spec.defaultWidth)
}

/**
 * The widths after the user resized `field` to `width` px (rounded, within the limits). The same map
 * when that changes nothing, so a drag that stays at a limit renders nothing.
 */
export function resizedWidths(widths: ColumnWidths, field: string, width: number): ColumnWidths {
  const size = Math.round(withinLimits(width))
  return widths.get(field) === size ? widths : new Map(widths).set(field, size)
}

/** The shown columns with their widths, in the order of `specs`. */
export function sizedColumns(specs: readonly ColumnSpec[], widths: ColumnWidths): ShownColumn[] {
  return specs.map((spec) => ({ spec, width: columnWidth(spec, widths) }))
}
