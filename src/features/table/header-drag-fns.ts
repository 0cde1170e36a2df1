// Where a dragged header lands: pure, from the headers' places read once when the drag starts.
import type { ColumnDrop } from '../../model/column-layout'

/** A header's place on screen, along the row (px, as getBoundingClientRect gives it). */
export interface HeaderPlace {
  id: string
  left: number
  right: number
}

/** How far (px) a header must be moved before a press becomes a drag (and not a click that sorts). */
export const DRAG_THRESHOLD_PX = 6

/**
 * The drop for a pointer at `x`: before or after the header it is over (its nearer half), or the first
 * or last one beyond the row's ends. In a right-to-left row "before" is on the right.
 */
export function dropAt(places: readonly HeaderPlace[], x: number, rtl: boolean): ColumnDrop | null {
  if (places.length === 0) return null
  const over = places.find((place) => x >= place.left && x < place.right)
  if (over) {
    const inFirstHalf = x < (over.left + over.right) / 2
    return { target: over.id, side: inFirstHalf !== rtl ? 'before' : 'after' }
  }
  const leftmost = places.reduce((a, b) => (b.left < a.left ? b : a))
  const rightmost = places.reduce((a, b) => (b.right > a.right ? b : a))
  if (x < leftmost.left) return { target: leftmost.id, side: rtl ? 'after' : 'before' }
  return { target: rightmost.id, side: rtl ? 'before' : 'after' }
}

/** Where the drop marker goes (px from the row's left): the edge of the target on the drop's side. */
export function markerAt(places: readonly HeaderPlace[], drop: ColumnDrop, rtl: boolean): number | null {
  const place = places.find((candidate) => candidate.id === drop.target)
  if (!place) return null
  return (drop.side === 'before') !== rtl ? place.left : place.right
}
