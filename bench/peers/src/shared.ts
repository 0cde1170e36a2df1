// What every peer page shares, so the four grids differ only in the grid: the same resource from the
// same local server, the same columns and row height, the same page size, and the same benchmark
// marks on `window.__bench` (read by bench/browser-bench.ts).

/** Query parameters of a peer page: `api` (the datastore server's origin), `resource`, `height` (px). */
export interface PeerParams {
  api: string
  resource: string
  height: number
}

export function readParams(search = window.location.search): PeerParams {
  const params = new URLSearchParams(search)
  return {
    api: params.get('api') ?? window.location.origin,
    resource: params.get('resource') ?? 'generated-cities',
    height: Number(params.get('height') ?? 560),
  }
}

export const ROW_HEIGHT = 32
/** The explorer's page size (src/queries/page-plan.ts PAGE_SIZE), used by every peer that pages. */
export const PAGE_SIZE = 500

export interface PeerColumn {
  id: string
  width: number
}

/** `_id` stands in for the explorer's row-number column; then the resource's fields with the explorer's widths. */
export const COLUMNS: readonly PeerColumn[] = [
  { id: '_id', width: 90 },
  { id: 'name', width: 200 },
  { id: 'country', width: 200 },
  { id: 'city name', width: 200 },
  { id: 'year', width: 110 },
  { id: 'population', width: 136 },
  { id: 'growth %', width: 130 },
  { id: 'score', width: 130 },
  { id: 'active', width: 104 },
  { id: 'founded', width: 130 },
  { id: 'updated at', width: 190 },
  { id: 'année', width: 110 },
  { id: 'größe', width: 130 },
  { id: 'tags', width: 200 },
  { id: 'details', width: 220 },
  { id: 'notes', width: 200 },
]

export type CkanRecord = Record<string, unknown>

export interface SearchPage {
  records: CkanRecord[]
  total: number | undefined
}

export interface SearchOptions {
  offset: number
  limit: number
  /** CKAN sort syntax; `_id` when empty. */
  sort?: string
  q?: string
  includeTotal?: boolean
  signal?: AbortSignal
}

/** One `datastore_search` GET, as CKAN's own DataTables view sends it (no token, no preflight). */
export async function datastoreSearch(params: PeerParams, options: SearchOptions): Promise<SearchPage> {
  const query = new URLSearchParams({
    resource_id: params.resource,
    offset: String(options.offset),
    limit: String(options.limit),
    sort: options.sort || '_id',
  })
  if (options.q) query.set('q', options.q)
  // totals as the explorer and CKAN's DataTables view ask for them: estimated above 100,000 rows
  if (options.includeTotal === false) query.set('include_total', 'false')
  else query.set('total_estimation_threshold', '100000')
  const url = `${params.api}/api/3/action/datastore_search?${query.toString()}`
  if (window.__bench) window.__bench.requests++
  const response = await fetch(url, { signal: options.signal, credentials: 'omit' })
  const body = (await response.json()) as {
    success: boolean
    result?: { records: CkanRecord[]; total?: number }
  }
  if (!body.success || !body.result) throw new Error(`datastore_search failed (${response.status})`)
  return { records: body.result.records, total: body.result.total }
}

/** Cell text as a plain grid shows it: strings as they are, everything else as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A row on screen: its position in the grid (0-based) and the `_id` it shows (null while loading). */
export interface VisibleRow {
  pos: number
  id: number | null
}

export interface BenchHooks {
  grid: string
  requests: number
  /** The element that scrolls the rows vertically. */
  scroller(): HTMLElement | null
  /** Rows at least partly inside the grid's viewport, top to bottom. */
  visibleRows(): VisibleRow[]
  /** Rows kept in the DOM (canvas grids: 0). */
  domRows(): number
  /** Viewport point of a column header, for a real click (canvas headers have no element). */
  headerPoint(columnId: string): { x: number; y: number } | null
  /** Selector of the grid's search box, when it has one. */
  searchBox: string | null
  /** Called by canvas grids after their data changed, so waiters re-check at once. */
  notify(): void
}

declare global {
  interface Window {
    __bench: BenchHooks
  }
  var __bench: BenchHooks
}

/** Installs the page's hooks; `notify` is replaced by the harness's probe when it is present. */
export function installBench(hooks: Omit<BenchHooks, 'requests' | 'notify'>): void {
  const existing = window.__bench as Partial<BenchHooks> | undefined
  // the harness's probe (bench/in-page-probe.ts) is installed before any page script runs
  const probe = (): { check(): void } | undefined =>
    (window as unknown as { __probe?: { check(): void } }).__probe
  window.__bench = { ...hooks, requests: existing?.requests ?? 0, notify: () => probe()?.check() }
}

/** Viewport rectangle of an element, and whether a row rectangle overlaps its body part. */
export function overlapsBody(row: DOMRect, body: DOMRect, headerHeight = 0): boolean {
  return row.bottom > body.top + headerHeight + 1 && row.top < body.bottom - 1
}

/** The `_id` shown in a row: the trailing number of the generated `name` ("Köln 42" → 42). */
export function idFromName(text: string | null | undefined): number | null {
  const match = /(\d+)\s*$/.exec(text ?? '')
  return match ? Number(match[1]) : null
}
