// The summary's groups as a table, sortable by any column (TanStack Table: the groups are in the
// page's memory), with each group's share of the whole. A value that a filter can show is a button:
// choosing it narrows the view to that group and shows its records in the table.
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortFn,
  type SortingState,
} from '@tanstack/react-table'
import { memo, useMemo, useState } from 'react'
import type { CkanField } from '../../api/ckan/types'
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { intlLocale } from '../../i18n/locale-formats'
import { compareKeys, shareMeasure, type SummaryRow } from '../../lib/summary/summary-rows'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { fieldLabel } from '../../model/fields'
import type { FilterCondition } from '../../model/filters'
import { groupConditions, groupLabel, isNumericGrouping, roundFigure, type GroupWords } from './summary-fns'

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() })
const helper = createColumnHelper<typeof features, SummaryRow>()

/** Rows drawn at first, and added by each "Show more". */
export const ROWS_AT_A_TIME = 200

export interface SummaryTableProps {
  rows: readonly SummaryRow[]
  spec: SummarySpec
  fields: readonly CkanField[]
  words: GroupWords
  measureLabel(index: number): string
  /** A group chosen: the conditions that show its records. */
  onChooseGroup(conditions: FilterCondition[]): void
}

export const SummaryTable = memo(function SummaryTable({
  rows,
  spec,
  fields,
  words,
  measureLabel,
  onChooseGroup,
}: SummaryTableProps) {
  const t = useMessages(summaryCatalogue)
  const formats = useFormats()
  const [sorting, setSorting] = useState<SortingState>([])
  const [shown, setShown] = useState(ROWS_AT_A_TIME)
  const shareAt = shareMeasure(spec)
  const figure = formats.number(null)
  const percent = useMemo(
    () => new Intl.NumberFormat(intlLocale(formats.locale), { style: 'percent', maximumFractionDigits: 1 }),
    [formats.locale],
  )
  const fieldOf = (id: string) => fields.find((field) => field.id === id)

  const columns = useMemo(() => {
    const groupColumns = spec.groups.map((grouping, index) => {
      const field = fieldOf(grouping.field)
      const numeric = isNumericGrouping(grouping, field)
      const byKey: SortFn<typeof features, SummaryRow> = (a, b) =>
        compareKeys(a.original.keys[index]!, b.original.keys[index]!, numeric)
      return helper.accessor((row) => row.keys[index], {
        id: `group-${index}`,
        header: field ? fieldLabel(field, field.id) : grouping.field,
        sortFn: byKey,
        sortDescFirst: false,
      })
    })
    const figureColumns = spec.measures.map((_, index) =>
      helper.accessor((row) => row.values[index] ?? undefined, {
        id: `figure-${index}`,
        header: measureLabel(index),
        sortUndefined: 'last',
      }),
    )
    const share =
      shareAt === null
        ? []
        : [
            helper.accessor((row) => row.share ?? undefined, {
              id: 'share',
              // a share of the records is just "Share"; of a total, it says which
              header:
                spec.measures[shareAt]!.kind === 'count'
                  ? t('summary.share')
                  : t('summary.shareOf', { figure: measureLabel(shareAt) }),
              sortUndefined: 'last',
            }),
          ]
    return helper.columns([...groupColumns, ...figureColumns, ...share])
    // the columns follow the summary and its labels; the fields' lookup is by id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spec, measureLabel, shareAt, t])

  const data = useMemo(() => [...rows], [rows])
  const table = useTable({ features, columns, data, state: { sorting }, onSortingChange: setSorting })
  const sortedRows = table.getRowModel().rows
  const choosable = rows.some((row) => groupConditions(row, spec, fields) !== null)
  const caption = t(choosable ? 'summary.tableCaption' : 'summary.tableCaptionPlain', { count: rows.length })

  return (
    <div className="dse-summary__table">
      <table>
        <caption className="dse-hint">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const isGroup = header.column.id.startsWith('group-')
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={isGroup ? undefined : 'dse-summary__number'}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button
                      type="button"
                      className="dse-summary__sort"
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      <table.FlexRender header={header} />
                      <span aria-hidden="true" className="dse-summary__sort-mark">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {sortedRows.slice(0, shown).map((row) => {
            const filters = groupConditions(row.original, spec, fields)
            return (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => {
                  const id = cell.column.id
                  if (id.startsWith('group-')) {
                    const index = Number(id.slice(6))
                    const grouping = spec.groups[index]!
                    const text = groupLabel(
                      row.original.keys[index]!,
                      grouping,
                      fieldOf(grouping.field)?.type ?? 'text',
                      words,
                    )
                    const special = row.original.keys[index]!.kind !== 'value'
                    // the first group's cell carries the row's filter (both groupings' values)
                    return index === 0 ? (
                      <th key={cell.id} scope="row" className={special ? 'dse-summary__special' : undefined}>
                        {filters ? (
                          <button
                            type="button"
                            className="dse-summary__choose"
                            onClick={() => onChooseGroup(filters)}
                          >
                            {text}
                          </button>
                        ) : (
                          text
                        )}
                      </th>
                    ) : (
                      <td key={cell.id} className={special ? 'dse-summary__special' : undefined}>
                        {text}
                      </td>
                    )
                  }
                  const value = cell.getValue() as number | undefined
                  return (
                    <td key={cell.id} className="dse-summary__number">
                      {value === undefined
                        ? '—'
                        : id === 'share'
                          ? percent.format(value)
                          : figure.format(roundFigure(value))}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
      {sortedRows.length > shown && (
        <button
          type="button"
          className="dse-button dse-button--secondary"
          onClick={() => setShown(shown + ROWS_AT_A_TIME)}
        >
          {t('summary.showMore', { count: Math.min(ROWS_AT_A_TIME, sortedRows.length - shown) })}
        </button>
      )}
    </div>
  )
})
