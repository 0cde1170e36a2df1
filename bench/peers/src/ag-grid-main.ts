// AG Grid Community with its Infinite Row Model: the datasource's getRows turns each block request
// (startRow/endRow plus the sort model) into one datastore_search offset/limit request.
import {
  createGrid,
  InfiniteRowModelModule,
  ModuleRegistry,
  type ColDef,
  type IDatasource,
  type IGetRowsParams,
} from 'ag-grid-community'
import {
  COLUMNS,
  PAGE_SIZE,
  ROW_HEIGHT,
  cellText,
  datastoreSearch,
  idFromName,
  installBench,
  overlapsBody,
  readParams,
  type VisibleRow,
} from './shared'

ModuleRegistry.registerModules([InfiniteRowModelModule])

const params = readParams()
const host = document.getElementById('grid')!
host.style.height = `${params.height}px`

installBench({
  grid: 'ag-grid',
  scroller: () => host.querySelector<HTMLElement>('.ag-grid-viewport'),
  visibleRows: () => {
    // the viewport holds the sticky header too: rows under it are not on screen
    const body = host.querySelector('.ag-grid-viewport')?.getBoundingClientRect()
    const header = host.querySelector('.ag-header')?.getBoundingClientRect().height ?? 0
    if (!body) return []
    const rows: VisibleRow[] = []
    for (const row of host.querySelectorAll<HTMLElement>('.ag-grid-scrolling-container .ag-row[row-index]')) {
      if (!overlapsBody(row.getBoundingClientRect(), body, header)) continue
      const name = row.querySelector('[col-id="name"]')?.textContent
      rows.push({ pos: Number(row.getAttribute('row-index')), id: idFromName(name) })
    }
    return rows.sort((a, b) => a.pos - b.pos)
  },
  domRows: () => host.querySelectorAll('.ag-grid-scrolling-container .ag-row').length,
  headerPoint: (columnId) => {
    const cell = host.querySelector(`.ag-header-cell[col-id="${CSS.escape(columnId)}"] .ag-header-cell-label`)
    const rect = cell?.getBoundingClientRect()
    return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null
  },
  searchBox: null,
})

let total: number | undefined
let totalSort = ''

const datasource: IDatasource = {
  getRows(request: IGetRowsParams) {
    const sort = request.sortModel.map((item) => `${JSON.stringify(item.colId)} ${item.sort}`).join(', ')
    const needTotal = total === undefined || sort !== totalSort
    datastoreSearch(params, {
      offset: request.startRow,
      limit: request.endRow - request.startRow,
      sort,
      includeTotal: needTotal,
    })
      .then((page) => {
        if (needTotal) {
          total = page.total
          totalSort = sort
        }
        request.successCallback(page.records, total)
      })
      .catch(() => request.failCallback())
  },
}

const columnDefs: ColDef[] = COLUMNS.map((column) => ({
  colId: column.id,
  field: column.id,
  headerName: column.id,
  width: column.width,
  sortable: true,
  // field names with spaces and dots are keys, not paths
  valueGetter: (cell) => (cell.data as Record<string, unknown> | undefined)?.[column.id],
  valueFormatter: (cell) => cellText(cell.value),
}))

createGrid(host, {
  rowModelType: 'infinite',
  datasource,
  columnDefs,
  rowHeight: ROW_HEIGHT,
  headerHeight: 40,
  cacheBlockSize: PAGE_SIZE,
  // the documented setting for large data: keep a bounded number of blocks, not every block seen
  maxBlocksInCache: 10,
  suppressFieldDotNotation: true,
})
