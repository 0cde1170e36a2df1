import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type Ref,
} from 'react'
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, TYPE_MESSAGE, type HeaderSortInfo } from './columns-fns'
import { pinnedStart } from './grid-geometry'
import type { HeaderStrip, ShownColumn, TableLocale } from './grid-types'
import { LONG_PRESS_MS, longPressVerdict, type PressPoint } from './long-press-fns'

/** Keyboard resize step (px); Shift makes it larger. */
const RESIZE_STEP = 16
const RESIZE_STEP_LARGE = 64

export interface GridHeaderCellProps {
  column: ShownColumn
  col: number
  /** The last of the columns kept in view: a line marks where the others scroll under it. */
  lastPinned: boolean
  sortInfo: HeaderSortInfo
  /** This header is the grid's tab stop (and so is its resize handle). */
  tabStop: boolean
  focusRef: Ref<HTMLButtonElement> | undefined
  descriptionId: string
  locale: TableLocale
  onSort(fieldId: string, addKey: boolean): void
  onResize(fieldId: string, width: number): void
  /** Fits the column to its longest value (a double-click on its edge); absent: back to its default. */
  onFit?(fieldId: string): void
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
  const { strip, stripReady, lastPinned, onFit } = props
  const { spec, width, pinnedAt } = column
  const pinned = pinnedAt !== undefined
  const name = pinned
    ? `${sortInfo.accessibleName}, ${locale.t('table.header.pinned')}`
    : sortInfo.accessibleName
  const drag = useRef<{ startX: number; startWidth: number; rtl: boolean } | null>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  // A touch held on the title opens the column's menu (the ⋮ button's) when the finger lifts, and then
  // does not sort. Not sooner: the menu is a popover, which the lift of a press begun outside it closes.
  const press = useRef<{
    pointerId: number
    start: PressPoint
    now: PressPoint
    timer: ReturnType<typeof setTimeout>
  } | null>(null)
  const longPressed = useRef(false)
  // held long enough: the title shows it, the menu opens on the lift
  const [held, setHeld] = useState(false)
  const endPress = () => {
    if (press.current) clearTimeout(press.current.timer)
    press.current = null
    setHeld(false)
  }
  useEffect(() => () => clearTimeout(press.current?.timer), [])

  const onSortPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    longPressed.current = false
    endPress()
    if (event.pointerType !== 'touch' || !event.isPrimary || !onOpenMenu) return
    const start = { x: event.clientX, y: event.clientY, at: event.timeStamp }
    const timer = setTimeout(() => {
      const state = press.current
      if (
        state &&
        longPressVerdict(state.start, { ...state.now, at: state.start.at + LONG_PRESS_MS }) === 'long'
      )
        setHeld(true)
    }, LONG_PRESS_MS)
    press.current = { pointerId: event.pointerId, start, now: start, timer }
  }
  const onSortPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = press.current
    if (!state || event.pointerId !== state.pointerId) return
    state.now = { x: event.clientX, y: event.clientY, at: event.timeStamp }
    if (longPressVerdict(state.start, state.now) === 'moved') endPress()
  }
  const onSortPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const state = press.current
    if (!state || event.pointerId !== state.pointerId) return
    const now = { x: event.clientX, y: event.clientY, at: event.timeStamp }
    endPress()
    if (longPressVerdict(state.start, now) !== 'long' || !onOpenMenu || !menuButton.current) return
    longPressed.current = true
    onOpenMenu(spec.id, menuButton.current)
  }
  const onSortClick = (event: MouseEvent<HTMLButtonElement>) => {
    // the click that ends a long press is not a sort
    if (longPressed.current) {
      longPressed.current = false
      return
    }
    onSort(spec.id, event.shiftKey)
  }
  const onSortContextMenu = (event: MouseEvent<HTMLButtonElement>) => {
    // the browser's own menu (or callout) for a held touch: the column's menu takes its place
    if (press.current || longPressed.current) event.preventDefault()
  }

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
      aria-label={name}
      data-column-id={spec.id}
      className={`dse-grid__header-cell${spec.align === 'end' ? ' dse-grid__header-cell--end' : ''}${pinned ? ' dse-grid__header-cell--pinned' : ''}${lastPinned ? ' dse-grid__pinned-edge' : ''}`}
      style={pinned ? { inlineSize: width, insetInlineStart: pinnedStart(pinnedAt) } : { inlineSize: width }}
    >
      <div className="dse-grid__header-line">
        <button
          type="button"
          className={`dse-grid__sort${held ? ' dse-grid__sort--held' : ''}`}
          data-row={-1}
          data-col={col}
          tabIndex={tabStop ? 0 : -1}
          ref={focusRef}
          aria-label={name}
          aria-describedby={descriptionId}
          title={headerTooltip(spec)}
          onClick={onSortClick}
          onKeyDown={onSortKeyDown}
          onPointerDown={onSortPointerDown}
          onPointerMove={onSortPointerMove}
          onPointerUp={onSortPointerUp}
          onPointerCancel={endPress}
          onContextMenu={onSortContextMenu}
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
        onDoubleClick={() => (onFit ? onFit(spec.id) : onResize(spec.id, spec.defaultWidth))}
      />
    </div>
  )
}
