// Runs one export: counts the view's records (unless the page knows their exact number), then streams them into the output, from the portal's
// dump endpoint (one request) or, where it has none, by datastore_search pages. A dropped
// connection, a 5xx or a 429 is tried again (up to 3 times, with backoff), from the record where
// it stopped; anything else, or a cancel, aborts the file: a partial file never passes for whole.
import { prepareDumpRequest, openDump, type DumpFormat, type DumpRequest } from '../../api/ckan/dump'
import {
  createCsvRecordSplitter,
  createDumpJsonReader,
  firstCsvRecordLength,
  type Bytes,
} from '../../api/ckan/dump-readers'
import { CkanError, isAbortError } from '../../api/ckan/errors'
import type { Portal, SearchRequest, SearchResult } from '../../api/ckan/types'
import type { Limit } from '../../model/explorer-state'
import type { RecordOutput } from './export-outputs'
import { recordRow, recordsToExport, type ExportColumn } from './export-plan'

export const MAX_RETRIES = 3
/** CKAN's default `ckan.datastore.search.rows_max`; a portal with a lower cap shows it in its answers. */
export const DEFAULT_PAGE_SIZE = 32_000

export interface ExportProgress {
  done: number
  /** Undefined when the portal does not count (an old CKAN). */
  total: number | undefined
}

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

/** Failures a new try can fix: the network, the server's own errors, too many requests. */
export function isRetriable(error: unknown): boolean {
  if (!(error instanceof CkanError)) return false
  if (error.status === 429 || (error.status !== undefined && error.status >= 500)) return true
  return error.kind === 'network' || error.kind === 'server' || error.kind === 'broken-answer'
}

/** 1 s, 2 s, 4 s. */
export function retryDelay(attempt: number): number {
  return 1000 * 2 ** (attempt - 1)
}

export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError())
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortError())
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

function abortError(): CkanError {
  return new CkanError('aborted', 'Export cancelled')
}

/** The records the portal sent fell short of its own count: the file would not be whole. */
export class IncompleteExportError extends Error {
  constructor(
    readonly records: number,
    readonly expected: number,
  ) {
    super(`The portal sent ${records} of ${expected} records`)
    this.name = 'IncompleteExportError'
  }
}

function baseRequest(view: SearchRequest): Omit<SearchRequest, 'limit'> {
  const base: Omit<SearchRequest, 'limit'> = { resourceId: view.resourceId }
  if (view.q !== undefined && view.q !== '') {
    base.q = view.q
    if (view.plain !== undefined) base.plain = view.plain
    if (view.language !== undefined) base.language = view.language
  }
  if (view.filters && Object.keys(view.filters).length > 0) base.filters = view.filters
  if (view.sort && view.sort.length > 0) base.sort = view.sort
  return base
}

export async function runExport(job: ExportJob): Promise<ExportOutcome> {
  const { signal, output } = job
  const sleep = job.sleep ?? waitFor
  const base = baseRequest(job.view)
  const ids = job.columns.map((column) => column.id)
  try {
    const withRetries = async <T>(call: () => Promise<T>): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await call()
        } catch (error) {
          if (signal.aborted || attempt > MAX_RETRIES || !isRetriable(error)) throw error
          await sleep(retryDelay(attempt), signal)
        }
      }
    }
    // the count asks for an exact total: an estimate could end the file early or late
    const matching =
      job.knownTotal ??
      (await withRetries(() => job.search({ ...base, limit: 0, includeTotal: true }, signal))).total
    const total = matching === undefined ? undefined : recordsToExport(job.limit, matching)
    const wanted = total ?? (job.limit === 'all' ? Number.POSITIVE_INFINITY : job.limit)
    job.onProgress?.({ done: 0, total })
    await output.start()

    let done = 0
    let via: ExportOutcome['via'] = job.dump ? 'dump' : 'pages'
    let failures = 0
    const cap = { pageSize: job.pageSize ?? DEFAULT_PAGE_SIZE }
    const progressed = (records: number) => {
      done += records
      failures = 0
      job.onProgress?.({ done, total })
    }
    while (done < wanted) {
      const before = done
      try {
        if (via === 'dump') {
          const request: DumpRequest = { ...base, fields: ids, offset: done }
          if (Number.isFinite(wanted)) request.limit = wanted - done
          await readDump(job, request, job.dump!, progressed)
        } else {
          await readPages(job, base, ids, { from: done, wanted }, cap, progressed)
        }
        // the source ended: a second end without a record means the portal has no more
        if (done === before) break
      } catch (error) {
        if (signal.aborted || isAbortError(error) || (error instanceof CkanError && error.kind === 'aborted'))
          throw abortError()
        if (isRetriable(error) && failures < MAX_RETRIES) {
          failures++
          await sleep(retryDelay(failures), signal)
          continue
        }
        // no dump here (404, a web page, a refusal), or one that cannot say this view: page instead
        if (via === 'dump' && done === 0) {
          via = 'pages'
          failures = 0
          continue
        }
        throw error
      }
    }
    if (total !== undefined && done < total) throw new IncompleteExportError(done, total)
    if (signal.aborted) throw abortError()
    await output.finish()
    return { records: done, via }
  } catch (error) {
    await output.abort().catch(() => undefined)
    throw error
  }
}

