// The `Db` of the embedded database: PGlite in a worker thread, a queue in front of it, and a
// statement timeout enforced from here (PGlite cannot cancel a running statement, and it never
// fires `statement_timeout` itself). On timeout the stuck worker is terminated and replaced by
// a fresh one opened from the last snapshot (or the on-disk data dir), so data is not reloaded.
import { Worker } from 'node:worker_threads'
import { QueryError, QueryTimeoutError, type Db } from '../ckan/types.ts'
import type { WorkerInit, WorkerRequest, WorkerResponse, WorkerStatus } from './worker-protocol.ts'

export interface PgliteWorkerDbOptions {
  /** Statement timeout in ms; 0 disables it (used while loading data). */
  timeoutMs: number
  /** Keep the database in this directory instead of memory. */
  dataDir?: string
  /** Start from this `dumpDataDir()` tarball instead of an empty database. */
  snapshot?: ArrayBuffer
  log?: (line: string) => void
}

type Job = {
  request: DistributiveOmit<WorkerRequest, 'id'>
  resolve: (response: WorkerResponse & { ok: true }) => void
  reject: (error: Error) => void
  withTimeout: boolean
}
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

const workerUrl = new URL('./pglite-worker-entry.mjs', import.meta.url)

/** Statements that cannot change the database, so they need no new snapshot. */
function isReadOnly(sql: string): boolean {
  return (
    /^\s*(select|with|explain|show)\b/i.test(sql) &&
    !/\b(insert|update|delete|create|drop|alter)\b/i.test(sql)
  )
}

export class PgliteWorkerDb implements Db {
  private worker: Worker | undefined
  /** A worker already opened from the snapshot, so a timeout is recovered from at once. */
  private standby: Promise<Worker> | undefined
  private readonly queue: Job[] = []
  private running: { job: Job; id: number; timer: NodeJS.Timeout | undefined } | undefined
  private nextId = 1
  private snapshot: ArrayBuffer | undefined
  private dirtySinceSnapshot = false
  private closed = false
  /** How many times a worker was replaced after a timeout or crash (for tests and logs). */
  replacements = 0
  timeoutMs: number

  private constructor(private readonly options: PgliteWorkerDbOptions) {
    this.timeoutMs = options.timeoutMs
    this.snapshot = options.snapshot
  }

  static async open(options: PgliteWorkerDbOptions): Promise<PgliteWorkerDb> {
    const db = new PgliteWorkerDb(options)
    await db.startWorker()
    return db
  }

  async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<{ rows: Row[] }> {
    if (!isReadOnly(sql)) this.dirtySinceSnapshot = true
    const response = await this.enqueue({ kind: 'query', sql, params })
    return { rows: (response.rows ?? []) as Row[] }
  }

  async exec(sql: string): Promise<void> {
    this.dirtySinceSnapshot = true
    await this.enqueue({ kind: 'exec', sql })
  }

  /**
   * Keeps a copy of the current database in memory; replacement workers start from it. Call
   * after loading. Later writes trigger a fresh snapshot when the queue is idle.
   */
  async takeSnapshot(): Promise<number> {
    if (this.options.dataDir) return 0 // the directory itself is the snapshot
    this.dirtySinceSnapshot = false
    const response = await this.enqueue({ kind: 'dump' }, false)
    this.snapshot = response.snapshot
    return this.snapshot?.byteLength ?? 0
  }

