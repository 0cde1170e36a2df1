// Every matching record of a view, streamed: from the portal's dump endpoint (one request, only the
// columns asked for) or, where it has none, by datastore_search pages within the portal's row cap.
// A dropped connection, a 5xx or a 429 is tried again (up to 3 times, with backoff), from the record
// where it stopped. Whole records only reach the sink. The one reader of "all the records of a view":
// Download writes them to a file, the summaries and the map fold them in a worker. No React.
import { openDump, prepareDumpRequest, type DumpFormat, type DumpRequest } from './dump'
import {
  createCsvRecordSplitter,
  createDumpJsonReader,
  firstCsvRecordLength,
  readCsvRecords,
  type Bytes,
} from './dump-readers'
import { CkanError, isAbortError } from './errors'
import type { CkanRecord, Portal, SearchRequest, SearchResult } from './types'

export const MAX_RETRIES = 3
/**
 * A dump's chunk is scanned for whole records this much at a time, the page's other work let in
 * between: a network chunk can be megabytes, and its scan on the page's thread a long task.
 */
export const SCAN_BYTES = 256 << 10
/** A task of reading (chunks already arrived resolve at once) ends after this long, for the page's other work. */
const YIELD_EVERY_MS = 4
/** CKAN's default `ckan.datastore.search.rows_max`; a portal with a lower cap shows it in its answers. */
export const DEFAULT_PAGE_SIZE = 32_000

export interface StreamProgress {
  /** Whole records handed to the sink so far. */
  done: number
  /** The matching records (up to the limit); undefined until counted, or when the portal does not count. */
  total: number | undefined
}

/**
 * A dump's CSV answers as the network gave them, for a sink that finds the records itself (in a
 * worker: the page then only moves bytes). It checks the header, and counts the whole records.
 */
export interface RawCsvSink {
  /** An answer starts; its header comes first. */
  begin(): void
  /** Its next bytes, cut anywhere (handed over); resolves with its whole records folded so far. */
  bytes(chunk: Bytes): Promise<number>
  /** Once all it was given is in: its whole records, whether its header named the fields, a cut record. */
  end(): Promise<{ records: number; header: 'ok' | 'other' | 'none'; names?: string[]; cut: number }>
}

/** Where the records go; a slow sink slows the reading (each call is awaited). */
export interface ViewSink {
  /** Takes the dump's CSV answers whole, in place of `csvBytes` (only when `dump` is 'csv'). */
  csvRaw?: RawCsvSink
  /**
   * Whole CSV records as the dump wrote them, without its header, the values in `fields` order:
   * bytes, never decoded here, in parts (views of the response's chunks, in order; only when `dump`
   * is 'csv').
   */
  csvBytes?(parts: readonly Bytes[], records: number): Promise<void>
  /** Records as lists of values in `fields` order (the JSON dump's lists, or datastore_search's records). */
  rows(rows: readonly (readonly unknown[])[]): Promise<void>
}

export interface ViewStreamJob {
  portal: Portal
  /** One datastore_search call, through the explorer's client (its proxy and token rules). */
  search(request: SearchRequest, signal: AbortSignal): Promise<SearchResult>
  /** The view's request: its search, filters and sort are read (its own limit and offset are not). */
  view: SearchRequest
  /** The columns wanted, in order. */
  fields: readonly string[]
  /** The most records wanted; undefined: every matching record. */
  limit?: number
  /** The view's matching records, when the page counted them exactly: no count request then. */
  knownTotal?: number
  sink: ViewSink
  /** Whether to try the dump endpoint first, and in which format; null: pages only. */
  dump: DumpFormat | null
  signal: AbortSignal
  onProgress?(progress: StreamProgress): void
  fetch?: typeof fetch
  /** Waits between retries (tests pass one that does not wait). */
  sleep?(ms: number, signal: AbortSignal): Promise<void>
  /** The largest page asked for (the portal's cap is learnt below it). */
  pageSize?: number
}

