// Runs PGlite in a worker thread. PGlite executes queries synchronously inside WebAssembly, so
// on the main thread a slow query would freeze the whole HTTP server; here it only blocks this
// worker, which the main thread can terminate when the statement timeout expires.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import type { WorkerInit, WorkerRequest, WorkerResponse, WorkerStatus } from './worker-protocol.ts'

async function open(init: WorkerInit): Promise<PGlite> {
  if (init.snapshot) return PGlite.create({ loadDataDir: new Blob([init.snapshot]) })
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
      case 'dump': {
        // Uncompressed: gzip would cost more time than the memory it saves.
        const blob = await db.dumpDataDir('none')
        return { id: request.id, ok: true, snapshot: await blob.arrayBuffer() }
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
      const transfer = response.ok && response.snapshot ? [response.snapshot] : []
      port.postMessage(response, transfer)
    })
  })
  port.postMessage({ ready: true } satisfies WorkerStatus)
}

void main()
