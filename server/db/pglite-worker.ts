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

async function handle(db: PGlite, request: WorkerRequest): Promise<WorkerResponse> {
  try {
    switch (request.kind) {
      case 'query': {
        const result = await db.query(request.sql, request.params)
        return { id: request.id, ok: true, rows: result.rows }
      }
      case 'exec':
        await db.exec(request.sql)
        return { id: request.id, ok: true }
      case 'copy': {
        const options = request.data === undefined ? {} : { blob: new Blob([request.data as BlobPart]) }
        const result = await db.query(request.sql, [], options)
        const data = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : undefined
        return { id: request.id, ok: true, data }
      }
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
  port.on('message', (request: WorkerRequest) => {
    chain = chain.then(async () => {
      const response = await handle(db, request)
      // COPY output is moved, not copied, to the main thread
      const data = response.ok ? response.data : undefined
      port.postMessage(response, data ? [data.buffer as ArrayBuffer] : [])
    })
  })
  port.postMessage({ ready: true } satisfies WorkerStatus)
}

void main()