export interface ViewStreamOutcome {
  records: number
  via: 'dump' | 'pages'
  /** The matching records up to the limit, as the portal counted them (undefined: it does not count). */
  total: number | undefined
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

/** Lets the page's other tasks run (input, drawing) before going on; no 4 ms clamp, unlike setTimeout. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

function abortError(): CkanError {
  return new CkanError('aborted', 'Reading the records was cancelled')
}

/** Whether a failure is the reader being cancelled (by its signal), not the portal failing. */
export function isCancelled(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || isAbortError(error) || (error instanceof CkanError && error.kind === 'aborted')
}

/** The records the portal sent fell short of its own count: what was read is not every record. */
export class IncompleteStreamError extends Error {
  constructor(
    readonly records: number,
    readonly expected: number,
  ) {
    super(`The portal sent ${records} of ${expected} records`)
    this.name = 'IncompleteStreamError'
  }
}

export type StreamFailure =
  | { kind: 'network' }
  | { kind: 'server' }
  | { kind: 'busy' }
  | { kind: 'incomplete'; records: number; total: number }
  | { kind: 'refused'; detail: string }
  /** A range the portal (before CKAN 2.12) cannot apply, over more records than the browser can filter. */
  | { kind: 'operators' }

/** Why reading the records failed, for the words of whoever shows it; null when not the portal's doing. */
export function streamFailure(error: unknown): StreamFailure | null {
  if (error instanceof IncompleteStreamError)
    return { kind: 'incomplete', records: error.records, total: error.expected }
  if (!(error instanceof CkanError)) return null
  if (error.status === 429) return { kind: 'busy' }
  if (error.kind === 'network' || error.kind === 'cors' || error.kind === 'slow-portal')
    return { kind: 'network' }
  if (error.kind === 'server' || error.kind === 'timeout' || error.kind === 'broken-answer')
    return { kind: 'server' }
  if (error.kind === 'operators-unsupported') return { kind: 'operators' }
  const detail = error.fieldErrors
    ? Object.entries(error.fieldErrors)
        .map(([key, messages]) => `${key}: ${messages.join('; ')}`)
        .join(', ')
    : error.message
  return { kind: 'refused', detail }
}

/**
 * What narrows the view: its resource, search and filters, never its sort, fields, limit or offset.
 * The one home of that rule for whatever reads all of a view's records (the stream below, the
 * summaries and their code).
 */
export function viewScope(view: SearchRequest): Omit<SearchRequest, 'limit'> {
  const scope: Omit<SearchRequest, 'limit'> = { resourceId: view.resourceId }
  if (view.q) {
    scope.q = view.q
    if (view.plain !== undefined) scope.plain = view.plain
    if (view.language !== undefined) scope.language = view.language
  }
  if (view.filters && Object.keys(view.filters).length > 0) scope.filters = view.filters
  return scope
}

/** What narrows and orders the view: its scope and its sort. */
function baseRequest(view: SearchRequest): Omit<SearchRequest, 'limit'> {
  const base = viewScope(view)
  if (view.sort && view.sort.length > 0) base.sort = view.sort
  return base
}

/** A record's values in the fields' order (a missing key is null). */
export function recordValues(record: CkanRecord, fields: readonly string[]): unknown[] {
  return fields.map((id) => (Object.hasOwn(record, id) ? record[id] : null))
}

/**
 * Streams the view's records into the sink. The count (an exact total, for the progress and to
 * know the reading is whole) is asked for alongside the records, not before them. Throws
 * IncompleteStreamError when the portal sent fewer records than it counted, CkanError 'aborted'
 * when cancelled, and the portal's error when it fails beyond the retries.
 */
export async function streamView(job: ViewStreamJob): Promise<ViewStreamOutcome> {
  const { signal } = job
  const sleep = job.sleep ?? waitFor
  const base = baseRequest(job.view)
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
  const limit = job.limit ?? Number.POSITIVE_INFINITY
  const progress = { done: 0, total: undefined as number | undefined, counted: false }
  const report = () => job.onProgress?.({ done: progress.done, total: progress.total })
  // the count asks for an exact total: an estimate could end the reading early or call it whole
  const counting = (
    job.knownTotal === undefined
      ? withRetries(() => job.search({ ...base, limit: 0, includeTotal: true }, signal))
      : Promise.resolve({ total: job.knownTotal })
  ).then((counted) => {
    progress.counted = true
    if (counted.total !== undefined) progress.total = Math.min(limit, counted.total)
    report()
  })
  // a failed count fails the reading, but only once the reading has had its say
  counting.catch(() => undefined)
  const wanted = () => progress.total ?? limit

  let via: ViewStreamOutcome['via'] = job.dump ? 'dump' : 'pages'
  let failures = 0
  const cap = { pageSize: job.pageSize ?? DEFAULT_PAGE_SIZE }
  const progressed = (records: number) => {
    progress.done += records
    failures = 0
    report()
  }
  try {
    while (progress.done < wanted()) {
      const before = progress.done
      try {
        if (via === 'dump') {
          const request: DumpRequest = { ...base, fields: job.fields, offset: progress.done }
          if (Number.isFinite(wanted())) request.limit = wanted() - progress.done
          await readDump(job, request, job.dump!, progressed)
          // the dump ended: whether that is every record, the count says (a cut answer is resumed)
          await counting.catch(() => undefined)
        } else {
          // pages need the count first: without one, a short page would be taken for the last
          if (!progress.counted) await counting
          await readPages(job, base, { from: progress.done, wanted: wanted() }, cap, progressed)
        }
        // the source ended: a second end without a record means the portal has no more
        if (progress.done === before) break
      } catch (error) {
        if (isCancelled(error, signal)) throw abortError()
        if (isRetriable(error) && failures < MAX_RETRIES) {
          failures++
          await sleep(retryDelay(failures), signal)
          continue
        }
        // no dump here (404, a web page, a refusal), or one that cannot say this view: page instead
        if (via === 'dump' && progress.done === 0) {
          via = 'pages'
          failures = 0
          continue
        }
        throw error
      }
    }
    await counting
  } catch (error) {
    if (isCancelled(error, signal)) throw abortError()
    throw error
  }
  if (progress.total !== undefined && progress.done < progress.total)
    throw new IncompleteStreamError(progress.done, progress.total)
  if (signal.aborted) throw abortError()
  return { records: progress.done, via, total: progress.total }
}

/** The names of a CSV header record (its bytes, line end included). */
function headerNames(bytes: Bytes): string[] {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
  let names: string[] = []
  readCsvRecords(text, (values) => {
    names = values.map((value) => value ?? '')
  })
  return names
}

/** The dump's next chunk; a dropped connection is a network failure (tried again), a cancel is a cancel. */
async function readChunk(
  reader: ReadableStreamDefaultReader<Bytes>,
  signal: AbortSignal,
): Promise<ReadableStreamReadResult<Bytes>> {
  try {
    return await reader.read()
  } catch (failure) {
    if (isAbortError(failure) || signal.aborted) throw abortError()
    throw new CkanError('network', 'The connection dropped during the dump', { cause: failure })
  }
}

/** The dump's header named other columns than the ones asked for. */
function otherColumns(names: readonly string[]): CkanError {
  return new CkanError('contract', 'The dump’s columns are not the ones asked for', {
    detail: names.join(',').slice(0, 200),
  })
}

/** One dump request, from `request.offset`: whole records only reach the sink. */
async function readDump(
  job: ViewStreamJob,
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
  if (format === 'csv' && job.sink.csvRaw) return readRawCsv(job, job.sink.csvRaw, reader, progressed)
  const decoder = new TextDecoder()
  const csv = format === 'csv' ? createCsvRecordSplitter() : null
  const json = format === 'json' ? createDumpJsonReader() : null
  let order: number[] | null = null
  let headerSeen = false
  // CSV stays bytes: only the header is decoded, to check that it names the fields asked for
  const csvPiece = async (bytes: Bytes, seen: boolean): Promise<boolean> => {
    let { parts, records } = csv!.push(bytes)
    if (!seen && records > 0) {
      // the header is the first record, whole in the first part
      const first = parts[0]!
      const headerLength = firstCsvRecordLength(first)
      const names = headerNames(first.subarray(0, headerLength))
      if (names.length !== job.fields.length || names.some((name, index) => name !== job.fields[index]))
        throw otherColumns(names)
      parts = [first.subarray(headerLength), ...parts.slice(1)]
      records--
      seen = true
    }
    if (records > 0) {
      await job.sink.csvBytes!(parts, records)
      progressed(records)
    }
    return seen
  }
  try {
    for (;;) {
      const chunk = await readChunk(reader, job.signal)
      if (chunk.done) break
      if (csv) {
        for (let from = 0; from < chunk.value.length; from += SCAN_BYTES) {
          if (from > 0) {
            await yieldToPage()
            if (job.signal.aborted) throw abortError()
          }
          headerSeen = await csvPiece(chunk.value.subarray(from, from + SCAN_BYTES), headerSeen)
        }
      } else if (json) {
        const out = json.push(decoder.decode(chunk.value, { stream: true }))
        if (out.fields) order = columnOrder(out.fields, job.fields)
        if (out.records.length > 0) {
          if (!order) throw new CkanError('contract', 'The dump gave records before its fields')
          const columnsOrder = order
          await job.sink.rows(out.records.map((record) => columnsOrder.map((index) => record[index] ?? null)))
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

/** One CSV answer handed to a raw sink as it comes; its records are counted as the sink folds them. */
async function readRawCsv(
  job: ViewStreamJob,
  sink: RawCsvSink,
  reader: ReadableStreamDefaultReader<Bytes>,
  progressed: (records: number) => void,
): Promise<void> {
  let counted = 0
  const countTo = (records: number) => {
    if (records > counted) progressed(records - counted)
    counted = Math.max(counted, records)
  }
  sink.begin()
  let failure: unknown = null
  let since = performance.now()
  try {
    for (;;) {
      const chunk = await readChunk(reader, job.signal)
      if (chunk.done) break
      countTo(await sink.bytes(chunk.value))
      // buffered chunks resolve at once, in one task: let the page's other work in now and then
      if (performance.now() - since > YIELD_EVERY_MS) {
        await yieldToPage()
        since = performance.now()
      }
    }
  } catch (error) {
    failure = error
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  // what reached the sink is folded whole: the reading goes on from exactly there
  const end = await sink.end()
  countTo(end.records)
  if (end.header === 'other') throw otherColumns(end.names ?? [])
  if (failure) throw failure
  if (end.header === 'none') throw new CkanError('broken-answer', 'The dump ended before its header')
  if (end.cut > 0) throw new CkanError('broken-answer', 'The dump ended inside a record')
}

/** Where each field's value sits in the dump's record lists. */
function columnOrder(dumpFields: readonly { id: string }[], fields: readonly string[]): number[] {
  const index = new Map(dumpFields.map((field, position) => [field.id, position]))
  return fields.map((id) => {
    const position = index.get(id)
    if (position === undefined) throw new CkanError('contract', `The dump has no column ${id}`)
    return position
  })
}

/**
 * datastore_search pages with `offset`, as large as the portal allows: a portal that sends fewer
 * records than asked while more remain has shown its cap (`rows_max`), and later pages ask for that.
 */
async function readPages(
  job: ViewStreamJob,
  base: Omit<SearchRequest, 'limit'>,
  range: { from: number; wanted: number },
  cap: { pageSize: number },
  progressed: (records: number) => void,
): Promise<void> {
  let offset = range.from
  while (offset < range.wanted) {
    if (job.signal.aborted) throw abortError()
    const asked = Math.min(cap.pageSize, range.wanted - offset)
    const result = await job.search(
      { ...base, fields: [...job.fields], offset, limit: asked, includeTotal: false },
      job.signal,
    )
    const got = result.records.length
    if (got === 0) return
    if (result.limit !== undefined && result.limit > 0 && result.limit < asked) cap.pageSize = result.limit
    else if (got < asked && Number.isFinite(range.wanted) && offset + got < range.wanted) cap.pageSize = got
    await job.sink.rows(result.records.map((record) => recordValues(record, job.fields)))
    progressed(got)
    offset += got
    // without a count, a short page is the last one
    if (!Number.isFinite(range.wanted) && got < asked) return
  }
}
