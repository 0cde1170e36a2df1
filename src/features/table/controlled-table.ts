// A TanStack table for a component that controls every slice of its state (the grid: the view and its
// own widths), without React's adapter. useTable keeps TanStack Store atoms so that the table's own
// changes can re-render their readers; here the table never changes anything on its own (every change
// goes out through its on*Change options and comes back as props), so its atoms need no subscribers,
// and the store, its React binding and the adapter are never loaded (2.3 KB gzip). The table itself is
// loaded after the first rows are painted (use-records-table.ts).
import { constructTable, type RowData, type TableFeatures, type TableOptions } from '@tanstack/react-table'
import { table_setOptions } from '@tanstack/react-table/static-functions'
import type { TableReactivityBindings } from '@tanstack/table-core/reactivity'

const NO_SUBSCRIPTION = { unsubscribe() {} }

/**
 * Atoms that hold a value, or read one afresh at every get (a controlled slice reads the options of the
 * render in progress), with nothing to notify: nobody subscribes.
 */
export const controlledReactivity: TableReactivityBindings = {
  createOptionsStore: false,
  wrapExternalAtoms: false,
  addSubscription: () => {},
  batch: (fn) => fn(),
  schedule: (fn) => queueMicrotask(fn),
  untrack: (fn) => fn(),
  createWritableAtom: (initial) => {
    let value = initial
    return {
      get: () => value,
      set: (next: typeof initial | ((old: typeof initial) => typeof initial)) => {
        value = typeof next === 'function' ? (next as (old: typeof initial) => typeof initial)(value) : next
      },
      subscribe: () => NO_SUBSCRIPTION,
    } as never
  },
  createReadonlyAtom: (read) => ({ get: read, subscribe: () => NO_SUBSCRIPTION }) as never,
}

/** The table itself, built once for this component, with the options of every render. */
export function createControlledTable<TFeatures extends TableFeatures, TData extends RowData>(
  options: TableOptions<TFeatures, TData>,
) {
  return constructTable({
    ...options,
    features: { ...options.features, coreReactivityFeature: controlledReactivity },
  } as TableOptions<TFeatures, TData>)
}

/**
 * Gives the table this render's options (state included). Idempotent: a render that does not commit
 * leaves the next one to set its own options.
 */
export function setControlledOptions<TFeatures extends TableFeatures, TData extends RowData>(
  table: ReturnType<typeof createControlledTable<TFeatures, TData>>,
  options: TableOptions<TFeatures, TData>,
): void {
  table_setOptions(table, (previous) => ({ ...previous, ...options }), { syncExternalState: false })
}
