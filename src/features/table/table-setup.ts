import {
  columnSizingFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table'
import type { CkanRecord } from '../../api/ckan/types'
import type { SortKey } from '../../model/explorer-state'
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, readCell, type ColumnSpec } from './columns-fns'

/**
 * How the table uses TanStack Table: for the columns, their sizes and the sort state (headers), not for
 * the body. The table is given no rows (`NO_ROWS`), so no row model is ever built: with 1,000,000
 * matching records a row model of the loaded window would be rebuilt on every page arrival, and a
 * row model of everything is impossible. The body reads each visible row straight from the record
 * window (use-record-window) and the column specs, which keeps "response → rows painted" independent of
 * the total. Sorting is manual: the table only turns header clicks into a new sort for the app.
 */
export const tableFeaturesForRecords = tableFeatures({ columnSizingFeature, rowSortingFeature })

export type RecordsFeatures = typeof tableFeaturesForRecords

export const NO_ROWS: CkanRecord[] = Object.freeze([]) as unknown as CkanRecord[]

const helper = createColumnHelper<RecordsFeatures, CkanRecord>()

/**
 * One TanStack column per shown field. accessorFn (never accessorKey: `a.b` would be read as a path)
 * reading own properties only (`__proto__`, `constructor` are ordinary field names here).
 */
export function tableColumns(
  specs: readonly ColumnSpec[],
): ColumnDef<RecordsFeatures, CkanRecord, unknown>[] {
  return specs.map((spec) =>
    helper.accessor((record: CkanRecord) => readCell(record, spec.id), {
      id: spec.id,
      header: spec.label,
      size: spec.defaultWidth,
      minSize: MIN_COLUMN_WIDTH,
      maxSize: MAX_COLUMN_WIDTH,
      // TanStack v9 starts numeric columns descending; users expect ascending first everywhere
      sortDescFirst: false,
    }),
  ) as ColumnDef<RecordsFeatures, CkanRecord, unknown>[]
}

export function toSortingState(sort: readonly SortKey[]): SortingState {
  return sort.map((key) => ({ id: key.field, desc: key.desc }))
}

export function fromSortingState(sorting: SortingState): SortKey[] {
  return sorting.map((entry) => ({ field: entry.id, desc: entry.desc }))
}
