// Reordering columns by dragging a header. A press that moves more than a few pixels becomes a drag:
// the header follows the pointer and a marker shows where it will land, both moved with transforms
// straight in the DOM (no render while dragging: a drag keeps 60 fps); the drop is one change of the
// view. The click that ends a drag does not sort. Loaded once the headers are painted
// (grid-header-row.tsx): not needed for the first rows (initial JS budget).
import type { MouseEvent, PointerEvent, RefObject } from 'react'
import type { ColumnDrop } from '../../model/column-layout'
import { DRAG_THRESHOLD_PX, dropAt, markerAt, type HeaderPlace } from './header-drag-fns'

interface Drag {
  id: string
  cell: HTMLElement
  pointerId: number
  startX: number
  /** Set once the pointer moved far enough: the headers' places, read then. */
  places: HeaderPlace[] | null
  rowLeft: number
  rtl: boolean
  drop: ColumnDrop | null
}

/** What a drag needs of the press that starts it (a press made while this code loaded is replayed). */
export type HeaderPress = Pick<
  PointerEvent<HTMLElement>,
  'button' | 'pointerType' | 'target' | 'pointerId' | 'clientX'
>

export interface HeaderDragHandlers {
  onPointerDown(event: HeaderPress): void
  onPointerMove(event: PointerEvent<HTMLElement>): void
  onPointerUp(event: PointerEvent<HTMLElement>): void
  onPointerCancel(event: PointerEvent<HTMLElement>): void
  onClickCapture(event: MouseEvent<HTMLElement>): void
}

const DRAGGING = 'dse-grid__header-cell--dragging'

/** The handlers of one header row; they keep the drag under way between events. */
export function createHeaderDrag({
  markerRef,
  onDrop,
}: {
  /** The marker element (in the header row, hidden until a drag). */
  markerRef: RefObject<HTMLElement | null>
  onDrop(id: string, drop: ColumnDrop): void
}): HeaderDragHandlers {
  const drag: { current: Drag | null } = { current: null }
  const justDropped = { current: false }

  const end = () => {
    const state = drag.current
    drag.current = null
    if (!state?.places) return
    state.cell.classList.remove(DRAGGING)
    state.cell.style.transform = ''
    if (markerRef.current) markerRef.current.hidden = true
  }

  return {
    onPointerDown(event) {
      justDropped.current = false
      if (event.button !== 0 || event.pointerType === 'touch') return
      const target = event.target as Element
      // the edge resizes and the ⋮ button opens the menu: neither starts a drag
      if (target.closest('.dse-grid__resizer, .dse-grid__menu-button')) return
      const cell = target.closest<HTMLElement>('[data-column-id]')
      const id = cell?.dataset.columnId
      if (!cell || id === undefined) return
      drag.current = {
        id,
        cell,
        pointerId: event.pointerId,
        startX: event.clientX,
        places: null,
        rowLeft: 0,
        rtl: false,
        drop: null,
      }
    },
    onPointerMove(event) {
      const state = drag.current
      if (!state || event.pointerId !== state.pointerId) return
      const dx = event.clientX - state.startX
      if (!state.places) {
        if (Math.abs(dx) < DRAG_THRESHOLD_PX) return
        const row = event.currentTarget
        row.setPointerCapture(event.pointerId)
        // read once: the headers do not move while one is dragged
        state.places = [...row.querySelectorAll<HTMLElement>('[data-column-id]')].map((header) => {
          const box = header.getBoundingClientRect()
          return { id: header.dataset.columnId!, left: box.left, right: box.right }
        })
        state.rowLeft = row.getBoundingClientRect().left
        state.rtl = row.ownerDocument.defaultView?.getComputedStyle(row).direction === 'rtl'
        state.cell.classList.add(DRAGGING)
      }
      state.cell.style.transform = `translateX(${dx}px)`
      state.drop = dropAt(state.places, event.clientX, state.rtl)
      const marker = markerRef.current
      const edge = state.drop && markerAt(state.places, state.drop, state.rtl)
      if (marker && edge !== null && edge !== undefined) {
        marker.hidden = false
        marker.style.transform = `translateX(${edge - state.rowLeft}px)`
      }
    },
    onPointerUp(event) {
      const state = drag.current
      if (!state || event.pointerId !== state.pointerId) return
      const { id, drop, places } = state
      end()
      if (!places) return
      justDropped.current = true
      if (drop) onDrop(id, drop)
    },
    onPointerCancel() {
      end()
    },
    onClickCapture(event) {
      // the click that ends a drag is not a sort
      if (!justDropped.current) return
      justDropped.current = false
      event.stopPropagation()
      event.preventDefault()
    },
  }
}
