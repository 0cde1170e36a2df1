// How the grid uses TanStack Table (v9): as the model of its columns and their view state, never of its
// rows. The table is given the shown result's columns and no rows (`NO_ROWS`): a row model of 1,000,000
// matching records cannot exist in the browser, and one of the loaded window would be rebuilt on every
// page arrival, so the body reads each row straight from the record window. Every slice of state is
// controlled: sorting, visibility, order and pins come from the view (the link), widths from the
// table's own state; a change through the table's API comes back as a change of them.
// Why a library at all: docs/decisions/0004-tanstack-table-for-columns.md.
import {
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  type Column,
  type ColumnDef,
  type ColumnPinningState,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type SortingState,
  type TableOptions,
  type Updater,
} from '@tanstack/react-table'
import { setOwn } from '../../api/ckan/filters'
import type { CkanRecord } from '../../api/ckan/types'
import type { ColumnLayout, LayoutChange } from '../../model/column-layout'
import type { ExplorerState, SortKey } from '../../model/explorer-state'
import {
  columnWidthWithin,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  readCell,
  type ColumnSpec,
} from './columns-fns'
import type { ShownColumn } from './grid-types'

import { createControlledTable, setControlledOptions } from './controlled-table'

/** The grid's table (built once by use-records-table.ts, given each render's options). */
export type RecordsTableInstance = ReturnType<typeof createControlledTable<RecordsFeatures, CkanRecord>>

export function createRecordsTable(options: TableOptions<RecordsFeatures, CkanRecord>): RecordsTableInstance {
  return createControlledTable(options)
}

export function setRecordsTableOptions(
  table: RecordsTableInstance,
  options: TableOptions<RecordsFeatures, CkanRecord>,
): void {
  setControlledOptions(table, options)
}

/** Only the features the grid uses, so only they ship (explicit features, not stockFeatures). */
export const recordsTableFeatures = tableFeatures({
  columnSizingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnPinningFeature,
  rowSortingFeature,
})

export type RecordsFeatures = typeof recordsTableFeatures

/** The table never holds rows: the body reads them from the record window. */
export const NO_ROWS: CkanRecord[] = Object.freeze([]) as unknown as CkanRecord[]

const helper = createColumnHelper<RecordsFeatures, CkanRecord>()

export type RecordsColumnDef = ColumnDef<RecordsFeatures, CkanRecord, unknown>

/**
 * One column per offered field, hidden ones included (visibility is state). accessorFn, never
 * accessorKey: `a.b` would be read as a path; own properties only (`__proto__` is a field name here).
 */
export function tableColumns(specs: readonly ColumnSpec[]): RecordsColumnDef[] {
  return specs.map((spec) =>
    helper.accessor((record: CkanRecord) => readCell(record, spec.id), {
      id: spec.id,
      header: spec.label,
      size: spec.defaultWidth,
      minSize: MIN_COLUMN_WIDTH,
      maxSize: MAX_COLUMN_WIDTH,
    }),
  ) as RecordsColumnDef[]
}

/** The sort, visibility, order and pins of the view, as the table's state. */
export interface ViewColumnState {
  sorting: SortingState
  columnVisibility: ColumnVisibilityState
  columnOrder: string[]
  columnPinning: ColumnPinningState
}

export function viewColumnState(
  view: Pick<ExplorerState, 'sort' | 'hidden' | 'columns' | 'pinned'>,
): ViewColumnState {
  const columnVisibility: ColumnVisibilityState = {}
  for (const id of view.hidden) setOwn(columnVisibility, id, false)
  return {
    sorting: view.sort.map((key) => ({ id: key.field, desc: key.desc })),
    columnVisibility,
    columnOrder: view.columns,
    columnPinning: { start: view.pinned, end: [] },
  }
}

export function sortKeysOf(sorting: SortingState): SortKey[] {
  return sorting.map((entry) => ({ field: entry.id, desc: entry.desc }))
}

/** The hidden list after a change of visibility: names the table does not have stay as they were. */
export function hiddenOf(
  visibility: ColumnVisibilityState,
  hidden: readonly string[],
  specs: readonly ColumnSpec[],
): string[] {
  const offered = new Set(specs.map((spec) => spec.id))
  const kept = hidden.filter((id) => !offered.has(id) || visibility[id] === false)
  const added = specs.filter((spec) => Object.hasOwn(visibility, spec.id) && visibility[spec.id] === false)
  return [...kept, ...added.map((spec) => spec.id).filter((id) => !kept.includes(id))]
}

