// Glide Data Grid (canvas) with an async page cache in the manner of Glide's own
// use-async-data-source example: getCellContent answers from loaded pages (a loading cell
// otherwise), onVisibleRegionChanged loads the pages around the visible rows with one
// datastore_search each, and updateCells repaints the cells that arrived. Unlike the example, pages
// far from the visible rows are dropped, so memory stays bounded as in the other grids.
import '@glideapps/glide-data-grid/dist/index.css'
import {
  DataEditor,
  GridCellKind,
  type DataEditorRef,
  type GridCell,
  type GridColumn,
  type Item,
  type Rectangle,
} from '@glideapps/glide-data-grid'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  COLUMNS,
  PAGE_SIZE,
  ROW_HEIGHT,
  cellText,
  datastoreSearch,
  installBench,
  readParams,
  type CkanRecord,
  type VisibleRow,
} from './shared'

const params = readParams()
const HEADER_HEIGHT = 40
/** Pages further than this from the visible ones are dropped. */
const KEEP_PAGES_AROUND = 4

const host = document.getElementById('grid')!
host.style.height = `${params.height}px`
host.style.position = 'relative'

const columns: GridColumn[] = COLUMNS.map((column) => ({
  id: column.id,
  title: column.id,
  width: column.width,
}))

interface PageCache {
  pages: Map<number, CkanRecord[]>
  loading: Set<number>
  /** Bumped on every sort change: answers for an older sort are ignored. */
  generation: number
}

let visible: Rectangle = { x: 0, y: 0, width: 0, height: 0 }
let cache: PageCache = { pages: new Map(), loading: new Set(), generation: 0 }

function recordAt(row: number): CkanRecord | undefined {
  return cache.pages.get(Math.floor(row / PAGE_SIZE))?.[row % PAGE_SIZE]
}

installBench({
  grid: 'glide',
  scroller: () => host.querySelector<HTMLElement>('.dvn-scroller'),
  visibleRows: () => {
    const rows: VisibleRow[] = []
    for (let row = visible.y; row < visible.y + visible.height; row++) {
      const id = recordAt(row)?._id
      rows.push({ pos: row, id: typeof id === 'number' ? id : null })
    }
    return rows
  },
  domRows: () => 0,
  headerPoint: (columnId) => {
    const canvas = host.querySelector('canvas')?.getBoundingClientRect()
    const index = COLUMNS.findIndex((column) => column.id === columnId)
    if (!canvas || index < 0) return null
    const left = COLUMNS.slice(0, index).reduce((sum, column) => sum + column.width, 0)
    return { x: canvas.left + left + COLUMNS[index]!.width / 2, y: canvas.top + HEADER_HEIGHT / 2 }
  },
  searchBox: null,
})

function App() {
  const gridRef = useRef<DataEditorRef>(null)
  const [rows, setRows] = useState(0)
  const [sort, setSort] = useState<{ column: string; direction: 'asc' | 'desc' } | null>(null)
  const [region, setRegion] = useState<Rectangle>(visible)
  const sortText = sort ? `${JSON.stringify(sort.column)} ${sort.direction}` : ''

  const loadPage = useCallback(
    async (page: number) => {
      const mine = cache
      mine.loading.add(page)
      const result = await datastoreSearch(params, {
        offset: page * PAGE_SIZE,
        limit: PAGE_SIZE,
        sort: sortText,
        includeTotal: page === 0,
      })
      if (mine !== cache) return
      // a page that arrives after the rows moved far away is not kept (it was dropped meanwhile)
      if (!mine.loading.has(page)) return
      mine.pages.set(page, result.records)
      if (result.total !== undefined) setRows(result.total)
      const damage: { cell: Item }[] = []
      for (let row = page * PAGE_SIZE; row < page * PAGE_SIZE + result.records.length; row++) {
        if (row < visible.y || row >= visible.y + visible.height) continue
        for (let col = 0; col < columns.length; col++) damage.push({ cell: [col, row] })
      }
      gridRef.current?.updateCells(damage)
      window.__bench.notify()
    },
    [sortText],
  )

  // a new sort starts from an empty cache and the first page (which brings the total)
  useEffect(() => {
    cache = { pages: new Map(), loading: new Set(), generation: cache.generation + 1 }
    void loadPage(0)
  }, [loadPage])

  useEffect(() => {
    const first = Math.max(0, Math.floor((region.y - PAGE_SIZE / 2) / PAGE_SIZE))
    const last = Math.floor((region.y + region.height + PAGE_SIZE / 2) / PAGE_SIZE)
    for (const page of [...cache.pages.keys(), ...cache.loading]) {
      if (page < first - KEEP_PAGES_AROUND || page > last + KEEP_PAGES_AROUND) {
        cache.pages.delete(page)
        cache.loading.delete(page)
      }
    }
    for (let page = first; page <= last && page * PAGE_SIZE < Math.max(rows, 1); page++) {
      if (!cache.loading.has(page)) void loadPage(page)
    }
  }, [region, rows, loadPage])

  const getCellContent = useCallback(([col, row]: Item): GridCell => {
    const record = recordAt(row)
    if (!record) return { kind: GridCellKind.Loading, allowOverlay: false }
    const text = cellText(record[COLUMNS[col]!.id])
    return { kind: GridCellKind.Text, data: text, displayData: text, allowOverlay: false }
  }, [])

  const onVisibleRegionChanged = useCallback((range: Rectangle) => {
    visible = range
    setRegion((old) =>
      old.x === range.x && old.y === range.y && old.width === range.width && old.height === range.height
        ? old
        : range,
    )
    window.__bench.notify()
  }, [])

  const onHeaderClicked = useCallback((col: number) => {
    const column = COLUMNS[col]!.id
    setSort((old) =>
      old?.column === column
        ? { column, direction: old.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    )
  }, [])

  const gridColumns = useMemo(() => columns, [])
  return (
    <DataEditor
      ref={gridRef}
      columns={gridColumns}
      rows={rows}
      getCellContent={getCellContent}
      onVisibleRegionChanged={onVisibleRegionChanged}
      onHeaderClicked={onHeaderClicked}
      rowHeight={ROW_HEIGHT}
      headerHeight={HEADER_HEIGHT}
      width="100%"
      height={params.height}
      smoothScrollY
    />
  )
}

createRoot(host).render(<App />)
