// TEMPORARY stand-in with RecordsTable's props, until src/features/table/records-table.tsx lands.
import type { Portal, SearchRequest, SearchResult } from '../api/ckan/types'
import type { ExplorerState, SortKey } from '../features/explorer-state/explorer-state'
import { formatCell } from '../lib/format'

export function RecordsTable(props: {
  portal: Portal
  state: ExplorerState
  firstPage: SearchResult
  firstPageRequest: SearchRequest
  sortLocally: boolean
  locale: string
  onSortChange: (sort: SortKey[]) => void
  onHiddenChange: (hidden: string[]) => void
  onVisibleRangeChange?: (first: number, last: number) => void
}) {
  const fields = props.firstPage.fields.filter((field) => !props.state.hidden.includes(field.id))
  const sortOf = (id: string) => props.state.sort.find((key) => key.field === id)
  let records = props.firstPage.records
  if (props.sortLocally && props.state.sort[0]) {
    const key = props.state.sort[0]
    records = [...records].sort((a, b) => {
      const x = a[key.field] as never
      const y = b[key.field] as never
      const order = x < y ? -1 : x > y ? 1 : 0
      return key.desc ? -order : order
    })
  }
  return (
    <div className="dse-interim" role="region" aria-label="Records" tabIndex={0}>
      <table role="grid" aria-rowcount={(props.firstPage.total ?? records.length) + 1}>
        <thead>
          <tr>
            {fields.map((field) => {
              const sort = sortOf(field.id)
              return (
                <th key={field.id} aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : undefined}>
                  <button
                    type="button"
                    onClick={() => props.onSortChange([{ field: field.id, desc: sort ? !sort.desc : false }])}
                  >
                    {field.id}
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {records.slice(0, 50).map((record, index) => (
            <tr key={index}>
              {fields.map((field) => (
                <td key={field.id}>{formatCell(record[field.id], field.type, props.locale).text}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
