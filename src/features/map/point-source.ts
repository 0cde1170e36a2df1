// Where a map's points come from: every record the view matches, only the columns the map needs.
// streamPointSource reads them with the summaries' and Download's one reader (api/ckan/view-stream.ts:
// the dump where the portal can say the view, pages otherwise, with retries); pagesPointSource reads
// datastore_search pages alone. The map sees only this small interface.
import type { CkanRecord, Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { streamView } from '../../api/ckan/view-stream'
import type { ViewSource } from '../../queries/view-source'

export interface PointPage {
  records: CkanRecord[]
  /** How many records the view matches, when known. */
  total: number | undefined
}

/** Reads every matching record's `fields`, calling `onPage` for each page; stops when `signal` aborts. */
export type PointSource = (
  fields: readonly string[],
  onPage: (page: PointPage) => void,
  signal: AbortSignal,
) => Promise<void>

/** The first page is small, so that the first points show at once; then pages of CKAN's default cap. */
export const FIRST_PAGE = 5_000
export const PAGE = 32_000

/**
 * A point source reading the view's `datastore_search` pages in `_id` order (one stable order, so no
 * record is read twice or missed). `view`: the view's request (its search and filters).
 * `readPage`: one answer (the app's, which applies filters an old portal cannot in the browser).
 */
export function pagesPointSource(
  view: SearchRequest,
  readPage: (request: SearchRequest, signal: AbortSignal) => Promise<SearchResult>,
): PointSource {
  return async (fields, onPage, signal) => {
    let offset = 0
    let total: number | undefined
    for (;;) {
      const limit = offset === 0 ? FIRST_PAGE : PAGE
      const request: SearchRequest = {
        resourceId: view.resourceId,
        fields: ['_id', ...fields.filter((field) => field !== '_id')],
        sort: [{ field: '_id', desc: false }],
        limit,
        includeTotal: offset === 0,
      }
      if (offset > 0) request.offset = offset
      if (view.q !== undefined) request.q = view.q
      if (view.plain !== undefined) request.plain = view.plain
      if (view.language !== undefined) request.language = view.language
      if (view.filters) request.filters = view.filters
      const result = await readPage(request, signal)
      if (signal.aborted) return
      if (offset === 0) total = result.totalWasEstimated ? undefined : result.total
      onPage({ records: result.records, total })
      offset += result.records.length
      // a portal may cap a page below the limit asked: the answer's own limit says how many it sends
      const pageSize = Math.min(limit, result.limit ?? limit)
      if (result.records.length === 0 || result.records.length < pageSize) return
      if (total !== undefined && offset >= total) return
    }
  }
}

/** A record of `fields` from a row of values in that order. */
function recordOf(fields: readonly string[], row: readonly unknown[]): CkanRecord {
  const record: CkanRecord = {}
  fields.forEach((field, index) =>
    Object.defineProperty(record, field, { value: row[index], enumerable: true }),
  )
  return record
}

/**
 * A point source reading with the one streaming reader: the JSON dump of only the wanted columns
 * where `source` says the dump can say the view, else the view's pages.
 */
export function streamPointSource(
  portal: Portal,
  view: SearchRequest,
  source: () => Promise<ViewSource>,
): PointSource {
  return async (fields, onPage, signal) => {
    const wanted = ['_id', ...fields.filter((field) => field !== '_id')]
    const { search, dump } = await source()
    let total: number | undefined
    await streamView({
      portal,
      search,
      view,
      fields: wanted,
      dump: dump ? 'json' : null,
      signal,
      sink: {
        rows: async (rows) => onPage({ records: rows.map((row) => recordOf(wanted, row)), total }),
      },
      onProgress: (progress) => {
        total = progress.total
      },
    })
  }
}
