// The grid's TanStack table (table-model.ts): its columns from the specs, its state from the view and
// the widths, and what the grid draws from it. Changes through the table's API come back as changes of
// the view (one per action) or of the widths. The table is built once the first rows are painted and
// the browser is idle (its code is outside the initial JS, and building it and drawing again would
// otherwise sit between the first page's answer and the rows on screen): until then the grid draws
// the view's columns as the table would (firstShownColumns), and an action waits for it.
import type { ColumnSizingState } from '@tanstack/react-table'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { afterPaintWhenIdle } from '../../components/ui/after-next-paint'
import type { CkanField } from '../../api/ckan/types'
import type { ColumnDrop, ColumnLayout, LayoutChange } from '../../model/column-layout'
import { DEFAULT_STATE } from '../../model/explorer-state'
import type { ExplorerState, SortKey } from '../../model/explorer-state'
import { firstShownColumns, headerSortOf, UNSORTED, type ColumnSpec, type HeaderSort } from './columns-fns'
import type { ShownColumn } from './grid-types'
import type { RecordsTableInstance } from './table-model'
import { useKeptColumns } from './use-kept-columns'

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
const loadTableModel = () => import('./table-model')
type TableModule = Awaited<ReturnType<typeof loadTableModel>>

const NO_SIZING: ColumnSizingState = Object.freeze({}) as ColumnSizingState

