// Runs one export: streams the view's records (api/ckan/view-stream.ts: the dump endpoint, or
// datastore_search pages, with its retries and resumption) into the output. Anything that fails
// beyond the retries, or a cancel, aborts the file: a partial file never passes for whole.
import type { DumpFormat } from '../../api/ckan/dump'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import { streamView, type StreamProgress } from '../../api/ckan/view-stream'
import type { Limit } from '../../model/explorer-state'
import type { RecordOutput } from './export-outputs'
import type { ExportColumn } from './export-plan'

export type ExportProgress = StreamProgress

export interface ExportJob {
  portal: Portal
  /** One datastore_search call, through the explorer's client (its proxy and token rules). */
  search(request: SearchRequest, signal: AbortSignal): Promise<SearchResult>
  /** The view's request: its search, filters and sort (its own limit and offset are not read). */
  view: SearchRequest
  limit: Limit
  columns: readonly ExportColumn[]
  output: RecordOutput
  /** Whether to try the dump endpoint first (CSV keeps the dump's text; JSON and XLSX read its JSON). */
  dump: DumpFormat | null
  signal: AbortSignal
  /**
   * The view's matching records, when the page already counted them exactly (not an estimate): the
   * export then starts at once, without a count request of its own.
   */
  knownTotal?: number
  onProgress?(progress: ExportProgress): void
  fetch?: typeof fetch
  /** Waits between retries (tests pass one that does not wait). */
  sleep?(ms: number, signal: AbortSignal): Promise<void>
  pageSize?: number
}

export interface ExportOutcome {
  records: number
  via: 'dump' | 'pages'
}

export async function runExport(job: ExportJob): Promise<ExportOutcome> {
  const { output } = job
  try {
    await output.start()
    const outcome = await streamView({
      portal: job.portal,
      search: job.search,
      view: job.view,
      fields: job.columns.map((column) => column.id),
      ...(job.limit === 'all' ? {} : { limit: job.limit }),
      sink: {
        // the dump's CSV goes to the file as it came, part by part
        csvBytes: async (parts) => {
          for (const part of parts) await output.csvBytes!(part)
        },
        rows: (rows) => output.rows(rows),
      },
      dump: job.dump,
      signal: job.signal,
      ...(job.knownTotal === undefined ? {} : { knownTotal: job.knownTotal }),
      ...(job.onProgress ? { onProgress: job.onProgress } : {}),
      ...(job.fetch ? { fetch: job.fetch } : {}),
      ...(job.sleep ? { sleep: job.sleep } : {}),
      ...(job.pageSize ? { pageSize: job.pageSize } : {}),
    })
    await output.finish()
    return { records: outcome.records, via: outcome.via }
  } catch (error) {
    await output.abort().catch(() => undefined)
    throw error
  }
}
