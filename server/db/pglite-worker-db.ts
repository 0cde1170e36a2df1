// The `Db` of the embedded database: PGlite in worker threads, a queue in front of them, and a
// statement timeout enforced from here (PGlite cannot cancel a running statement, and it never
// fires `statement_timeout` itself).
//
// Workers ("lanes"): the primary runs every statement that may write, and cursors, in order;
// readers run read-only queries (as long as nothing was written since they were opened), so one
// slow statement never holds up the others. Readers open a snapshot of the loaded database: a
// tarball in memory (`--load`), or their own copy of the data directory (`openReaders`). On a
// timeout the stuck worker is terminated and replaced; a reader takes the place of an in-memory
// primary at once, so no data is ever reloaded.
//
// The queue serves clients in turn (each request says who it is for): a client with many requests
// waiting does not make another client's one request wait behind all of them.
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
  /** Keep the database in this directory instead of memory (readers then open copies: openReaders). */
  dataDir?: string
  /** Start from this `dumpDataDir()` tarball instead of an empty database. */
  snapshotFile?: string
  /**
   * Where this instance writes its snapshots and the readers' copies of a data directory (default:
   * a new temporary directory). Removed on close.
   */
  snapshotDir?: string
  /** Open the readers from `snapshotFile` at the same time as the primary (saves one opening's time). */
  standby?: boolean
  /** Reader workers beside the primary (default 1). */
  readers?: number
  /**
   * A running query whose client went away is stopped (its worker replaced) once it has run this
   * long (default 1000 ms): shorter ones finish, as replacing a worker costs more than they do.
   */
  abandonAfterMs?: number
  /** `shared_buffers` of the readers of a data directory (default: PGlite's). */
  readerSharedBuffers?: string
  log?: (line: string) => void
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

interface Job {
  request: DistributiveOmit<WorkerRequest, 'id'>
  resolve: (response: WorkerResponse & { ok: true }) => void
  reject: (error: Error) => void
  withTimeout: boolean
  readOnly: boolean
  /** Whom it is for ('' for the server's own work): the queue serves clients in turn. */
  client: string
  /** Its place in the queue: the client's turn, then the order of arrival. */
  round: number
  arrival: number
}

interface Running {
  job: Job
  id: number
  started: number
  timer: NodeJS.Timeout | undefined
  /** Stops the statement once its client has gone and it has run `abandonAfterMs`. */
  abandonTimer?: NodeJS.Timeout
}

interface Lane {
  worker: Worker
  role: 'primary' | 'reader'
  /** What the worker opened; its replacement opens the same (a reader: its own copy of the directory). */
  init: WorkerInit
  /** `writeSeq` of the snapshot the worker was opened from. */
  seq: number
  running: Running | undefined
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

/** How long a retried copy for the readers waits for a dump's cursor to close. */
const CLONE_RETRY_MS = 1000

export class PgliteWorkerDb implements BulkLoadDb {
  private primary: Lane | undefined
  private readers: Lane[] = []
  private readersStarting = 0
  private readonly readerCount: number
  private readonly abandonAfterMs: number
  /** Waiting jobs, in the order they are served (see `enqueue`). */
  private readonly queue: Job[] = []
  /** The turn of the job dispatched last, and each client's last turn (see `enqueue`). */
  private round = 0
  private readonly clientRounds = new Map<string, number>()
  private arrivals = 0
  private nextId = 1
  private nextCursor = 1
  /** Cursors open in the primary: while one is, the primary is never replaced for an abandoned query. */
  private openCursors = 0
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
  /** How many times a worker was replaced after a timeout, a crash or an abandoned query. */
  replacements = 0
  /** Running queries stopped because their client went away. */
  abandoned = 0
  timeoutMs: number

  private constructor(private readonly options: PgliteWorkerDbOptions) {
    this.timeoutMs = options.timeoutMs
    this.snapshot = options.snapshotFile
    this.readerCount = options.readers ?? 1
    this.abandonAfterMs = options.abandonAfterMs ?? 1000
  }