/**
 * The widths after column `id` is given `width` px (within the limits); the same object when that
 * changes nothing, so a drag held at a limit renders nothing.
 */
export function resizedSizing(sizing: ColumnSizingState, id: string, width: number): ColumnSizingState {
  const size = columnWidthWithin(width)
  if (Object.hasOwn(sizing, id) && sizing[id] === size) return sizing
  const next: ColumnSizingState = { ...sizing }
  setOwn(next, id, size)
  return next
}

export function applyUpdater<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater
}

/** What the table reports back: a new sort, a new layout of the view, new widths. */
export interface ColumnStateChanges {
  onSortChange(sort: SortKey[]): void
  onLayoutChange(change: Partial<ColumnLayout>): void
  onSizingChange(updater: Updater<ColumnSizingState>): void
}

/**
 * The table's options for a view: its columns, no rows, the view's state (controlled), the widths, and
 * change handlers that turn a change through the table's API back into a change of the view. The
 * portal sorts (manual); a header goes ascending, descending, then unsorted, numbers included; Shift
 * adds a key.
 */
export function tableOptions(
  columns: RecordsColumnDef[],
  specs: readonly ColumnSpec[],
  view: ViewColumnState & { hidden: readonly string[] },
  columnSizing: ColumnSizingState,
  changes: ColumnStateChanges,
): TableOptions<RecordsFeatures, CkanRecord> {
  const { hidden, ...state } = view
  return {
    features: recordsTableFeatures,
    columns,
    data: NO_ROWS,
    manualSorting: true,
    enableMultiSort: true,
    sortDescFirst: false,
    state: { ...state, columnSizing },
    onSortingChange: (updater) => changes.onSortChange(sortKeysOf(applyUpdater(updater, state.sorting))),
    onColumnVisibilityChange: (updater) =>
      changes.onLayoutChange({
        hidden: hiddenOf(applyUpdater(updater, state.columnVisibility), hidden, specs),
      }),
    onColumnOrderChange: (updater) =>
      changes.onLayoutChange({ columns: applyUpdater(updater, state.columnOrder) }),
    onColumnPinningChange: (updater) =>
      changes.onLayoutChange({ pinned: applyUpdater(updater, state.columnPinning).start }),
    onColumnSizingChange: changes.onSizingChange,
  }
}

/** The table's shown columns, in the grid's order: those kept in view first, then the others. */
export function shownLeafColumns(table: {
  getStartVisibleLeafColumns(): Column<RecordsFeatures, CkanRecord, unknown>[]
  getCenterVisibleLeafColumns(): Column<RecordsFeatures, CkanRecord, unknown>[]
}): Column<RecordsFeatures, CkanRecord, unknown>[] {
  return [...table.getStartVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns()]
}

/** The grid's columns from the table's: spec, width, and where a column kept in view sits. */
export function shownColumnsOf(
  leaves: readonly Column<RecordsFeatures, CkanRecord, unknown>[],
  specs: readonly ColumnSpec[],
  sizing: ColumnSizingState,
): ShownColumn[] {
  const byId = new Map(specs.map((spec) => [spec.id, spec]))
  return leaves.flatMap((column) => {
    const spec = byId.get(column.id)
    if (!spec) return []
    const shown: ShownColumn = { spec, width: column.getSize() }
    if (column.getIsPinned() === 'start') shown.pinnedAt = column.getStart('start')
    if (Object.hasOwn(sizing, column.id)) shown.userSized = true
    return [shown]
  })
}

/**
 * A layout change applied through the table's API (order and pins go through it). An action of
 * model/column-layout.ts changes one slice: one change of the view, one history entry.
 */
export function applyLayout(
  table: {
    setColumnOrder(updater: Updater<string[]>): void
    setColumnPinning(updater: Updater<ColumnPinningState>): void
  },
  current: ViewColumnState,
  change: LayoutChange,
): void {
  if (!sameIds(change.columns, current.columnOrder)) table.setColumnOrder(change.columns)
  if (!sameIds(change.pinned, current.columnPinning.start))
    table.setColumnPinning({ start: change.pinned, end: current.columnPinning.end })
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index])
}
