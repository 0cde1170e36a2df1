// The `Db` of the embedded database: PGlite in worker threads, a queue in front of them, and a
// statement timeout enforced from here (PGlite cannot cancel a running statement, and it never
// fires `statement_timeout` itself).
//
// Two workers ("lanes"): the primary runs everything in order; a reader, opened from a snapshot
// of the loaded database, runs read-only queries while the primary is busy (as long as nothing was
// written since the snapshot). On a timeout the stuck worker is terminated; if it was the primary,
// the reader takes its place at once and a new reader is opened from the snapshot, so no data is
// ever reloaded.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import {
  type BulkLoadDb,
  type CopyOutOptions,
  type CursorOptions,
  QueryError,
  QueryTimeoutError,
  type QueryOptions,
} from '../ckan/types.ts'
import { QueryAbortedError } from './abort.ts'
import type { WorkerInit, WorkerRequest, WorkerResponse, WorkerStatus } from './worker-protocol.ts'

export interface PgliteWorkerDbOptions {
  /** Statement timeout in ms; 0 disables it (used while loading data). */
  timeoutMs: number
  /** Keep the database in this directory instead of memory (then there is no reader lane). */
  dataDir?: string
  /** Start from this `dumpDataDir()` tarball instead of an empty database. */
  snapshotFile?: string
  /** Where this instance writes its snapshots (default: a new temporary directory). Removed on close. */
  snapshotDir?: string
  /** Open the reader lane from `snapshotFile` at the same time as the primary (saves one opening's time). */
  standby?: boolean
  log?: (line: string) => void
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

interface Job {
  request: DistributiveOmit<WorkerRequest, 'id'>
  resolve: (response: WorkerResponse & { ok: true }) => void
  reject: (error: Error) => void
  withTimeout: boolean
  readOnly: boolean
}

interface Lane {
  worker: Worker
  /** `writeSeq` of the snapshot the worker was opened from. */
  seq: number
  running: { job: Job; id: number; timer: NodeJS.Timeout | undefined } | undefined
  /** A reader from an outdated snapshot: finishes its job, then is terminated. */
  retired: boolean
}

const workerUrl = new URL('./pglite-worker-entry.mjs', import.meta.url)

/** Rows of a dump's first COPY chunk; later chunks are sized from the bytes a row took. */
export const FIRST_COPY_ROWS = 1000
const COPY_CHUNK_BYTES = 4 * 1024 * 1024

/** Rows for a chunk of about COPY_CHUNK_BYTES, given the bytes a row took so far. */
function copyChunkRows(bytesPerRow: number): number {
  if (!(bytesPerRow > 0)) return FIRST_COPY_ROWS
  return Math.min(50_000, Math.max(100, Math.floor(COPY_CHUNK_BYTES / bytesPerRow)))
}

/** Statements that cannot change the database, so a reader from the snapshot may run them. */
export function isReadOnly(sql: string): boolean {
  // Quoted identifiers and literals may contain any word (a column named "update"): ignore them.
  const code = sql.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'/g, '""')
  return (
    /^\s*(select|with)\b/i.test(code) &&
    !/\b(insert|update|delete|create|drop|alter|truncate|setval|nextval|set_config|pg_advisory\w*)\b/i.test(
      code,
    )
  )
}

export class PgliteWorkerDb implements BulkLoadDb {
  private primary: Lane | undefined
  private reader: Lane | undefined
  private readerStarting = false
  private restartReader = false
  private readonly queue: Job[] = []
  private nextId = 1
  private nextCursor = 1
  /** The tarball replacement and reader workers open (on disk: it can be gigabytes). */
  private snapshot: string | undefined
  private snapshotDir: string | undefined
  private snapshotCount = 0
  private readonly ownSnapshots: string[] = []
  /** Counts statements that may write; a snapshot (and a reader) is current iff it saw them all. */
  private writeSeq = 0
  private snapshotSeq = 0
  private snapshotPending = false
  private closed = false
  /** How many times a worker was replaced after a timeout or crash (for tests and logs). */
  replacements = 0
  timeoutMs: number

