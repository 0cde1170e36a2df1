// The grid's TanStack table (table-model.ts): its columns from the specs, its state from the view and
// the widths, and what the grid draws from it. Changes through the table's API come back as changes of
// the view (one per action) or of the widths.
import type { ColumnSizingState } from '@tanstack/react-table'
import { useCallback, useMemo, useState } from 'react'
import type { CkanField } from '../../api/ckan/types'
import type { ColumnDrop, ColumnLayout, LayoutChange } from '../../model/column-layout'
import { DEFAULT_STATE } from '../../model/explorer-state'
import type { ExplorerState, SortKey } from '../../model/explorer-state'
import { useControlledTable } from './controlled-table'
import { UNSORTED, type ColumnSpec, type HeaderSort } from './columns-fns'
import type { ShownColumn } from './grid-types'
import {
  applyLayout,
  applyUpdater,
  resizedSizing,
  shownColumnsOf,
  shownLeafColumns,
  tableColumns,
  tableOptions,
  viewColumnState,
} from './table-model'

export interface RecordsTableModel {
  /** The grid's columns, kept in view first: the same array while order, visibility, pins and widths stay. */
  shown: ShownColumn[]
  /** Each shown column's part in the sort. */
  headerSorts: ReadonlyMap<string, HeaderSort>
  /** A header click: the next sort (Shift adds a key). */
  toggleSort(id: string, addKey: boolean): void
  /** Sorts by this column alone. */
  sortBy(id: string, desc: boolean): void
  hide(id: string): void
  /** Shows only the columns not in `hidden` (the Columns menu). */
  setHidden(hidden: readonly string[]): void
  resize(id: string, width: number): void
  /** Moves a column one place towards the grid's start (-1) or end (+1), within its region. */
  move(id: string, step: -1 | 1): void
  /** Puts a dragged column before or after another. */
  moveTo(id: string, drop: ColumnDrop): void
  /** Keeps a column in view at the grid's start, or lets it scroll again. */
  pin(id: string, keep: boolean): void
  /** The portal's order, widths and visibility again, nothing kept in view. */
  reset(): void
  /** What the last arrangement did, for screen readers (null before any). */
  announcement: ColumnAnnouncement | null
}

/** What a move, a pin or a reset did, as the live region says it. */
export type ColumnAnnouncement =
  | { kind: 'moved'; column: string; position: number; count: number }
  | { kind: 'pinned' | 'unpinned'; column: string }
  | { kind: 'reset' }

const loadLayoutRules = () => import('../../model/column-layout')
type LayoutRules = Awaited<ReturnType<typeof loadLayoutRules>>

const NO_SIZING: ColumnSizingState = Object.freeze({}) as ColumnSizingState

