import { constructTable, tableFeatures, type SortingState } from '@tanstack/react-table'
// table-core ships with react-table; its store bindings let the test build the table without React
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings'
import { describe, expect, it } from 'vitest'
import { columnSpecs } from './columns-fns'
import {
  NO_ROWS,
  fromSortingState,
  tableColumns,
  tableFeaturesForRecords,
  toSortingState,
} from './table-setup'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { testTranslator } from '../../testing/i18n'

const t = testTranslator(mainCatalogue)

/** A headless table wired like RecordsTable: controlled, manual sorting, no rows. */
function headlessTable(ids: string[], initial: SortingState = []) {
  let sorting = initial
  const specs = columnSpecs(
    ids.map((id) => ({ id, type: id === 'year' ? 'int4' : 'text' })),
    t,
  )
  const make = () =>
    constructTable({
      features: tableFeatures({
        ...tableFeaturesForRecords,
        coreReactivityFeature: storeReactivityBindings(),
      }),
      // same columns as the app; the store bindings only change how state is observed
      columns: tableColumns(specs) as never,
      data: NO_ROWS,
      manualSorting: true,
      sortDescFirst: false,
      enableMultiSort: true,
      state: { sorting },
      onSortingChange: (updater) => {
        sorting = typeof updater === 'function' ? updater(sorting) : updater
      },
    })
  return {
    click(id: string, shift = false) {
      make().getColumn(id)!.toggleSorting(undefined, shift)
      return fromSortingState(sorting)
    },
    size(id: string) {
      return make().getColumn(id)!.getSize()
    },
  }
}

describe('TanStack table setup', () => {
  it('cycles a header ascending, descending, then unsorted, numeric columns included', () => {
    const table = headlessTable(['year', 'country'])
    expect(table.click('year')).toEqual([{ field: 'year', desc: false }])
    expect(table.click('year')).toEqual([{ field: 'year', desc: true }])
    expect(table.click('year')).toEqual([])
  })

  it('adds a sort key with Shift and replaces all keys without it', () => {
    const table = headlessTable(['year', 'country'])
    table.click('year')
    expect(table.click('country', true)).toEqual([
      { field: 'year', desc: false },
      { field: 'country', desc: false },
    ])
    expect(table.click('country', true)).toEqual([
      { field: 'year', desc: false },
      { field: 'country', desc: true },
    ])
    // a plain click on another column makes it the only key
    expect(table.click('year')).toEqual([{ field: 'year', desc: true }])
  })

  it('handles field ids that are prototype names or look like paths', () => {
    const table = headlessTable(['__proto__', 'constructor', 'a.b', 'x[0]'])
    expect(table.size('__proto__')).toBeGreaterThan(40)
    expect(table.size('constructor')).toBeGreaterThan(40)
    expect(table.click('a.b')).toEqual([{ field: 'a.b', desc: false }])
    expect(table.click('__proto__', true)).toEqual([
      { field: 'a.b', desc: false },
      { field: '__proto__', desc: false },
    ])
  })

  it('reads cells with accessorFn as own properties', () => {
    const [proto, dotted] = tableColumns(
      columnSpecs(
        [
          { id: '__proto__', type: 'text' },
          { id: 'a.b', type: 'text' },
        ],
        t,
      ),
    )
    const record = JSON.parse('{"__proto__": "p", "a.b": 1, "a": {"b": 2}}')
    const read = (column: unknown) =>
      (column as { accessorFn: (row: unknown, i: number) => unknown }).accessorFn(record, 0)
    expect(read(proto)).toBe('p')
    expect(read(dotted)).toBe(1)
    expect(toSortingState([{ field: 'a.b', desc: true }])).toEqual([{ id: 'a.b', desc: true }])
  })
})
