// Runs PGlite in a worker thread. PGlite executes queries synchronously inside WebAssembly, so
// on the main thread a slow query would freeze the whole HTTP server; here it only blocks this
// worker, which the main thread can terminate when the statement timeout expires.
import { createWriteStream, openAsBlob } from 'node:fs'
import { cp, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { quoteIdent, quoteLiteral } from '../ckan/identifiers.ts'
import { copyCsvOptions } from './copy-params.ts'
import type { WorkerInit, WorkerRequest, WorkerResponse, WorkerStatus } from './worker-protocol.ts'

/** What a copy for a reader leaves out: temporary files, lock files, and this server's own files. */
const NOT_CLONED = new Set([
  'pgsql_tmp',
  'postmaster.pid',
  'datastore-explorer.pid',
  'datastore-explorer-data-key',
])

async function open(init: WorkerInit): Promise<PGlite> {
  const startParams = init.sharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${init.sharedBuffers}`]
    : undefined
  const options = startParams ? { startParams } : {}
  // A file-backed Blob: the tarball is not read into memory a second time.
  if (init.snapshotFile)
    return PGlite.create({ ...options, loadDataDir: await openAsBlob(init.snapshotFile) })
  if (init.dataDir) {
    // The temporary files of a statement whose worker was terminated (a big sort can leave
    // gigabytes): PostgreSQL's postmaster removes them at start, its single-user mode does not.
    await rm(path.join(init.dataDir, 'base', 'pgsql_tmp'), { recursive: true, force: true })
    return PGlite.create({ ...options, dataDir: init.dataDir })
  }
  return PGlite.create(options)
}

/** A WAL segment file's name: timeline, log and segment, 24 hexadecimal digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/

/**
 * Copies the data directory for readers (see the `clone` request). Of the write-ahead log, only the
 * segments from the checkpoint's redo point on are needed to open the copy: the others are old, or
 * recycled for later use (some 100 MB of the default data's directory).
 */
async function clone(db: PGlite, dataDir: string | undefined, targets: string[]): Promise<void> {
  if (!dataDir) throw new Error('only a database in a directory can be copied for readers')
  await db.exec('CHECKPOINT')
  const { rows } = await db.query<{ redo: string; current: string }>(
    `SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS current
       FROM pg_control_checkpoint()`,
  )
  const { redo, current } = rows[0]!
  const walDir = path.join(dataDir, 'pg_wal')
  const wanted = (source: string): boolean => {
    const name = path.basename(source)
    if (NOT_CLONED.has(name)) return false
    if (path.dirname(source) === walDir && WAL_SEGMENT.test(name)) return name >= redo && name <= current
    return true
  }
  for (const target of targets) {
    await rm(target, { recursive: true, force: true })
    await cp(dataDir, target, { recursive: true, filter: wanted })
  }
}

/**
 * The open cursors of the worker's one connection. They live in one transaction, begun by the first
 * and committed with the last; while it is open, every other statement runs inside a savepoint, so
 * an error (a bad query of another request) does not abort the transaction and the cursors with it.
 */
class Cursors {
  private readonly open = new Set<string>()
  /** Cursors opened for COPY: the column definition list of their rows (`"c1" text, "c2" int4, …`). */
  private readonly rowTypes = new Map<string, string>()

  constructor(private readonly db: PGlite) {}

  /** Whether a cursor's transaction is open (statements beside it are not committed yet). */
  get anyOpen(): boolean {
    return this.open.size > 0
  }

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

  async declare(name: string, sql: string, params: unknown[], forCopy = false): Promise<void> {
    if (this.open.size === 0) await this.db.query('BEGIN')
    try {
      await this.guarded(async () => {
        if (forCopy) this.rowTypes.set(name, await this.columnDefinitions(sql))
        await this.db.query(`DECLARE ${quoteIdent(name)} NO SCROLL CURSOR FOR ${sql}`, params)
      })
    } catch (error) {
      this.rowTypes.delete(name)
      if (this.open.size === 0) await this.db.query('ROLLBACK')
      throw error
    }
    this.open.add(name)
  }

  /**
   * The column definition list that lets `dse_fetch` return the rows of a cursor over `sql`: the
   * result types PostgreSQL infers for it, as `regtype` names them. Also (re)creates `dse_fetch`.
   */
  private async columnDefinitions(sql: string): Promise<string> {
    await this.db.exec(FETCH_FUNCTION)
    const oids = (await this.db.describeQuery(sql)).resultFields.map((field) => field.dataTypeID)
    const { rows } = await this.db.query<{ type: string }>(
      'SELECT t::regtype::text AS type FROM unnest($1::oid[]) WITH ORDINALITY AS u(t, n) ORDER BY n',
      [oids],
    )
    return rows.map((row, index) => `${quoteIdent(`c${index + 1}`)} ${row.type}`).join(', ')
  }

  /**
   * The next `rows` rows of a cursor, as PostgreSQL's COPY writes them: COPY cannot read a cursor,
   * but it can read a function that fetches from one. Its output is COPY's, byte for byte, and
   * comes some three times faster than the same rows fetched and written as CSV by SQL expressions.
   */
  async copy(
    name: string,
    rows: number,
    delimiter: ',' | '\t',
  ): Promise<{ data?: Uint8Array; copied: number }> {
    // only open cursors have row types
    const columns = this.rowTypes.get(name)
    if (columns === undefined) throw new Error(`cursor "${name}" does not exist`)
    const count = Math.max(1, Math.floor(rows))
    // COPY takes no bound parameters: the cursor's name is ours (`cursor_<n>`) and the count a number
    const result = await this.guarded(() =>
      this.db.query(
        `COPY (SELECT * FROM pg_temp.dse_fetch(${quoteLiteral(name)}, ${count}) AS r(${columns})) TO '/dev/blob' WITH (${copyCsvOptions(delimiter)})`,
      ),
    )
    const data = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : undefined
    return { data, copied: result.affectedRows ?? 0 }
  }

  async fetch(name: string, rows: number): Promise<unknown[]> {
    if (!this.open.has(name)) throw new Error(`cursor "${name}" does not exist`)
    const count = Math.max(1, Math.floor(rows))
    const result = await this.guarded(() => this.db.query(`FETCH ${count} FROM ${quoteIdent(name)}`))
    return result.rows
  }

  /** Closing a cursor this worker does not have (it replaced a stuck one) is not an error. */
  async close(name: string): Promise<void> {
    this.rowTypes.delete(name)
    if (!this.open.delete(name)) return
    // the cursors are read-only, but the statements run beside them in savepoints (the background
    // load, a datastore_create) wrote in this transaction: a ROLLBACK would lose their work
    if (this.open.size === 0) await this.db.query('COMMIT')
    else await this.guarded(() => this.db.query(`CLOSE ${quoteIdent(name)}`))
  }
}

/** The next `n` rows of cursor `c`, for a COPY to write (session-local, so made by each worker). */
const FETCH_FUNCTION = `CREATE OR REPLACE FUNCTION pg_temp.dse_fetch(c refcursor, n int) RETURNS SETOF record
  LANGUAGE plpgsql AS $$
  DECLARE r record;
  BEGIN
    FOR i IN 1..n LOOP
      FETCH c INTO r;
      EXIT WHEN NOT FOUND;
      RETURN NEXT r;
    END LOOP;
  END $$`

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
        await cursors.declare(request.cursor, request.sql, request.params, request.forCopy)
        return { id: request.id, ok: true }
      case 'cursor-fetch':
        return { id: request.id, ok: true, rows: await cursors.fetch(request.cursor, request.rows) }
      case 'cursor-copy':
        return {
          id: request.id,
          ok: true,
          ...(await cursors.copy(request.cursor, request.rows, request.delimiter)),
        }
      case 'cursor-close':
        await cursors.close(request.cursor)
        return { id: request.id, ok: true }
      case 'clone':
        // what ran beside an open cursor is not committed yet: a copy now would miss it
        if (cursors.anyOpen) return { id: request.id, ok: false, message: 'a cursor is open', code: 'busy' }
        await clone(db, (workerData as WorkerInit).dataDir, request.targets)
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