export function useRecordsTable({
  fields,
  specs,
  view,
  onSortChange,
  onLayoutChange,
}: {
  /** The result's fields (the specs are the offered ones among them). */
  fields: readonly CkanField[]
  specs: readonly ColumnSpec[]
  view: Pick<ExplorerState, 'sort' | 'hidden' | 'columns' | 'pinned'>
  onSortChange(sort: SortKey[]): void
  onLayoutChange(change: Partial<ColumnLayout>): void
}): RecordsTableModel {
  const columns = useMemo(() => tableColumns(specs), [specs])
  const { sort, hidden, columns: order, pinned } = view
  const state = useMemo(
    () => viewColumnState({ sort, hidden, columns: order, pinned }),
    [sort, hidden, order, pinned],
  )
  // the widths the user gave columns, kept per field id while this table is shown
  const [sizing, setSizing] = useState<ColumnSizingState>(NO_SIZING)
  const table = useControlledTable(
    tableOptions(columns, specs, { ...state, hidden }, sizing, {
      onSortChange,
      onLayoutChange,
      onSizingChange: (updater) => setSizing((old) => applyUpdater(updater, old)),
    }),
  )

  // The same columns keep the same array: every drawn row re-renders its cells when it changes. A
  // sort changes the headers, not these.
  const shown = useMemo(
    () => shownColumnsOf(shownLeafColumns(table), specs, sizing),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the table reads these slices
    [table, specs, state.columnVisibility, state.columnOrder, state.columnPinning, sizing],
  )
  const headerSorts = useMemo(() => {
    const sorts = new Map<string, HeaderSort>()
    if (state.sorting.length === 0) return sorts
    for (const column of shown) {
      const leaf = table.getColumn(column.spec.id)
      const direction = leaf?.getIsSorted() ?? false
      sorts.set(
        column.spec.id,
        direction ? { direction, index: leaf!.getSortIndex(), keys: state.sorting.length } : UNSORTED,
      )
    }
    return sorts
  }, [table, shown, state.sorting])

  const toggleSort = useCallback(
    (id: string, addKey: boolean) => table.getColumn(id)?.toggleSorting(undefined, addKey),
    [table],
  )
  const sortBy = useCallback((id: string, desc: boolean) => table.setSorting([{ id, desc }]), [table])
  const hide = useCallback((id: string) => table.getColumn(id)?.toggleVisibility(false), [table])
  const setHidden = useCallback(
    (next: readonly string[]) =>
      table.setColumnVisibility(
        viewColumnState({ sort: [], hidden: [...next], columns: [], pinned: [] }).columnVisibility,
      ),
    [table],
  )
  const resize = useCallback(
    (id: string, width: number) => table.setColumnSizing((old) => resizedSizing(old, id, width)),
    [table],
  )
  const [announcement, setAnnouncement] = useState<ColumnAnnouncement | null>(null)
  const layout: ColumnLayout = useMemo(() => ({ hidden, columns: order, pinned }), [hidden, order, pinned])
  const labelOf = useCallback((id: string) => specs.find((spec) => spec.id === id)?.label ?? id, [specs])
  // The change goes through the table; what it did is said from the layout it gives. The rules of a
  // move are loaded with the first one (not needed for the first rows: initial JS budget).
  const arrange = useCallback(
    (id: string, plan: (rules: LayoutRules) => LayoutChange | null) =>
      void loadLayoutRules()
        .then((rules) => {
          const change = plan(rules)
          if (!change) return
          applyLayout(table, state, change)
          const where = rules.shownPosition(fields, { hidden, ...change }, id)
          if (where) setAnnouncement({ kind: 'moved', column: labelOf(id), ...where })
        })
        .catch(() => undefined), // its code could not be fetched (offline): the order stays
    [table, state, fields, hidden, labelOf],
  )
  const move = useCallback(
    (id: string, step: -1 | 1) => arrange(id, (rules) => rules.moveColumn(fields, layout, id, step)),
    [arrange, fields, layout],
  )
  const moveTo = useCallback(
    (id: string, drop: ColumnDrop) => arrange(id, (rules) => rules.moveColumnTo(fields, layout, id, drop)),
    [arrange, fields, layout],
  )
  const pin = useCallback(
    (id: string, keep: boolean) =>
      void loadLayoutRules()
        .then((rules) => {
          applyLayout(table, state, rules.withColumnPinned(fields, layout, id, keep))
          setAnnouncement({ kind: keep ? 'pinned' : 'unpinned', column: labelOf(id) })
        })
        .catch(() => undefined),
    [table, state, fields, layout, labelOf],
  )
  const reset = useCallback(() => {
    table.resetColumnSizing(true)
    onLayoutChange({ hidden: DEFAULT_STATE.hidden, columns: [], pinned: [] })
    setAnnouncement({ kind: 'reset' })
  }, [table, onLayoutChange])
  return {
    shown,
    headerSorts,
    toggleSort,
    sortBy,
    hide,
    setHidden,
    resize,
    move,
    moveTo,
    pin,
    reset,
    announcement,
  }
}
