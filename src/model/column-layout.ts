// How a reader arranges a table's columns: their order, and the ones kept in view at the grid's start.
// Pure: the column menus, a header's drag and the keyboard ask these for the next view, and the link
// stores what they return (`columns=`, `pinned=`). The columns shown and their order are fields.ts's.
import type { CkanField } from '../api/ckan/types'
import type { ExplorerState } from './explorer-state'
import { viewColumns } from './fields'

export type ColumnLayout = Pick<ExplorerState, 'hidden' | 'columns' | 'pinned'>

/** A change of the layout, as a partial view: the new order and pins. */
export type LayoutChange = Pick<ExplorerState, 'columns' | 'pinned'>

/** Where a dragged column goes: before or after another one. */
export interface ColumnDrop {
  target: string
  side: 'before' | 'after'
}

function ids(columns: readonly { id: string }[]): string[] {
  return columns.map((column) => column.id)
}

/** Every offered column's id in the view's order, hidden and kept-in-view ones included. */
function fullOrder(fields: readonly CkanField[], layout: ColumnLayout): string[] {
  return ids(viewColumns(fields, layout.columns))
}

/** The pins that name an offered column, once each, in their order. */
function pinnedIds(fields: readonly CkanField[], layout: ColumnLayout): string[] {
  const offered = new Set(fullOrder(fields, layout))
  return [...new Set(layout.pinned)].filter((id) => offered.has(id))
}

/**
 * The shortest `columns` that gives this order of every offered column: nothing when it is the table's
 * own order, else the columns up to the last one out of the table's order (canonical links).
 */
export function orderParameter(fields: readonly CkanField[], order: readonly string[]): string[] {
  const natural = ids(viewColumns(fields))
  for (let length = 0; length < order.length; length++) {
    const prefix = order.slice(0, length)
    const taken = new Set(prefix)
    const rest = natural.filter((id) => !taken.has(id))
    if (rest.every((id, index) => id === order[length + index])) return prefix
  }
  return [...order]
}

/** The columns a region shows, in order: the kept-in-view ones, or the others. */
function regionOf(fields: readonly CkanField[], layout: ColumnLayout, pinned: boolean): string[] {
  const hidden = new Set(layout.hidden)
  const pins = pinnedIds(fields, layout)
  if (pinned) return pins.filter((id) => !hidden.has(id))
  const pinSet = new Set(pins)
  return fullOrder(fields, layout).filter((id) => !pinSet.has(id) && !hidden.has(id))
}

/** `list` with `id` taken out and put before or after `target`. */
function placed(list: readonly string[], id: string, drop: ColumnDrop): string[] {
  const rest = list.filter((item) => item !== id)
  const at = rest.indexOf(drop.target)
  if (at === -1) return [...list]
  rest.splice(drop.side === 'before' ? at : at + 1, 0, id)
  return rest
}

/**
 * The layout after column `id` is dropped before or after `target`. A column stays in its region: a
 * kept-in-view column moves among the kept ones, another among the others (a drop across the boundary
 * lands at the region's edge). Null when nothing changes.
 */
export function moveColumnTo(
  fields: readonly CkanField[],
  layout: ColumnLayout,
  id: string,
  drop: ColumnDrop,
): LayoutChange | null {
  if (id === drop.target) return null
  const pins = pinnedIds(fields, layout)
  const isPinned = pins.includes(id)
  const region = regionOf(fields, layout, isPinned)
  if (!region.includes(id)) return null
  // across the boundary: the nearest place in the column's own region
  const inRegion = region.includes(drop.target)
    ? drop
    : isPinned
      ? { target: region.at(-1)!, side: 'after' as const }
      : { target: region[0]!, side: 'before' as const }
  if (inRegion.target === id) return null
  if (isPinned) {
    const next = placed(pins, id, inRegion)
    return sameList(next, pins) ? null : { columns: [...layout.columns], pinned: next }
  }
  const order = fullOrder(fields, layout)
  const next = placed(order, id, inRegion)
  return sameList(next, order) ? null : { columns: orderParameter(fields, next), pinned: pins }
}

/** The layout after column `id` moves one place left (-1) or right (+1) in its region; null at its edge. */
export function moveColumn(
  fields: readonly CkanField[],
  layout: ColumnLayout,
  id: string,
  step: -1 | 1,
): LayoutChange | null {
  const region = regionOf(fields, layout, pinnedIds(fields, layout).includes(id))
  const neighbour = region[region.indexOf(id) + step]
  if (!region.includes(id) || neighbour === undefined) return null
  return moveColumnTo(fields, layout, id, { target: neighbour, side: step < 0 ? 'before' : 'after' })
}

/** Whether column `id` can move one place left (-1) or right (+1) in its region. */
export function canMoveColumn(
  fields: readonly CkanField[],
  layout: ColumnLayout,
  id: string,
  step: -1 | 1,
): boolean {
  const region = regionOf(fields, layout, pinnedIds(fields, layout).includes(id))
  const at = region.indexOf(id)
  return at !== -1 && region[at + step] !== undefined
}

/** The layout with column `id` kept in view (after the ones kept already), or scrolling with the rest. */
export function withColumnPinned(
  fields: readonly CkanField[],
  layout: ColumnLayout,
  id: string,
  pin: boolean,
): LayoutChange {
  const pins = pinnedIds(fields, layout).filter((pinned) => pinned !== id)
  return { columns: [...layout.columns], pinned: pin ? [...pins, id] : pins }
}

/** The position (1-based) of a shown column in the grid, and how many are shown: what a move announces. */
export function shownPosition(
  fields: readonly CkanField[],
  layout: ColumnLayout,
  id: string,
): { position: number; count: number } | null {
  const shown = [...regionOf(fields, layout, true), ...regionOf(fields, layout, false)]
  const at = shown.indexOf(id)
  return at === -1 ? null : { position: at + 1, count: shown.length }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}