  /** The current snapshot (e.g. to cache it on disk). */
  get currentSnapshot(): ArrayBuffer | undefined {
    return this.snapshot
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) job.reject(new Error('database closed'))
    const standby = this.standby
    this.standby = undefined
    await Promise.all([this.worker?.terminate(), standby?.then((w) => w.terminate()).catch(() => undefined)])
    this.worker = undefined
  }

  private enqueue(request: Job['request'], withTimeout = true): Promise<WorkerResponse & { ok: true }> {
    if (this.closed) return Promise.reject(new Error('database closed'))
    return new Promise((resolve, reject) => {
      const job: Job = { request, resolve, reject, withTimeout }
      this.queue.push(job)
      this.pump()
    })
  }

  private pump(): void {
    if (this.running || !this.worker || this.closed) return
    const job = this.queue.shift()
    if (!job) {
      this.refreshSnapshotWhenIdle()
      return
    }
    const id = this.nextId++
    const timer =
      this.timeoutMs > 0 && job.withTimeout ? setTimeout(() => this.onTimeout(id), this.timeoutMs) : undefined
    this.running = { job, id, timer }
    this.worker.postMessage({ ...job.request, id } as WorkerRequest)
  }

  private refreshSnapshotWhenIdle(): void {
    if (!this.dirtySinceSnapshot || !this.snapshot || this.options.dataDir) return
    this.takeSnapshot()
      .then(() => this.prepareStandby())
      .catch((error: Error) => this.options.log?.(`snapshot failed: ${error.message}`))
  }

  /**
   * Opens a spare worker from the current snapshot (or data dir). Call after takeSnapshot();
   * later snapshots renew it. Costs one more copy of the database in memory.
   */
  prepareStandby(): void {
    // Two PGlite instances must never share one data dir, so data-dir mode has no standby.
    if (this.closed || this.options.dataDir) return
    const previous = this.standby
    const standby = this.spawnWorker()
    standby.catch((error: Error) => this.options.log?.(`standby worker failed: ${error.message}`))
    this.standby = standby
    void previous?.then((w) => w.terminate()).catch(() => undefined)
  }

  private onResponse(response: WorkerResponse): void {
    const running = this.running
    if (!running || running.id !== response.id) return
    clearTimeout(running.timer)
    this.running = undefined
    if (response.ok) running.job.resolve(response)
    else {
      const sql = 'sql' in running.job.request ? running.job.request.sql : ''
      const params = running.job.request.kind === 'query' ? running.job.request.params : []
      running.job.reject(new QueryError(response.message, sql, params))
    }
    this.pump()
  }

  private onTimeout(id: number): void {
    const running = this.running
    if (!running || running.id !== id) return
    this.running = undefined
    running.job.reject(new QueryTimeoutError())
    this.replaceWorker(`statement timeout after ${this.timeoutMs} ms`)
  }

  private replaceWorker(reason: string): void {
    const old = this.worker
    this.worker = undefined
    this.replacements++
    this.options.log?.(`replacing database worker: ${reason}`)
    const started = Date.now()
    const standby = this.standby
    this.standby = undefined
    void (async () => {
      // A worker stuck in WebAssembly can take seconds to terminate; with a standby there is
      // no need to wait for it. Without one (data-dir mode) the old one must be gone first.
      const terminated = old?.terminate()
      if (!standby) await terminated
      if (this.closed) return
      try {
        if (standby) this.adopt(await standby.catch(() => this.spawnWorker()))
        else await this.startWorker()
        this.prepareStandby()
        this.options.log?.(`database worker replaced in ${Date.now() - started} ms`)
      } catch (error) {
        this.options.log?.(`database worker failed to start: ${(error as Error).message}`)
        for (const job of this.queue.splice(0)) job.reject(error as Error)
      }
    })()
  }

  private async startWorker(): Promise<void> {
    this.adopt(await this.spawnWorker())
  }

  private adopt(worker: Worker): void {
    this.worker = worker
    worker.on('message', (message: WorkerResponse) => this.onResponse(message))
    this.pump()
  }

  /** Starts a worker and resolves once its database is open. */
  private spawnWorker(): Promise<Worker> {
    const init: WorkerInit = { snapshot: this.snapshot, dataDir: this.options.dataDir }
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
        if (!ready) return reject(error)
        this.options.log?.(`database worker error: ${error.message}`)
      })
      worker.on('exit', () => {
        if (!ready) return reject(new Error('database worker exited while starting'))
        if (this.worker !== worker || this.closed) return // terminated on purpose, or a standby
        const running = this.running
        this.running = undefined
        if (running) {
          clearTimeout(running.timer)
          running.job.reject(new Error('database worker crashed'))
        }
        this.replaceWorker('worker exited unexpectedly')
      })
    })
  }
}
