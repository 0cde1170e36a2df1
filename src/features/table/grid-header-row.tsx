// The grid's header row: the row numbers' header, then one header per column (sort, menu, resize),
// the kept-in-view ones sticking at the start. A header dragged to another place moves its column.
import { useEffect, useRef, useState, type PointerEvent, type Ref } from 'react'
import { afterPaintWhenIdle } from '../../components/ui/after-next-paint'
import type { ColumnDrop } from '../../model/column-layout'
import { headerSortInfo, UNSORTED, type HeaderSort } from './columns-fns'
import { GridHeaderCell } from './grid-header-cell'
import type { HeaderStrip, ShownColumn, TableLocale } from './grid-types'
import type { HeaderDragHandlers, HeaderPress } from './header-drag'

export interface GridHeaderRowProps {
  columns: readonly ShownColumn[]
  headerSorts: ReadonlyMap<string, HeaderSort>
  locale: TableLocale
  /** The grid's tab stop is in the header row, on this column (0: the row numbers), or -1. */
  tabStopCol: number
  /** The column whose header takes the focus when it mounts (-1: none). */
  focusCol: number
  focusRef: Ref<HTMLElement>
  baseId: string
  onSort(fieldId: string, addKey: boolean): void
  onResize(fieldId: string, width: number): void
  onFit?(fieldId: string): void
  onOpenMenu?(fieldId: string, anchor: HTMLElement): void
  /** Drops a dragged header (absent: headers are not dragged, as in the warm-up table). */
  onDropColumn?(fieldId: string, drop: ColumnDrop): void
  strip?: HeaderStrip
  stripReady: boolean
}

const loadHeaderDrag = () => import('./header-drag')

export function GridHeaderRow(props: GridHeaderRowProps) {
  const { columns, headerSorts, locale, tabStopCol, focusCol, focusRef, baseId } = props
  const markerRef = useRef<HTMLDivElement>(null)
  // the latest drop handler, for a drag's handlers made once
  const onDropColumn = useRef(props.onDropColumn)
  useEffect(() => {
    onDropColumn.current = props.onDropColumn
  }, [props.onDropColumn])
  // A drag's code loads once the headers are painted, or when the pointer first comes over them; a
  // press made before it has loaded is handed to it when it arrives (released before, it was a click). Keyboard users move
  // columns from the menus.
  const [drag, setDrag] = useState<HeaderDragHandlers | null>(null)
  const dragWanted = useRef(false)
  const pendingPress = useRef<HeaderPress | null>(null)
  const wantDrag = () => {
    if (dragWanted.current || !props.onDropColumn) return
    dragWanted.current = true
    loadHeaderDrag()
      .then(({ createHeaderDrag }) => {
        const handlers = createHeaderDrag({
          markerRef,
          onDrop: (id, drop) => onDropColumn.current?.(id, drop),
        })
        if (pendingPress.current) handlers.onPointerDown(pendingPress.current)
        pendingPress.current = null
        setDrag(handlers)
      })
      .catch(() => {
        dragWanted.current = false // its code could not be fetched (offline): tried again next time
      })
  }
  const loading = props.onDropColumn && !drag
  // asked for once the headers are painted, or sooner if the pointer comes. Not in the effect itself:
  // the commit that brings the first rows runs its effects before their frame is painted.
  useEffect(() => {
    if (!props.onDropColumn || dragWanted.current) return
    return afterPaintWhenIdle(wantDrag)
  })
  const lastPinned = columns.findLastIndex((column) => column.pinnedAt !== undefined)
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="dse-grid__header-row"
      onPointerEnter={wantDrag}
      {...(loading
        ? {
            onPointerDown: (event: PointerEvent<HTMLElement>) => {
              const { button, pointerType, target, pointerId, clientX } = event
              pendingPress.current = { button, pointerType, target, pointerId, clientX }
              wantDrag()
            },
            onPointerUp: () => (pendingPress.current = null),
          }
        : {})}
      {...(props.onDropColumn && drag ? drag : {})}
    >
      <div
        role="columnheader"
        className="dse-grid__header-cell dse-grid__header-cell--rownum"
        data-row={-1}
        data-col={0}
        tabIndex={tabStopCol === 0 ? 0 : -1}
        ref={focusCol === 0 ? (focusRef as Ref<HTMLDivElement>) : undefined}
        style={{ inlineSize: 'var(--dse-rownum-width)' }}
      >
        <span aria-hidden="true">{locale.t('table.header.rowNumberSymbol')}</span>
        <span className="dse-sr-only">{locale.t('table.header.rowNumber')}</span>
      </div>
      {columns.map((column, c) => (
        <GridHeaderCell
          key={column.spec.id}
          column={column}
          col={c + 1}
          lastPinned={c === lastPinned}
          sortInfo={headerSortInfo(headerSorts.get(column.spec.id) ?? UNSORTED, column.spec, locale.t)}
          locale={locale}
          tabStop={tabStopCol === c + 1}
          focusRef={focusCol === c + 1 ? (focusRef as Ref<HTMLButtonElement>) : undefined}
          descriptionId={`${baseId}-type-${c}`}
          onSort={props.onSort}
          onResize={props.onResize}
          onFit={props.onFit}
          onOpenMenu={props.onOpenMenu}
          strip={props.strip}
          stripReady={props.stripReady}
        />
      ))}
      {/* where a dragged header will land (placed in the DOM while dragging) */}
      <div ref={markerRef} className="dse-grid__drop-marker" aria-hidden="true" hidden />
    </div>
  )
}