  private constructor(private readonly options: PgliteWorkerDbOptions) {
    this.timeoutMs = options.timeoutMs
    this.snapshot = options.snapshotFile
  }

  static async open(options: PgliteWorkerDbOptions): Promise<PgliteWorkerDb> {
    const db = new PgliteWorkerDb(options)
    const opening = db.spawnWorker()
    if (options.standby) db.prepareStandby()
    const { worker, seq } = await opening
    db.primary = db.newLane(worker, seq)
    return db
  }

  /** Runs a statement; with `signal`, it is dropped (QueryAbortedError) if that aborts while it waits. */
  query<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    { signal }: QueryOptions = {},
  ): Promise<{ rows: Row[] }> {
    return this.runQuery<Row>(sql, params, signal, true)
  }

  /**
   * A cursor in the primary worker (a reader may be replaced by a newer snapshot at any time). Each
   * FETCH is a job of its own, so other requests' statements run between two chunks.
   */
  cursor<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    { chunkRows, signal }: CursorOptions,
  ): AsyncGenerator<Row[]> {
    return this.readCursor(sql, params, false, signal, async (cursor) => {
      const response = await this.enqueue({ kind: 'cursor-fetch', cursor, rows: chunkRows }, { signal })
      const rows = (response.rows ?? []) as Row[]
      return { chunk: rows.length > 0 ? rows : undefined, last: rows.length < chunkRows }
    })
  }

  /**
   * The rows of `select` as CSV (or TSV) written by PostgreSQL's COPY, a chunk at a time from a
   * cursor in the primary worker (PGlite's own COPY would write the whole result into one blob).
   * A chunk is fetched only when the loop asks for it; chunks aim at some 4 MiB each.
   */
  copyOut(
    select: string,
    params: unknown[],
    { delimiter, signal }: CopyOutOptions,
  ): AsyncGenerator<Uint8Array> {
    let rows = FIRST_COPY_ROWS
    return this.readCursor(select, params, true, signal, async (cursor) => {
      const response = await this.enqueue({ kind: 'cursor-copy', cursor, rows, delimiter }, { signal })
      const copied = response.copied ?? 0
      const last = copied < rows
      if (!last) rows = copyChunkRows((response.data?.length ?? 0) / copied)
      return { chunk: response.data?.length ? response.data : undefined, last }
    })
  }

  /**
   * Opens a cursor on `sql`, yields what `read` takes from it until `read` says it was the last, and
   * closes it however the loop ends (done, stopped early, aborted or failed).
   */
  private async *readCursor<Chunk>(
    sql: string,
    params: unknown[],
    forCopy: boolean,
    signal: AbortSignal | undefined,
    read: (cursor: string) => Promise<{ chunk: Chunk | undefined; last: boolean }>,
  ): AsyncGenerator<Chunk> {
    const cursor = `cursor_${this.nextCursor++}`
    await this.enqueue({ kind: 'cursor-open', cursor, sql, params, forCopy }, { signal })
    try {
      for (;;) {
        if (signal?.aborted) throw new QueryAbortedError()
        const { chunk, last } = await read(cursor)
        if (chunk !== undefined) yield chunk
        if (last) return
      }
    } finally {
      // if the worker was replaced meanwhile, the new one has no such cursor: that is fine
      await this.enqueue({ kind: 'cursor-close', cursor }).catch(() => undefined)
    }
  }

  exec(sql: string): Promise<void> {
    return this.runExec(sql, true)
  }

  /**
   * Runs `COPY … FROM '/dev/blob'` with `data` (COPY text, or bytes for binary COPY, which are moved
   * to the worker) as the blob: a whole batch of rows in one message.
   */
  copyFrom(sql: string, data: string | Uint8Array): Promise<void> {
    return this.runCopyFrom(sql, data, true)
  }

  /** Runs `COPY … TO '/dev/blob'` and returns the bytes it wrote. */
  async copyTo(sql: string): Promise<Uint8Array> {
    const response = await this.enqueue({ kind: 'copy', sql })
    return response.data ?? new Uint8Array()
  }

  /**
   * This database for a load that runs while it serves: the same queue, but its statements are never
   * cut by the statement timeout (building an index may take longer than any search may).
   */
  untimed(): BulkLoadDb {
    return {
      query: <Row>(sql: string, params: unknown[] = []) => this.runQuery<Row>(sql, params, undefined, false),
      exec: (sql: string) => this.runExec(sql, false),
      copyFrom: (sql: string, data: string | Uint8Array) => this.runCopyFrom(sql, data, false),
      copyTo: (sql: string) => this.copyTo(sql),
      openScratch: () => this.openScratch(),
    }
  }

  private async runQuery<Row>(
    sql: string,
    params: unknown[],
    signal: AbortSignal | undefined,
    withTimeout: boolean,
  ): Promise<{ rows: Row[] }> {
    if (signal?.aborted) throw new QueryAbortedError()
    const readOnly = isReadOnly(sql)
    if (!readOnly) this.writeSeq++
    const response = await this.enqueue({ kind: 'query', sql, params }, { readOnly, signal, withTimeout })
    return { rows: (response.rows ?? []) as Row[] }
  }

  private async runExec(sql: string, withTimeout: boolean): Promise<void> {
    this.writeSeq++
    await this.enqueue({ kind: 'exec', sql }, { withTimeout })
  }

  private async runCopyFrom(sql: string, data: string | Uint8Array, withTimeout: boolean): Promise<void> {
    this.writeSeq++
    await this.enqueue({ kind: 'copy', sql, data }, { withTimeout })
  }

  /**
   * Opens an empty in-memory database on a thread of its own, to compute beside this one while
   * loading (createResource computes `_full_text` there). Close it when done.
   */
  async openScratch(): Promise<PgliteWorkerDb> {
    return PgliteWorkerDb.open({ timeoutMs: 0, log: this.options.log })
  }

  /**
   * Keeps a copy of the current database in memory for replacement and reader workers. Call after
   * loading; later writes trigger a fresh snapshot when the queue is idle.
   */
  async takeSnapshot(): Promise<number> {
    if (this.options.dataDir) return 0 // the directory itself is the snapshot
    const seq = this.writeSeq // the dump runs after every write queued so far
    this.snapshotPending = true
    try {
      this.snapshotDir ??=
        this.options.snapshotDir ?? (await mkdtemp(path.join(tmpdir(), 'pglite-snapshots-')))
      const file = path.join(this.snapshotDir, `snapshot-${++this.snapshotCount}.tar`)
      const bytes = await this.dumpTo(file)
      this.snapshot = file
      this.snapshotSeq = seq
      this.ownSnapshots.push(file)
      // Keep the previous one a while: a worker may still be opening it.
      while (this.ownSnapshots.length > 2) await rm(this.ownSnapshots.shift()!, { force: true })
      return bytes
    } finally {
      this.snapshotPending = false
    }
  }

  /**
   * Writes the database as a `dumpDataDir()` tarball to `file`, from memory or from a data
   * directory (main.ts loads in a directory, then serves from memory: see docs/server.md).
   */
  async dumpTo(file: string): Promise<number> {
    const response = await this.enqueue({ kind: 'dump', file }, { withTimeout: false })
    return response.bytes ?? 0
  }

  /** Statements waiting for a worker (for tests and logs). */
  get waiting(): number {
    return this.queue.length
  }

  /** Whether the primary worker is running a statement (for tests and logs). */
  get busy(): boolean {
    return this.primary?.running !== undefined
  }

  /** Opens the reader lane from the current snapshot (replacing an outdated reader). */
  prepareStandby(): void {
    // Two PGlite instances must never share one data dir, so data-dir mode has no reader.
    if (this.closed || this.options.dataDir || !this.snapshot) return
    if (this.readerStarting) {
      this.restartReader = true // a newer snapshot exists: open another reader when this one is up
      return
    }
    if (this.reader) this.retire(this.reader)
    this.reader = undefined
    this.readerStarting = true
    this.spawnWorker()
      .then(({ worker, seq }) => {
        this.readerStarting = false
        if (this.closed) return void worker.terminate()
        this.reader = this.newLane(worker, seq)
        if (this.restartReader || seq !== this.snapshotSeq) {
          this.restartReader = false
          this.prepareStandby()
        }
        this.pump()
      })
      .catch((error: Error) => {
        this.readerStarting = false
        this.options.log?.(`reader worker failed to start: ${error.message}`)
      })
  }

  /** Resolves once the reader lane is open (for tests and benchmarks). */
  async standbyReady(timeoutMs = 120_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    const ready = (): boolean =>
      this.reader?.seq === this.snapshotSeq && !this.readerStarting && !this.snapshotPending
    while (!ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    return ready()
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new Error('database closed'))
    const lanes = [this.primary, this.reader].filter((lane): lane is Lane => lane !== undefined)
    this.primary = this.reader = undefined
    // Remove the snapshots first: terminating a busy worker can take seconds, and a process being
    // shut down may be killed before that. (Workers already opened them; files are not needed.)
    if (this.snapshotDir) await rm(this.snapshotDir, { recursive: true, force: true })
    await Promise.all(lanes.map((lane) => lane.worker.terminate()))
  }

  private enqueue(
    request: Job['request'],
    {
      withTimeout = true,
      readOnly = false,
      signal,
    }: { withTimeout?: boolean; readOnly?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<WorkerResponse & { ok: true }> {
    if (this.closed) return Promise.reject(new Error('database closed'))
    return new Promise((resolve, reject) => {
      const job: Job = { request, resolve, reject, withTimeout, readOnly }
      if (signal) {
        // While the job waits, an abort takes it out of the queue; once dispatched it runs to the end.
        const drop = (): void => {
          const index = this.queue.indexOf(job)
          if (index < 0) return
          this.queue.splice(index, 1)
          reject(new QueryAbortedError())
          this.pump() // a dropped head may have held back reads the reader can take
        }
        signal.addEventListener('abort', drop, { once: true })
        job.resolve = (response) => {
          signal.removeEventListener('abort', drop)
          resolve(response)
        }
        job.reject = (error) => {
          signal.removeEventListener('abort', drop)
          reject(error)
        }
      }
      this.queue.push(job)
      this.pump()
    })
  }

  /** Hands queued jobs to idle lanes, in order. */
  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const head = this.queue[0]!
      let lane: Lane | undefined
      if (this.primary && !this.primary.running) lane = this.primary
      else if (this.reader && !this.reader.running && head.readOnly && this.reader.seq === this.writeSeq) {
        lane = this.reader
      }
      if (!lane) return
      this.queue.shift()
      this.dispatch(lane, head)
    }
    this.refreshSnapshotWhenIdle()
  }

  private dispatch(lane: Lane, job: Job): void {
    const id = this.nextId++
    const timer =
      this.timeoutMs > 0 && job.withTimeout
        ? setTimeout(() => this.onTimeout(lane, id), this.timeoutMs)
        : undefined
    lane.running = { job, id, timer }
    const { request } = job
    // bytes of a binary COPY are moved to the worker, not copied (they can be megabytes)
    const transfer =
      request.kind === 'copy' && request.data instanceof Uint8Array ? [request.data.buffer] : []
    lane.worker.postMessage({ ...request, id } as WorkerRequest, transfer as ArrayBuffer[])
  }

  private refreshSnapshotWhenIdle(): void {
    if (this.snapshotSeq === this.writeSeq || this.snapshotPending || !this.snapshot || this.options.dataDir)
      return
    if (this.primary?.running) return
    this.takeSnapshot()
      .then(() => this.prepareStandby())
      .catch((error: Error) => this.options.log?.(`snapshot failed: ${error.message}`))
  }

  private onResponse(lane: Lane, response: WorkerResponse): void {
    const running = lane.running
    if (!running || running.id !== response.id) return
    clearTimeout(running.timer)
    lane.running = undefined
    if (response.ok) running.job.resolve(response)
    else {
      const { request } = running.job
      const sql = 'sql' in request ? request.sql : ''
      const params = 'params' in request ? request.params : []
      running.job.reject(new QueryError(response.message, sql, params))
    }
    if (lane.retired) void lane.worker.terminate()
    this.pump()
  }

  private onTimeout(lane: Lane, id: number): void {
    const running = lane.running
    if (!running || running.id !== id) return
    lane.running = undefined
    running.job.reject(new QueryTimeoutError())
    this.replace(lane, `statement timeout after ${this.timeoutMs} ms`)
  }

  /** Terminates a lane's worker and restores service: the reader becomes primary if needed. */
  private replace(lane: Lane, reason: string): void {
    this.replacements++
    this.options.log?.(`replacing database worker: ${reason}`)
    // A worker stuck in WebAssembly can take seconds to terminate: do not wait for it.
    const terminated = lane.worker.terminate()
    if (lane === this.reader) {
      this.reader = undefined
      this.prepareStandby()
      return
    }
    if (lane !== this.primary) return
    this.primary = undefined
    if (this.snapshotSeq !== this.writeSeq) {
      this.options.log?.('writes made since the last snapshot are lost with the stuck worker')
    }
    if (this.reader && this.reader.seq === this.snapshotSeq) {
      this.primary = this.reader
      this.reader = undefined
      this.prepareStandby()
      this.pump()
      return
    }
    const started = Date.now()
    void (async () => {
      // Without a reader (data-dir mode, or still starting) the old worker must be gone first.
      if (this.options.dataDir) await terminated
      try {
        const { worker, seq } = await this.spawnWorker()
        if (this.closed) return void worker.terminate()
        this.primary = this.newLane(worker, seq)
        this.options.log?.(`database worker replaced in ${Date.now() - started} ms`)
        this.prepareStandby()
        this.pump()
      } catch (error) {
        this.options.log?.(`database worker failed to start: ${(error as Error).message}`)
        for (const job of this.queue.splice(0)) job.reject(error as Error)
      }
    })()
  }

  private retire(lane: Lane): void {
    lane.retired = true
    if (!lane.running) void lane.worker.terminate()
  }

  private newLane(worker: Worker, seq: number): Lane {
    const lane: Lane = { worker, seq, running: undefined, retired: false }
    worker.on('message', (message: WorkerResponse) => this.onResponse(lane, message))
    worker.on('exit', () => {
      if (this.closed || lane.retired || (lane !== this.primary && lane !== this.reader)) return
      const running = lane.running
      lane.running = undefined
      if (running) {
        clearTimeout(running.timer)
        running.job.reject(new Error('database worker crashed'))
      }
      this.replace(lane, 'worker exited unexpectedly')
    })
    return lane
  }

  /** Starts a worker and resolves once its database is open. */
  private spawnWorker(): Promise<{ worker: Worker; seq: number }> {
    const init: WorkerInit = { snapshotFile: this.snapshot, dataDir: this.options.dataDir }
    const seq = this.snapshotSeq
    const worker = new Worker(workerUrl, { workerData: init })
    return new Promise((resolve, reject) => {
      let ready = false
      worker.once('message', (message: WorkerStatus) => {
        if (message.ready) {
          ready = true
          resolve({ worker, seq })
        } else {
          reject(new Error(message.message))
          void worker.terminate()
        }
      })
      worker.on('error', (error) => {
        if (!ready) reject(error)
        else this.options.log?.(`database worker error: ${error.message}`)
      })
      worker.on('exit', () => {
        if (!ready) reject(new Error('database worker exited while starting'))
      })
    })
  }
}
