// DataTables with server-side processing and the Scroller extension, the technology of CKAN's
// DataTables view: the ajax function turns each draw's start/length/order/search into one
// datastore_search. (Scroller 3 has no `loadingIndicator` option any more; it shows DataTables' own
// `processing` indicator while a server-side draw waits, which is enabled here.)
import DataTable, { type AjaxData, type AjaxResponse } from 'datatables.net'
import 'datatables.net-scroller'
import {
  COLUMNS,
  ROW_HEIGHT,
  cellText,
  datastoreSearch,
  idFromName,
  installBench,
  overlapsBody,
  readParams,
  type VisibleRow,
} from './shared'

const params = readParams()
const host = document.getElementById('grid')!
const table = document.createElement('table')
table.className = 'display nowrap'
host.append(table)

/** The header row's height: the body gets the rest, so the grid is as tall as the others. */
const HEADER_ALLOWANCE = 40

let total = 0
let totalKey: string | null = null

const api = new DataTable(table, {
  serverSide: true,
  processing: true,
  paging: true,
  ordering: true,
  order: [],
  searching: true,
  info: true,
  deferRender: true,
  autoWidth: false,
  scrollY: `${params.height - HEADER_ALLOWANCE}px`,
  scrollX: true,
  scroller: true,
  columns: COLUMNS.map((column) => ({
    title: column.id,
    width: `${column.width}px`,
    data: (row: Record<string, unknown>) => cellText(row[column.id]),
    // the data holds HTML-looking text: show it as text, as every grid here does
    render: DataTable.render.text(),
  })),
  ajax: (request: AjaxData, callback: (reply: AjaxResponse) => void) => {
    const sort = (request.order ?? [])
      .map((item) => `${JSON.stringify(COLUMNS[item.column]!.id)} ${item.dir}`)
      .join(', ')
    const q = request.search?.value.trim() ?? ''
    const key = `${sort}\n${q}`
    const needTotal = key !== totalKey
    void datastoreSearch(params, {
      offset: request.start ?? 0,
      limit: request.length ?? 100,
      sort,
      q,
      includeTotal: needTotal,
    }).then((page) => {
      if (needTotal) {
        total = page.total ?? 0
        totalKey = key
      }
      callback({ draw: request.draw, recordsTotal: total, recordsFiltered: total, data: page.records })
      window.__bench.notify()
    })
  },
})

function scrollBody(): HTMLElement | null {
  return host.querySelector<HTMLElement>('.dt-scroll-body')
}

installBench({
  grid: 'datatables',
  scroller: scrollBody,
  visibleRows: () => {
    const body = scrollBody()?.getBoundingClientRect()
    if (!body) return []
    const start = api.page.info().start
    const rows: VisibleRow[] = []
    const trs = scrollBody()!.querySelectorAll<HTMLTableRowElement>('tbody tr')
    trs.forEach((tr, i) => {
      if (!overlapsBody(tr.getBoundingClientRect(), body)) return
      const name = tr.cells[1]?.textContent
      rows.push({ pos: start + i, id: idFromName(name) })
    })
    return rows
  },
  domRows: () => host.querySelectorAll('.dt-scroll-body tbody tr').length,
  headerPoint: (columnId) => {
    const index = COLUMNS.findIndex((column) => column.id === columnId)
    const th = host.querySelectorAll('.dt-scroll-head thead th')[index]
    const rect = th?.getBoundingClientRect()
    return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null
  },
  searchBox: '.dt-search input',
})

document.documentElement.style.setProperty('--row-height', `${ROW_HEIGHT}px`)