  static async open(options: PgliteWorkerDbOptions): Promise<PgliteWorkerDb> {
    const db = new PgliteWorkerDb(options)
    const init: WorkerInit = options.dataDir
      ? { dataDir: options.dataDir }
      : options.snapshotFile
        ? { snapshotFile: options.snapshotFile }
        : {}
    const opening = db.spawnWorker(init)
    if (options.standby) db.prepareStandby()
    db.primary = db.newLane(await opening, 'primary', init, db.snapshotSeq)
    return db
  }

  /**
   * Runs a statement; with `signal`, it is dropped (QueryAbortedError) if that aborts while it
   * waits, and stopped if it aborts while it runs (see `abandonAfterMs`).
   */
  query<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    { signal, client }: QueryOptions = {},
  ): Promise<{ rows: Row[] }> {
    return this.runQuery<Row>(sql, params, signal, client, true)
  }

  /**
   * A cursor in the primary worker (a reader may be replaced by a newer snapshot at any time). Each
   * FETCH is a job of its own, so other requests' statements run between two chunks.
   */
  cursor<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    { chunkRows, signal, client }: CursorOptions,
  ): AsyncGenerator<Row[]> {
    return this.readCursor(sql, params, false, signal, client, async (cursor) => {
      const response = await this.enqueue(
        { kind: 'cursor-fetch', cursor, rows: chunkRows },
        { signal, client },
      )
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
    { delimiter, signal, client }: CopyOutOptions,
  ): AsyncGenerator<Uint8Array> {
    let rows = FIRST_COPY_ROWS
    return this.readCursor(select, params, true, signal, client, async (cursor) => {
      const response = await this.enqueue(
        { kind: 'cursor-copy', cursor, rows, delimiter },
        { signal, client },
      )
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
    client: string | undefined,
    read: (cursor: string) => Promise<{ chunk: Chunk | undefined; last: boolean }>,
  ): AsyncGenerator<Chunk> {
    const cursor = `cursor_${this.nextCursor++}`
    await this.enqueue({ kind: 'cursor-open', cursor, sql, params, forCopy }, { signal, client })
    this.openCursors++
    try {
      for (;;) {
        if (signal?.aborted) throw new QueryAbortedError()
        const { chunk, last } = await read(cursor)
        if (chunk !== undefined) yield chunk
        if (last) return
      }
    } finally {
      this.openCursors--
      // if the worker was replaced meanwhile, the new one has no such cursor: that is fine
      await this.enqueue({ kind: 'cursor-close', cursor }, { client }).catch(() => undefined)
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
      query: <Row>(sql: string, params: unknown[] = []) =>
        this.runQuery<Row>(sql, params, undefined, undefined, false),
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
    client: string | undefined,
    withTimeout: boolean,
  ): Promise<{ rows: Row[] }> {
    if (signal?.aborted) throw new QueryAbortedError()
    const readOnly = isReadOnly(sql)
    if (!readOnly) this.writeSeq++
    const response = await this.enqueue(
      { kind: 'query', sql, params },
      { readOnly, signal, client, withTimeout },
    )
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
    return PgliteWorkerDb.open({ timeoutMs: 0, readers: 0, log: this.options.log })
  }

  /**
   * Keeps a copy of the current database in memory for replacement and reader workers. Call after
   * loading; later writes trigger a fresh snapshot when the queue is idle.
   */
  async takeSnapshot(): Promise<number> {
    if (this.options.dataDir) return 0 // the directory itself is the snapshot (see openReaders)
    const seq = this.writeSeq // the dump runs after every write queued so far
    this.snapshotPending = true
    try {
      const file = path.join(await this.ownDir(), `snapshot-${++this.snapshotCount}.tar`)
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

  /** The directory of this instance's snapshots and copies, made on first use. */
  private async ownDir(): Promise<string> {
    this.snapshotDir ??= this.options.snapshotDir ?? (await mkdtemp(path.join(tmpdir(), 'pglite-snapshots-')))
    return this.snapshotDir
  }

  /**
   * Opens the readers of a database in a directory: the primary copies its directory, one copy per
   * reader (two PGlite instances must never share one), and each reader opens its own. Call once
   * the data is loaded: a reader serves only while nothing was written after its copy.
   */
  async openReaders(): Promise<void> {
    if (!this.options.dataDir || this.readerCount === 0 || this.closed) return
    const generation = ++this.snapshotCount
    const dir = await this.ownDir()
    const targets = Array.from({ length: this.readerCount }, (_, i) =>
      path.join(dir, `reader-${generation}-${i + 1}`),
    )
    const seq = this.writeSeq
    for (;;) {
      try {
        await this.enqueue({ kind: 'clone', targets }, { withTimeout: false })
        break
      } catch (error) {
        // a dump's cursor holds what ran beside it uncommitted: try again once it closed
        if (!(error instanceof QueryError) || error.message !== 'a cursor is open' || this.closed) throw error
        await new Promise((resolve) => setTimeout(resolve, CLONE_RETRY_MS))
      }
    }
    this.snapshotSeq = seq
    const old = this.readers
    this.readers = []
    for (const reader of old) this.retire(reader)
    await Promise.all(
      targets.map((target) =>
        this.startReader({ dataDir: target, sharedBuffers: this.options.readerSharedBuffers }, seq),
      ),
    )
  }

  /**
   * Writes the database as a `dumpDataDir()` tarball to `file`, from memory or from a data
   * directory (main.ts loads in a directory, then serves from memory: see docs/server.md).
   */
  async dumpTo(file: string): Promise<number> {
    const response = await this.enqueue({ kind: 'dump', file }, { withTimeout: false })
    return response.bytes ?? 0
  }

  /** Changes with every statement that may write (see Db.version). */
  version(): number {
    return this.writeSeq
  }

  /** Statements waiting for a worker (for tests and logs). */
  get waiting(): number {
    return this.queue.length
  }

  /** Whether the primary worker is running a statement (for tests and logs). */
  get busy(): boolean {
    return this.primary?.running !== undefined
  }

  /** Statements running now, in all workers (for tests and logs). */
  get running(): number {
    return [this.primary, ...this.readers].filter((lane) => lane?.running !== undefined).length
  }

  /** Readers open and up to date (for tests and logs). */
  get readersReady(): number {
    return this.readers.filter((reader) => !reader.retired && reader.seq === this.writeSeq).length
  }

  /** Opens the readers from the current in-memory snapshot (replacing outdated readers). */
  prepareStandby(): void {
    // Two PGlite instances must never share one data dir: its readers open copies (openReaders).
    if (this.closed || this.options.dataDir || !this.snapshot) return
    for (const reader of this.readers) if (reader.seq !== this.snapshotSeq) this.retire(reader)
    this.readers = this.readers.filter((reader) => !reader.retired)
    const missing = this.readerCount - this.readers.length - this.readersStarting
    for (let i = 0; i < missing; i++) {
      this.startReader({ snapshotFile: this.snapshot }, this.snapshotSeq).catch(() => undefined)
    }
  }

  /** Opens a reader from `init`; it serves once open, if nothing was written since `seq`. */
  private async startReader(init: WorkerInit, seq: number): Promise<void> {
    this.readersStarting++
    let worker: Worker
    try {
      worker = await this.spawnWorker(init)
    } catch (error) {
      this.options.log?.(`reader worker failed to start: ${(error as Error).message}`)
      throw error
    } finally {
      this.readersStarting--
    }
    if (this.closed) return void worker.terminate()
    const lane = this.newLane(worker, 'reader', init, seq)
    if (!this.options.dataDir && seq !== this.snapshotSeq) {
      // a newer snapshot was taken while it opened
      this.retire(lane)
      this.prepareStandby()
      return
    }
    this.readers.push(lane)
    this.pump()
  }

  /** Resolves once the readers are open and up to date (for tests and benchmarks). */
  async standbyReady(timeoutMs = 120_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    const ready = (): boolean =>
      this.readersStarting === 0 &&
      !this.snapshotPending &&
      this.readers.length >= this.readerCount &&
      this.readers.every((reader) => reader.seq === this.snapshotSeq)
    while (!ready() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    return ready()
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new Error('database closed'))
    const lanes = [this.primary, ...this.readers].filter((lane): lane is Lane => lane !== undefined)
    this.primary = undefined
    this.readers = []
    // Remove the snapshots first: terminating a busy worker can take seconds, and a process being
    // shut down may be killed before that. (Workers already opened them; files are not needed.)
    if (this.snapshotDir) await rm(this.snapshotDir, { recursive: true, force: true })
    await Promise.all(lanes.map((lane) => lane.worker.terminate()))
  }

  /**
   * Queues a job. Clients are served in turn (start-time fair queuing): a client's job gets the
   * turn after its previous one, but never one before the turn being served now, and the queue is
   * kept in order of turns, then of arrival. So each client waiting has one job served per round.
   */
  private enqueue(
    request: Job['request'],
    {
      withTimeout = true,
      readOnly = false,
      signal,
      client = '',
    }: {
      withTimeout?: boolean
      readOnly?: boolean
      signal?: AbortSignal | undefined
      client?: string | undefined
    } = {},
  ): Promise<WorkerResponse & { ok: true }> {
    if (this.closed) return Promise.reject(new Error('database closed'))
    return new Promise((resolve, reject) => {
      const round = Math.max(this.round, this.clientRounds.get(client) ?? 0) + 1
      this.clientRounds.set(client, round)
      const job: Job = {
        request,
        resolve,
        reject,
        withTimeout,
        readOnly,
        client,
        round,
        arrival: this.arrivals++,
      }
      if (signal) {
        const abandon = (): void => this.abandon(job)
        signal.addEventListener('abort', abandon, { once: true })
        job.resolve = (response) => {
          signal.removeEventListener('abort', abandon)
          resolve(response)
        }
        job.reject = (error) => {
          signal.removeEventListener('abort', abandon)
          reject(error)
        }
      }
      let index = this.queue.length
      while (index > 0 && this.queue[index - 1]!.round > round) index--
      this.queue.splice(index, 0, job)
      this.pump()
    })
  }

  /**
   * The client of `job` went away: a waiting job is taken out of the queue; a running query is
   * stopped once it has run `abandonAfterMs`, by replacing its worker, when that loses nothing
   * (a reader, or a primary without open cursors). Other running jobs finish.
   */
  private abandon(job: Job): void {
    const index = this.queue.indexOf(job)
    if (index >= 0) {
      this.queue.splice(index, 1)
      job.reject(new QueryAbortedError())
      this.pump() // a dropped job may have held back others
      return
    }
    const lane = [this.primary, ...this.readers].find((candidate) => candidate?.running?.job === job)
    const running = lane?.running
    if (!lane || !running || job.request.kind !== 'query' || !job.withTimeout) return
    const stop = (): void => {
      if (lane.running !== running || !this.losesNothing(lane)) return
      clearTimeout(running.timer)
      lane.running = undefined
      this.abandoned++
      job.reject(new QueryAbortedError())
      this.replace(lane, `its client went away (${(performance.now() - running.started).toFixed(0)} ms in)`)
    }
    const left = this.abandonAfterMs - (performance.now() - running.started)
    if (left <= 0) stop()
    else running.abandonTimer = setTimeout(stop, left)
  }

  /**
   * Whether replacing `lane`'s worker loses nothing: a reader holds a copy; the primary holds the
   * dump's open cursors, and in memory the writes made since the last snapshot.
   */
  private losesNothing(lane: Lane): boolean {
    if (lane.role === 'reader') return true
    if (this.openCursors > 0) return false
    return (
      this.options.dataDir !== undefined ||
      (this.snapshot !== undefined && this.snapshotSeq === this.writeSeq)
    )
  }

  /** Hands queued jobs to idle lanes, in queue order (see `laneFor`). */
  private pump(): void {
    if (this.closed) return
    let primaryWanted = false
    for (let index = 0; index < this.queue.length && this.anyLaneIdle();) {
      const job = this.queue[index]!
      const lane = this.laneFor(job, primaryWanted)
      if (lane) {
        this.queue.splice(index, 1)
        this.dispatch(lane, job)
        continue
      }
      // the first job that needs the primary keeps it: later ones must not overtake it there
      if (!job.readOnly) primaryWanted = true
      index++
    }
    this.refreshSnapshotWhenIdle()
  }

  /**
   * A read-only query goes to an idle reader that saw every write, else to the primary; anything
   * else (writes, cursors) to the primary, in order.
   */
  private laneFor(job: Job, primaryWanted: boolean): Lane | undefined {
    if (job.readOnly) {
      const reader = this.readers.find((lane) => !lane.running && !lane.retired && lane.seq === this.writeSeq)
      if (reader) return reader
    }
    if (!primaryWanted && this.primary && !this.primary.running) return this.primary
    return undefined
  }

  private anyLaneIdle(): boolean {
    return (
      (this.primary !== undefined && !this.primary.running) ||
      this.readers.some((lane) => !lane.running && !lane.retired)
    )
  }

  private dispatch(lane: Lane, job: Job): void {
    const id = this.nextId++
    this.round = Math.max(this.round, job.round)
    // forget the turns of clients who have no job ahead of the current round
    if (this.clientRounds.size > 1000) {
      for (const [client, round] of this.clientRounds)
        if (round <= this.round) this.clientRounds.delete(client)
    }
    const timer =
      this.timeoutMs > 0 && job.withTimeout
        ? setTimeout(() => this.onTimeout(lane, id), this.timeoutMs)
        : undefined
    lane.running = { job, id, timer, started: performance.now() }
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
    clearTimeout(running.abandonTimer)
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
    clearTimeout(running.abandonTimer)
    lane.running = undefined
    running.job.reject(new QueryTimeoutError())
    this.replace(lane, `statement timeout after ${this.timeoutMs} ms`)
  }

  /** Terminates a lane's worker and restores service (see the comment at the top). */
  private replace(lane: Lane, reason: string): void {
    this.replacements++
    this.options.log?.(`replacing database worker: ${reason}`)
    // A worker stuck in WebAssembly can take seconds to terminate: do not wait for it.
    const terminated = lane.worker.terminate()
    if (lane.role === 'reader') {
      this.readers = this.readers.filter((reader) => reader !== lane)
      if (lane.retired) return
      if (!this.options.dataDir) return this.prepareStandby()
      // its own copy of the directory: reopened once the old worker let go of it
      void terminated
        .then(() => this.startReader(lane.init, lane.seq))
        .catch((error: Error) => this.options.log?.(`reader worker failed to start: ${error.message}`))
      return
    }
    if (lane !== this.primary) return
    this.primary = undefined
    if (!this.options.dataDir && this.snapshotSeq !== this.writeSeq) {
      this.options.log?.('writes made since the last snapshot are lost with the stuck worker')
    }
    const standby = this.options.dataDir
      ? undefined
      : this.readers.find((reader) => reader.seq === this.snapshotSeq && !reader.retired)
    if (standby) {
      // in memory, a reader holds the same data: it takes over at once
      this.readers = this.readers.filter((reader) => reader !== standby)
      standby.role = 'primary'
      this.primary = standby
      this.prepareStandby()
      this.pump()
      return
    }
    const started = Date.now()
    const init: WorkerInit = this.options.dataDir
      ? lane.init
      : this.snapshot
        ? { snapshotFile: this.snapshot }
        : lane.init
    void (async () => {
      // In a directory, the old worker must be gone first.
      if (this.options.dataDir) await terminated
      try {
        const worker = await this.spawnWorker(init)
        if (this.closed) return void worker.terminate()
        this.primary = this.newLane(
          worker,
          'primary',
          init,
          this.options.dataDir ? lane.seq : this.snapshotSeq,
        )
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

  private newLane(worker: Worker, role: Lane['role'], init: WorkerInit, seq: number): Lane {
    const lane: Lane = { worker, role, init, seq, running: undefined, retired: false }
    worker.on('message', (message: WorkerResponse) => this.onResponse(lane, message))
    worker.on('exit', () => {
      if (this.closed || lane.retired || (lane !== this.primary && !this.readers.includes(lane))) return
      const running = lane.running
      lane.running = undefined
      if (running) {
        clearTimeout(running.timer)
        clearTimeout(running.abandonTimer)
        running.job.reject(new Error('database worker crashed'))
      }
      this.replace(lane, 'worker exited unexpectedly')
    })
    return lane
  }

  /** Starts a worker on `init` and resolves once its database is open. */
  private spawnWorker(init: WorkerInit): Promise<Worker> {
    const worker = new Worker(workerUrl, { workerData: init })
    return new Promise((resolve, reject) => {
      let ready = false
      worker.once('message', (message: WorkerStatus) => {
        if (message.ready) {
          ready = true
          resolve(worker)
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
