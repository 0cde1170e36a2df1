import { memo, type KeyboardEvent, type Ref } from 'react'
import type { CkanRecord } from '../../api/ckan/types'
import { CODE_COLUMN, formatCell } from '../../lib/format'
import type { RowState } from '../../queries/page-plan'
import { likelyCut, readCell, shownCellText } from './columns-fns'
import { pinnedStart } from './grid-geometry'
import type { OpenCell, ShownColumn, TableLocale } from './grid-types'

/** Values longer than this get an expand button (the cell may cut them with an ellipsis). */
const EXPANDABLE_CHARS = 40
/** A cell's inline padding (table.css), which its text cannot use. */
const CELL_PADDING_PX = 16

export interface GridRowProps {
  index: number
  /**
   * A new result's row outside the browser window, not laid out (`hidden`) until the frame showing the
   * rows inside it is painted.
   */
  deferred?: boolean
  /** Offset inside the row window (px). */
  top: number
  status: RowState['status']
  record: CkanRecord | undefined
  columns: readonly ShownColumn[]
  /** Column index of the active cell in this row, -1 when it is elsewhere. */
  activeCol: number
  focusRef: Ref<HTMLDivElement>
  rowNumberText: string
  locale: TableLocale
  onOpenCell(cell: OpenCell): void
}

/** One data row: positioned here; its cells (the costly part) re-render only when their data changes. */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { deferred, ...cellProps } = props
  const { index, top, status } = props
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-busy={status === 'loading' || undefined}
      hidden={deferred}
      className={`dse-grid__row${index % 2 === 1 ? ' dse-grid__row--alt' : ''}`}
      style={{ insetBlockStart: top }}
    >
      <RowCells {...cellProps} />
    </div>
  )
})

/**
 * A row header with the true row number, then the cells. A row still loading (or failed) is one
 * placeholder cell across the columns, unless it holds the keyboard focus: a few elements instead of
 * one per column, which is what keeps a fast scroll through unloaded rows cheap.
 */
const RowCells = memo(function RowCells(props: GridRowProps) {
  const { index, status, record, columns, activeCol, focusRef, rowNumberText, locale, onOpenCell } = props
  const lastPinned = columns.findLastIndex((column) => column.pinnedAt !== undefined)
  const rowHeader = (
    <div
      role="rowheader"
      className="dse-grid__cell dse-grid__cell--rownum"
      data-row={index}
      data-col={0}
      tabIndex={activeCol === 0 ? 0 : -1}
      ref={activeCol === 0 ? focusRef : undefined}
      style={{ inlineSize: 'var(--dse-rownum-width)' }}
    >
      {rowNumberText}
    </div>
  )
  if (!record && activeCol < 1) {
    return (
      <>
        {rowHeader}
        <div
          role="gridcell"
          aria-colspan={columns.length}
          className={`dse-grid__cell dse-grid__cell--placeholder${status === 'loading' ? ' dse-grid__cell--loading' : ''}`}
          data-row={index}
          data-col={1}
          tabIndex={-1}
        >
          {status === 'error' ? (
            <span className="dse-grid__failed">{locale.t('table.cell.loadFailed')}</span>
          ) : status === 'loading' ? (
            <span className="dse-sr-only">{locale.t('table.cell.loading')}</span>
          ) : null}
        </div>
      </>
    )
  }
  return (
    <>
      {rowHeader}
      {columns.map((column, c) => {
        const col = c + 1
        const active = activeCol === col
        const pinned = column.pinnedAt !== undefined
        const common = {
          role: 'gridcell',
          'data-row': index,
          'data-col': col,
          tabIndex: active ? 0 : -1,
          ref: active ? focusRef : undefined,
          style: pinned
            ? { inlineSize: column.width, insetInlineStart: pinnedStart(column.pinnedAt!) }
            : { inlineSize: column.width },
        } as const
        const place = pinned
          ? ` dse-grid__cell--pinned${c === lastPinned ? ' dse-grid__pinned-edge' : ''}`
          : ''
        if (!record) {
          const loading = status === 'loading'
          return (
            <div
              {...common}
              key={column.spec.id}
              className={`dse-grid__cell${loading ? ' dse-grid__cell--loading' : ''}${place}`}
            >
              {c > 0 ? null : status === 'error' ? (
                <span className="dse-grid__failed">{locale.t('table.cell.loadFailed')}</span>
              ) : loading ? (
                <span className="dse-sr-only">{locale.t('table.cell.loading')}</span>
              ) : null}
            </div>
          )
        }
        const value = readCell(record, column.spec.id)
        const cell = formatCell(
          value,
          column.spec.type,
          locale.cell,
          column.spec.isCode ? CODE_COLUMN : undefined,
        )
        const open = () => onOpenCell({ spec: column.spec, row: index, value })
        const onKeyDown = (event: KeyboardEvent) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) {
            event.preventDefault()
            open()
          }
        }
        // a missing value sits where the column's values sit
        const align = cell.kind === 'null' || cell.kind === 'empty' ? column.spec.align : cell.align
        const shown = shownCellText(cell.text, column.width - CELL_PADDING_PX)
        // a value cut short by the column's width shows that it has more, as a long one does
        const expandable =
          cell.truncated === true ||
          shown.cut ||
          cell.text.length > EXPANDABLE_CHARS ||
          likelyCut(cell.text, column.width - CELL_PADDING_PX)
        // text takes its own direction (its first strong letter, as dir="auto" would): a Latin value in
        // a Hebrew page keeps its start in view. By CSS (unicode-bidi: plaintext), not dir: the cell's
        // own direction stays the grid's, or its border, padding and sticky side would flip with it
        const ownDirection = cell.kind === 'text' || cell.kind === 'json'
        return (
          <div
            {...common}
            key={column.spec.id}
            className={`dse-grid__cell dse-grid__cell--${cell.kind}${align === 'end' ? ' dse-grid__cell--end' : ''}${expandable ? ' dse-grid__cell--expandable' : ''}${ownDirection ? ' dse-grid__cell--own-direction' : ''}${place}`}
            onKeyDown={onKeyDown}
            onDoubleClick={open}
          >
            {cell.kind === 'null' ? (
              <>
                <span className="dse-grid__null" aria-hidden="true">
                  {cell.text}
                </span>
                <span className="dse-sr-only">{locale.t('table.cell.null')}</span>
              </>
            ) : cell.kind === 'empty' ? (
              <span className="dse-sr-only">{locale.t('table.cell.empty')}</span>
            ) : (
              shown.text
            )}
            {expandable ? (
              <button
                type="button"
                tabIndex={-1}
                className="dse-grid__expand"
                aria-label={locale.t('table.cell.expand', { column: column.spec.id })}
                onClick={open}
              >
                <span aria-hidden="true">⤢</span>
              </button>
            ) : null}
          </div>
        )
      })}
    </>
  )
}, sameCells)

/** Cells ignore the row's position: only what they show matters. */
function sameCells(a: GridRowProps, b: GridRowProps): boolean {
  return (
    a.index === b.index &&
    a.status === b.status &&
    a.record === b.record &&
    a.columns === b.columns &&
    a.activeCol === b.activeCol &&
    a.focusRef === b.focusRef &&
    a.rowNumberText === b.rowNumberText &&
    a.locale === b.locale &&
    a.onOpenCell === b.onOpenCell
  )
}
