// Runs PGlite in a worker thread. PGlite executes queries synchronously inside WebAssembly, so
// on the main thread a slow query would freeze the whole HTTP server; here it only blocks this
// worker, which the main thread can terminate when the statement timeout expires.
import { createWriteStream, openAsBlob } from 'node:fs'
import { rename } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import type { WorkerInit, WorkerRequest, WorkerResponse, WorkerStatus } from './worker-protocol.ts'

async function open(init: WorkerInit): Promise<PGlite> {
  // A file-backed Blob: the tarball is not read into memory a second time.
  if (init.snapshotFile) return PGlite.create({ loadDataDir: await openAsBlob(init.snapshotFile) })
  if (init.dataDir) return PGlite.create({ dataDir: init.dataDir })
  return PGlite.create()
}

/**
 * The open cursors of the worker's one connection. They live in one transaction, begun by the first
 * and committed with the last; while it is open, every other statement runs inside a savepoint, so
 * an error (a bad query of another request) does not abort the transaction and the cursors with it.
 */
class Cursors {
  private readonly open = new Set<string>()

  constructor(private readonly db: PGlite) {}

  /** Runs `step`, inside a savepoint when cursors are open. */
  async guarded<T>(step: () => Promise<T>): Promise<T> {
    if (this.open.size === 0) return step()
    await this.db.query('SAVEPOINT statement')
    try {
      const result = await step()
      await this.db.query('RELEASE SAVEPOINT statement')
      return result
    } catch (error) {
      await this.db.query('ROLLBACK TO SAVEPOINT statement')
      await this.db.query('RELEASE SAVEPOINT statement')
      throw error
    }
  }

  async declare(name: string, sql: string, params: unknown[]): Promise<void> {
    if (this.open.size === 0) await this.db.query('BEGIN')
    try {
      await this.guarded(() =>
        this.db.query(`DECLARE ${quoteName(name)} NO SCROLL CURSOR FOR ${sql}`, params),
      )
    } catch (error) {
      if (this.open.size === 0) await this.db.query('ROLLBACK')
      throw error
    }
    this.open.add(name)
  }

  async fetch(name: string, rows: number): Promise<unknown[]> {
    if (!this.open.has(name)) throw new Error(`cursor "${name}" does not exist`)
    const count = Math.max(1, Math.floor(rows))
    const result = await this.guarded(() => this.db.query(`FETCH ${count} FROM ${quoteName(name)}`))
    return result.rows
  }

  /** Closing a cursor this worker does not have (it replaced a stuck one) is not an error. */
  async close(name: string): Promise<void> {
    if (!this.open.delete(name)) return
    // the cursors are read-only, but the statements run beside them in savepoints (the background
    // load, a datastore_create) wrote in this transaction: a ROLLBACK would lose their work
    if (this.open.size === 0) await this.db.query('COMMIT')
    else await this.guarded(() => this.db.query(`CLOSE ${quoteName(name)}`))
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

async function handle(db: PGlite, cursors: Cursors, request: WorkerRequest): Promise<WorkerResponse> {
  try {
    switch (request.kind) {
      case 'query': {
        const result = await cursors.guarded(() => db.query(request.sql, request.params))
        return { id: request.id, ok: true, rows: result.rows }
      }
      case 'exec':
        await cursors.guarded(() => db.exec(request.sql))
        return { id: request.id, ok: true }
      case 'copy': {
        const options = request.data === undefined ? {} : { blob: new Blob([request.data as BlobPart]) }
        const result = await cursors.guarded(() => db.query(request.sql, [], options))
        const data = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : undefined
        return { id: request.id, ok: true, data }
      }
      case 'cursor-open':
        await cursors.declare(request.cursor, request.sql, request.params)
        return { id: request.id, ok: true }
      case 'cursor-fetch':
        return { id: request.id, ok: true, rows: await cursors.fetch(request.cursor, request.rows) }
      case 'cursor-close':
        await cursors.close(request.cursor)
        return { id: request.id, ok: true }
      case 'dump': {
        // Uncompressed: gzip would cost more time than the disk it saves.
        const blob = await db.dumpDataDir('none')
        const temporary = `${request.file}.${process.pid}.${request.id}.tmp`
        await pipeline(Readable.fromWeb(blob.stream() as WebReadableStream), createWriteStream(temporary))
        await rename(temporary, request.file)
        return { id: request.id, ok: true, bytes: blob.size }
      }
    }
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string }
    return { id: request.id, ok: false, message: message ?? String(error), code }
  }
}

async function main(): Promise<void> {
  const port = parentPort
  if (!port) throw new Error('pglite-worker must run in a worker thread')
  let db: PGlite
  try {
    db = await open(workerData as WorkerInit)
  } catch (error) {
    port.postMessage({ ready: false, message: (error as Error).message } satisfies WorkerStatus)
    return
  }
  // Requests are handled one at a time: PGlite has a single connection.
  let chain = Promise.resolve()
  const cursors = new Cursors(db)
  port.on('message', (request: WorkerRequest) => {
    chain = chain.then(async () => {
      const response = await handle(db, cursors, request)
      // COPY output is moved, not copied, to the main thread
      const data = response.ok ? response.data : undefined
      port.postMessage(response, data ? [data.buffer as ArrayBuffer] : [])
    })
  })
  port.postMessage({ ready: true } satisfies WorkerStatus)
}

void main()
