import type { ColumnSizingState } from '@tanstack/react-table'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { moveColumn, withColumnPinned, type ColumnLayout } from '../../model/column-layout'
import { DEFAULT_STATE, type ExplorerState, type SortKey } from '../../model/explorer-state'
import { shownColumns } from '../../model/fields'
import { testTranslator } from '../../testing/i18n'
import { createControlledTable } from './controlled-table'
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, columnSpecs, firstShownColumns } from './columns-fns'
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

const t = testTranslator(mainCatalogue)
const IDS = ['_id', 'year', 'country', '__proto__', 'constructor', 'a.b', 'x[0]']
const FIELDS: CkanField[] = IDS.map((id) => ({ id, type: id === 'year' || id === '_id' ? 'int4' : 'text' }))

type View = Pick<ExplorerState, 'sort' | 'hidden' | 'columns' | 'pinned'>

/**
 * A table wired as RecordsTable wires it (controlled state, manual sorting, no rows), without React:
 * each step builds it afresh from the state the last step left, as a render would, and the change
 * handlers write that state back, as the app does with the view and the widths.
 */
function headlessTable(fields: CkanField[] = FIELDS, initial: Partial<View> = {}) {
  const specs = columnSpecs(fields, t)
  const columns = tableColumns(specs)
  let view: View = { sort: [], hidden: ['_id'], columns: [], pinned: [], ...initial }
  let sizing: ColumnSizingState = {}
  let layoutChanges = 0
  const make = () =>
    createControlledTable(
      tableOptions(columns, specs, { ...viewColumnState(view), hidden: view.hidden }, sizing, {
        onSortChange: (sort) => (view = { ...view, sort }),
        onLayoutChange: (change) => {
          layoutChanges++
          view = { ...view, ...change }
        },
        onSizingChange: (updater) => (sizing = applyUpdater(updater, sizing)),
      }),
    )
  const shown = () => shownColumnsOf(shownLeafColumns(make()), specs, sizing)
  return {
    get view() {
      return view
    },
    get layoutChanges() {
      return layoutChanges
    },
    click(id: string, shift = false): SortKey[] {
      make().getColumn(id)!.toggleSorting(undefined, shift)
      return view.sort
    },
    hide(id: string) {
      make().getColumn(id)!.toggleVisibility(false)
    },
    resize(id: string, width: number) {
      make().setColumnSizing((old) => resizedSizing(old, id, width))
      return sizing
    },
    layout(change: ReturnType<typeof moveColumn>) {
      applyLayout(make(), viewColumnState(view), change!)
    },
    ids: () => shown().map((column) => column.spec.id),
    width: (id: string) => shown().find((column) => column.spec.id === id)?.width,
    shown,
  }
}

describe('the grid’s TanStack table: a header click’s next sort', () => {
  it('cycles a header ascending, descending, then unsorted, numeric columns included', () => {
    const table = headlessTable()
    expect(table.click('year')).toEqual([{ field: 'year', desc: false }])
    expect(table.click('year')).toEqual([{ field: 'year', desc: true }])
    expect(table.click('year')).toEqual([])
  })

  it('adds a sort key with Shift and replaces all keys without it', () => {
    const table = headlessTable()
    table.click('year')
    expect(table.click('country', true)).toEqual([
      { field: 'year', desc: false },
      { field: 'country', desc: false },
    ])
    expect(table.click('country', true)).toEqual([
      { field: 'year', desc: false },
      { field: 'country', desc: true },
    ])
    // a plain click on another column makes it the only key, one step further in its own cycle
    expect(table.click('year')).toEqual([{ field: 'year', desc: true }])
  })

  it('removes a descending key in place with Shift, and every key without it', () => {
    const sort: SortKey[] = [
      { field: 'year', desc: true },
      { field: 'country', desc: false },
      { field: 'a.b', desc: false },
    ]
    expect(headlessTable(FIELDS, { sort }).click('year', true)).toEqual(sort.slice(1))
    expect(headlessTable(FIELDS, { sort }).click('year')).toEqual([])
    expect(headlessTable(FIELDS, { sort }).click('country', true)).toEqual([
      { field: 'year', desc: true },
      { field: 'country', desc: true },
      { field: 'a.b', desc: false },
    ])
  })

  it('handles field ids that are prototype names or look like paths', () => {
    const table = headlessTable()
    expect(table.click('a.b')).toEqual([{ field: 'a.b', desc: false }])
    expect(table.click('__proto__', true)).toEqual([
      { field: 'a.b', desc: false },
      { field: '__proto__', desc: false },
    ])
    expect(table.click('constructor', true)).toHaveLength(3)
  })
})

describe('the grid’s TanStack table: columns', () => {
  it('gives every column its default width until the user resizes it, rounded and within limits', () => {
    const table = headlessTable()
    const specs = columnSpecs(FIELDS, t)
    for (const spec of specs.slice(1)) expect(table.width(spec.id)).toBe(spec.defaultWidth)
    table.resize('__proto__', 250.6)
    table.resize('year', 5)
    expect(table.width('__proto__')).toBe(251)
    expect(table.width('year')).toBe(MIN_COLUMN_WIDTH)
    expect(table.width('a.b')).toBe(specs.find((spec) => spec.id === 'a.b')!.defaultWidth)
    table.resize('x[0]', 99_999)
    expect(table.width('x[0]')).toBe(MAX_COLUMN_WIDTH)
    // a resize that changes nothing (a drag held at a limit) keeps the same state
    const held = table.resize('year', 10)
    expect(table.resize('year', 20)).toBe(held)
  })

  it('hides through the table, and keeps hidden names the table does not have', () => {
    const table = headlessTable(FIELDS, { hidden: ['_id', 'gone'] })
    table.hide('country')
    expect(table.view.hidden).toEqual(['_id', 'gone', 'country'])
    expect(table.ids()).not.toContain('country')
  })

  it('orders and pins through the table: kept columns first, one change of the view per action', () => {
    const table = headlessTable()
    const layout = (): ColumnLayout => table.view
    table.layout(moveColumn(FIELDS, layout(), 'a.b', -1))
    expect(table.ids()).toEqual(['year', 'country', '__proto__', 'a.b', 'constructor', 'x[0]'])
    table.layout(withColumnPinned(FIELDS, layout(), 'x[0]', true))
    expect(table.ids()).toEqual(['x[0]', 'year', 'country', '__proto__', 'a.b', 'constructor'])
    expect(table.shown()[0]).toMatchObject({ pinnedAt: 0 })
    expect(table.shown()[1]!.pinnedAt).toBeUndefined()
    expect(table.layoutChanges).toBe(2)
  })

  it('shows exactly the model’s shownColumns, in its order, whatever the layout, as the grid’s first columns do', () => {
    const id = fc.constantFrom(...IDS, 'gone')
    fc.assert(
      fc.property(
        fc.record({
          hidden: fc.uniqueArray(id, { maxLength: 4 }),
          columns: fc.array(id, { maxLength: 6 }),
          pinned: fc.uniqueArray(id, { maxLength: 3 }),
        }),
        (layout) => {
          const table = headlessTable(FIELDS, { ...DEFAULT_STATE, ...layout })
          const model = shownColumns(FIELDS, layout.hidden, layout.columns, layout.pinned)
          expect(table.ids()).toEqual(model.map((column) => column.id))
          // what the grid draws before the table's code has loaded: the same columns, widths and places
          expect(firstShownColumns(columnSpecs(FIELDS, t), FIELDS, layout)).toEqual(table.shown())
        },
      ),
      { numRuns: 200 },
    )
  })
})
