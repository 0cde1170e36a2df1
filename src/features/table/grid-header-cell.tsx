import { useRef, type KeyboardEvent, type PointerEvent, type Ref } from 'react'
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, TYPE_MESSAGE, type HeaderSortInfo } from './columns-fns'
import type { HeaderStrip, ShownColumn, TableLocale } from './grid-types'

/** Keyboard resize step (px); Shift makes it larger. */
const RESIZE_STEP = 16
const RESIZE_STEP_LARGE = 64

export interface GridHeaderCellProps {
  column: ShownColumn
  col: number
  sortInfo: HeaderSortInfo
  /** This header is the grid's tab stop (and so is its resize handle). */
  tabStop: boolean
  focusRef: Ref<HTMLButtonElement> | undefined
  descriptionId: string
  locale: TableLocale
  onSort(fieldId: string, addKey: boolean): void
  onResize(fieldId: string, width: number): void
  /** Opens the column's menu under `anchor` (absent: no menu). */
  onOpenMenu?(fieldId: string, anchor: HTMLElement): void
  /** The profile strip: its place is kept from the start, drawn once `stripReady`. */
  strip?: HeaderStrip
  stripReady?: boolean
}

/** The data dictionary on hover: the label (with the id) and the notes, when the portal gives them. */
function headerTooltip(spec: ShownColumn['spec']): string | undefined {
  const name = spec.label === spec.id ? undefined : spec.accessibleLabel
  if (!spec.notes) return name
  return `${name ?? spec.id}\n${spec.notes}`
}

function isRtl(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl'
}

export function GridHeaderCell(props: GridHeaderCellProps) {
  const { column, col, sortInfo, tabStop, focusRef, descriptionId, locale, onSort, onResize, onOpenMenu } =
    props
  const { strip, stripReady } = props
  const { spec, width } = column
  const drag = useRef<{ startX: number; startWidth: number; rtl: boolean } | null>(null)
  const menuButton = useRef<HTMLButtonElement>(null)

  const onSortKeyDown = (event: KeyboardEvent) => {
    // Alt+ArrowDown (as in a select) or the context-menu key opens the column's menu
    if (
      onOpenMenu &&
      menuButton.current &&
      ((event.altKey && event.key === 'ArrowDown') || event.key === 'ContextMenu')
    ) {
      event.preventDefault()
      onOpenMenu(spec.id, menuButton.current)
      return
    }
    // Enter sorts, Shift+Enter adds a sort key (handled here so the Shift state is certain)
    if (event.key === 'Enter') {
      event.preventDefault()
      onSort(spec.id, event.shiftKey)
    }
  }

  const onSeparatorKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = isRtl(event.currentTarget)
    const step = event.shiftKey ? RESIZE_STEP_LARGE : RESIZE_STEP
    let next: number | null = null
    if (event.key === 'ArrowRight') next = width + (rtl ? -step : step)
    else if (event.key === 'ArrowLeft') next = width + (rtl ? step : -step)
    else if (event.key === 'ArrowUp') next = width + step
    else if (event.key === 'ArrowDown') next = width - step
    else if (event.key === 'Home') next = MIN_COLUMN_WIDTH
    else if (event.key === 'End') next = spec.defaultWidth
    if (next === null) return
    event.preventDefault()
    event.stopPropagation() // arrows resize here; they must not move the grid's focus
    onResize(spec.id, next)
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { startX: event.clientX, startWidth: width, rtl: isRtl(event.currentTarget) }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current
    if (!state) return
    const delta = (event.clientX - state.startX) * (state.rtl ? -1 : 1)
    onResize(spec.id, state.startWidth + delta)
  }
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return
    drag.current = null
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId)
  }

  const icon = sortInfo.direction === 'asc' ? '▲' : sortInfo.direction === 'desc' ? '▼' : ''
  return (
    <div
      role="columnheader"
      part="header-cell"
      aria-sort={sortInfo.ariaSort}
      aria-label={sortInfo.accessibleName}
      className={`dse-grid__header-cell${spec.align === 'end' ? ' dse-grid__header-cell--end' : ''}`}
      style={{ inlineSize: width }}
    >
      <div className="dse-grid__header-line">
        <button
          type="button"
          className="dse-grid__sort"
          data-row={-1}
          data-col={col}
          tabIndex={tabStop ? 0 : -1}
          ref={focusRef}
          aria-label={sortInfo.accessibleName}
          aria-describedby={descriptionId}
          title={headerTooltip(spec)}
          onClick={(event) => onSort(spec.id, event.shiftKey)}
          onKeyDown={onSortKeyDown}
        >
          <span className="dse-grid__label" dir="auto">
            {spec.label}
          </span>
          {icon ? (
            <span className="dse-grid__sort-icon" aria-hidden="true">
              {icon}
              {sortInfo.position !== null ? <sub>{sortInfo.position}</sub> : null}
            </span>
          ) : null}
        </button>
        {onOpenMenu ? (
          <button
            type="button"
            ref={menuButton}
            className="dse-grid__menu-button"
            tabIndex={tabStop ? 0 : -1}
            aria-haspopup="menu"
            aria-label={locale.t('table.menu.open', { column: spec.id })}
            title={locale.t('table.menu.open', { column: spec.id })}
            onClick={(event) => onOpenMenu(spec.id, event.currentTarget)}
          >
            <span aria-hidden="true">{locale.t('table.menu.symbol')}</span>
          </button>
        ) : null}
      </div>
      {strip ? (
        <div className="dse-grid__header-strip">{stripReady ? strip.renderCell(column) : null}</div>
      ) : null}
      <span id={descriptionId} hidden>
        {`${spec.notes ? `${spec.notes} ` : ''}${locale.t(TYPE_MESSAGE[spec.family])} (${spec.type}). ${locale.t(onOpenMenu ? 'table.header.sortMenuHint' : 'table.header.sortHint')}`}
      </span>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={locale.t('table.header.resize', { column: spec.id })}
        aria-valuenow={Math.round(width)}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={MAX_COLUMN_WIDTH}
        tabIndex={tabStop ? 0 : -1}
        className="dse-grid__resizer"
        onKeyDown={onSeparatorKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => onResize(spec.id, spec.defaultWidth)}
      />
    </div>
  )
}