/** One dump request, from `request.offset`: whole records only reach the output. */
async function readDump(
  job: ExportJob,
  request: DumpRequest,
  format: DumpFormat,
  progressed: (records: number) => void,
): Promise<void> {
  const prepared = prepareDumpRequest(job.portal, request, format)
  if (!prepared) throw new CkanError('not-ckan', 'This view cannot be asked of the dump endpoint')
  const body = await openDump(prepared, format, {
    signal: job.signal,
    ...(job.fetch ? { fetch: job.fetch } : {}),
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const csv = format === 'csv' ? createCsvRecordSplitter() : null
  const json = format === 'json' ? createDumpJsonReader() : null
  let order: number[] | null = null
  let headerSeen = false
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Bytes>
      try {
        chunk = await reader.read()
      } catch (failure) {
        if (isAbortError(failure) || job.signal.aborted) throw abortError()
        throw new CkanError('network', 'The connection dropped during the dump', { cause: failure })
      }
      if (chunk.done) break
      if (csv) {
        // CSV stays bytes from the response to the file: only the header is decoded, to check it
        let { parts, records } = csv.push(chunk.value)
        if (!headerSeen && records > 0) {
          // the header is the first record, whole in the first part
          const first = parts[0]!
          const headerLength = firstCsvRecordLength(first)
          // CKAN ends the header with \r\n, the file with \n
          const header = decoder
            .decode(first.subarray(0, headerLength))
            .replace(/^\uFEFF/, '')
            .replace(/\r\n$/, '\n')
          if (header !== job.output.csvHeader) {
            throw new CkanError('contract', 'The dump’s columns are not the view’s', {
              detail: header.slice(0, 200),
            })
          }
          parts = [first.subarray(headerLength), ...parts.slice(1)]
          records--
          headerSeen = true
        }
        if (records > 0) {
          for (const part of parts) await job.output.csvBytes!(part)
          progressed(records)
        }
      } else if (json) {
        const out = json.push(decoder.decode(chunk.value, { stream: true }))
        if (out.fields) order = columnOrder(out.fields, job.columns)
        if (out.records.length > 0) {
          if (!order) throw new CkanError('contract', 'The dump gave records before its fields')
          const columnsOrder = order
          await job.output.rows(
            out.records.map((record) => columnsOrder.map((index) => record[index] ?? null)),
          )
          progressed(out.records.length)
        }
      }
    }
    if (csv && csv.rest().length > 0) throw new CkanError('broken-answer', 'The dump ended inside a record')
    if (csv && !headerSeen) throw new CkanError('broken-answer', 'The dump ended before its header')
    json?.end()
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

/** Where each column's value sits in the dump's record lists. */
function columnOrder(fields: readonly { id: string }[], columns: readonly ExportColumn[]): number[] {
  const index = new Map(fields.map((field, position) => [field.id, position]))
  return columns.map((column) => {
    const position = index.get(column.id)
    if (position === undefined) throw new CkanError('contract', `The dump has no column ${column.id}`)
    return position
  })
}

/**
 * datastore_search pages with `offset`, as large as the portal allows: a portal that sends fewer
 * records than asked while more remain has shown its cap (`rows_max`), and later pages ask for that.
 */
async function readPages(
  job: ExportJob,
  base: Omit<SearchRequest, 'limit'>,
  ids: string[],
  range: { from: number; wanted: number },
  cap: { pageSize: number },
  progressed: (records: number) => void,
): Promise<void> {
  let offset = range.from
  while (offset < range.wanted) {
    const asked = Math.min(cap.pageSize, range.wanted - offset)
    const result = await job.search(
      { ...base, fields: ids, offset, limit: asked, includeTotal: false },
      job.signal,
    )
    const got = result.records.length
    if (got === 0) return
    if (result.limit !== undefined && result.limit > 0 && result.limit < asked) cap.pageSize = result.limit
    else if (got < asked && Number.isFinite(range.wanted) && offset + got < range.wanted) cap.pageSize = got
    await job.output.rows(result.records.map((record) => recordRow(record, job.columns)))
    progressed(got)
    offset += got
    // without a count, a short page is the last one
    if (!Number.isFinite(range.wanted) && got < asked) return
  }
}