export function useRecordsTable({
  fields,
  specs,
  view,
  onSortChange,
  onLayoutChange,
  buildTable = true,
}: {
  /** The result's fields (the specs are the offered ones among them). */
  fields: readonly CkanField[]
  specs: readonly ColumnSpec[]
  view: Pick<ExplorerState, 'sort' | 'hidden' | 'columns' | 'pinned'>
  onSortChange(sort: SortKey[]): void
  onLayoutChange(change: Partial<ColumnLayout>): void
  /**
   * False for the warm-up: the table's code is fetched while the first page is on its way, but no
   * table is built and nothing drawn again (nobody acts on the warm-up's columns).
   */
  buildTable?: boolean
}): RecordsTableModel {
  const { sort, hidden, columns: order, pinned } = view
  // the widths the user gave columns, kept per field id while this table is shown
  const [sizing, setSizing] = useState<ColumnSizingState>(NO_SIZING)

  // the table, once built (after the first rows' frame)
  const [model, setModel] = useState<{ module: TableModule; table: RecordsTableInstance } | null>(null)
  const module = model?.module
  const columns = useMemo(() => module?.tableColumns(specs), [module, specs])
  const state = useMemo(
    () => module?.viewColumnState({ sort, hidden, columns: order, pinned }),
    [module, sort, hidden, order, pinned],
  )
  const options =
    module &&
    columns &&
    state &&
    module.tableOptions(columns, specs, { ...state, hidden }, sizing, {
      onSortChange,
      onLayoutChange,
      onSizingChange: (updater) => setSizing((old) => module.applyUpdater(updater, old)),
    })
  if (model && options) model.module.setRecordsTableOptions(model.table, options)
  const table = options ? model?.table : undefined
  useEffect(() => {
    if (!buildTable) {
      loadTableModel().catch(() => undefined)
      return
    }
    let live = true
    const build = (loaded: TableModule) => {
      if (!live) return
      const noop = () => {}
      // built once; every render gives it that render's options
      const built = loaded.createRecordsTable(
        loaded.tableOptions([], [], { ...loaded.viewColumnState(DEFAULT_STATE), hidden: [] }, NO_SIZING, {
          onSortChange: noop,
          onLayoutChange: noop,
          onSizingChange: noop,
        }),
      )
      setModel({ module: loaded, table: built })
    }
    const cancel = afterPaintWhenIdle(() => {
      // its code could not be fetched (offline): the columns stay as the view has them
      loadTableModel().then(build, () => undefined)
    })
    return () => {
      live = false
      cancel()
    }
  }, [buildTable])
  // actions asked for before the table was there run once it is
  const waiting = useRef<((table: RecordsTableInstance, module: TableModule) => void)[]>([])
  useEffect(() => {
    if (!table || !module) return
    const actions = waiting.current.splice(0)
    for (const action of actions) action(table, module)
  })
  const withTable = useCallback(
    (action: (table: RecordsTableInstance, module: TableModule) => void) => {
      if (table && module) action(table, module)
      else waiting.current.push(action)
    },
    [table, module],
  )

  // The same columns keep the same array: every drawn row re-renders its cells when it changes. A
  // sort changes the headers, not these.
  const firstShown = useMemo(
    () => (table ? null : firstShownColumns(specs, fields, { hidden, columns: order, pinned })),
    [table, specs, fields, hidden, order, pinned],
  )
  const tableShown = useMemo(
    () => (table && module ? module.shownColumnsOf(module.shownLeafColumns(table), specs, sizing) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the table reads these slices
    [table, module, specs, state?.columnVisibility, state?.columnOrder, state?.columnPinning, sizing],
  )
  // the table's arrival changes nothing drawn: the rows keep their columns (and their cells)
  const shown = useKeptColumns((tableShown ?? firstShown)!)
  const headerSorts = useMemo(() => {
    const sorts = new Map<string, HeaderSort>()
    if (sort.length === 0) return sorts
    for (const column of shown) {
      const leaf = table?.getColumn(column.spec.id)
      const direction = leaf ? leaf.getIsSorted() : false
      sorts.set(
        column.spec.id,
        !table
          ? headerSortOf(sort, column.spec.id)
          : direction
            ? { direction, index: leaf!.getSortIndex(), keys: sort.length }
            : UNSORTED,
      )
    }
    return sorts
  }, [table, shown, sort])

  const toggleSort = useCallback(
    (id: string, addKey: boolean) => withTable((t) => t.getColumn(id)?.toggleSorting(undefined, addKey)),
    [withTable],
  )
  const sortBy = useCallback(
    (id: string, desc: boolean) => withTable((t) => t.setSorting([{ id, desc }])),
    [withTable],
  )
  const hide = useCallback(
    (id: string) => withTable((t) => t.getColumn(id)?.toggleVisibility(false)),
    [withTable],
  )
  const setHidden = useCallback(
    (next: readonly string[]) =>
      withTable((t, m) =>
        t.setColumnVisibility(
          m.viewColumnState({ sort: [], hidden: [...next], columns: [], pinned: [] }).columnVisibility,
        ),
      ),
    [withTable],
  )
  const resize = useCallback(
    (id: string, width: number) =>
      withTable((t, m) => t.setColumnSizing((old) => m.resizedSizing(old, id, width))),
    [withTable],
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
          withTable((t, m) =>
            m.applyLayout(t, m.viewColumnState({ sort, hidden, columns: order, pinned }), change),
          )
          const where = rules.shownPosition(fields, { hidden, ...change }, id)
          if (where) setAnnouncement({ kind: 'moved', column: labelOf(id), ...where })
        })
        .catch(() => undefined), // its code could not be fetched (offline): the order stays
    [withTable, sort, hidden, order, pinned, fields, labelOf],
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
          const change = rules.withColumnPinned(fields, layout, id, keep)
          withTable((t, m) =>
            m.applyLayout(t, m.viewColumnState({ sort, hidden, columns: order, pinned }), change),
          )
          setAnnouncement({ kind: keep ? 'pinned' : 'unpinned', column: labelOf(id) })
        })
        .catch(() => undefined),
    [withTable, sort, hidden, order, pinned, fields, layout, labelOf],
  )
  const reset = useCallback(() => {
    setSizing(NO_SIZING)
    onLayoutChange({ hidden: DEFAULT_STATE.hidden, columns: [], pinned: [] })
    setAnnouncement({ kind: 'reset' })
  }, [onLayoutChange])
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
