// Runs one export: streams the view's records (api/ckan/view-stream.ts: the dump endpoint, or
// datastore_search pages, with its retries and resumption) into the output. Anything that fails
// beyond the retries, or a cancel, aborts the file: a partial file never passes for whole.
import { streamView, type StreamProgress, type ViewStreamJob } from '../../api/ckan/view-stream'
import type { Limit } from '../../model/explorer-state'
import type { RecordOutput } from './export-outputs'
import type { ExportColumn } from './export-plan'

export type ExportProgress = StreamProgress

/** A stream of the view's records (its portal, search, dump, signal…), written to `output`. */
export interface ExportJob extends Omit<ViewStreamJob, 'fields' | 'limit' | 'sink'> {
  limit: Limit
  columns: readonly ExportColumn[]
  output: RecordOutput
}

export interface ExportOutcome {
  records: number
  via: 'dump' | 'pages'
}

export async function runExport(job: ExportJob): Promise<ExportOutcome> {
  const { output, columns, limit, ...stream } = job
  try {
    await output.start()
    const outcome = await streamView({
      ...stream,
      fields: columns.map((column) => column.id),
      ...(limit === 'all' ? {} : { limit }),
      sink: {
        // the dump's CSV goes to the file as it came, part by part
        csvBytes: async (parts) => {
          for (const part of parts) await output.csvBytes!(part)
        },
        rows: (rows) => output.rows(rows),
      },
    })
    await output.finish()
    return { records: outcome.records, via: outcome.via }
  } catch (error) {
    await output.abort().catch(() => undefined)
    throw error
  }
}
