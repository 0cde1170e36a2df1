// The page's side of a fold: records go to a worker where one can start, else they are folded on
// the page in slices of a few milliseconds (never a long task). A worker cannot start when the
// explorer runs as an element on another site's page (a worker's script must come from the page's
// own origin) or when the page's content security policy forbids it (`worker-src`); the slices
// then do the same work, only on the page's thread. Either way, at most a few megabytes of records
// wait to be folded: the reading holds back until the fold catches up.
import { createFoldEngine, type AnswerEnd, type FoldFactories } from './fold-engine'
import type { FromWorker, ToWorker } from './fold-protocol'

export interface FoldHandle<Snapshot> {
  /** Where the records are folded: in a worker, or on the page in slices. */
  readonly where: 'worker' | 'page'
  /** A dump's answer starts (its header first). */
  begin(): void
  /**
   * The answer's next bytes, as they came (handed over: do not use them after); resolves once there
   * is room for more, with the answer's whole records folded so far (it may lag behind).
   */
  bytes(chunk: Uint8Array): Promise<number>
  /** How the answer ended, once everything sent is folded. */
  end(): Promise<AnswerEnd>
  /** Records as lists of values; resolves once there is room for more. */
  rows(rows: readonly (readonly unknown[])[]): Promise<void>
  /** What was folded from everything given so far. */
  snapshot(): Promise<Snapshot>
  /** Stops the worker, or the slices. */
  close(): void
}

export interface FoldSetup<Options> {
  /** The kind of fold (a key of the worker's FoldFactories). */
  kind: string
  options: Options
  /**
   * Starts the worker: the caller writes `new Worker(new URL('./x.worker.ts', import.meta.url),
   * { type: 'module' })` itself, so that the bundler finds and builds the worker's file. May throw.
   */
  spawn(): Worker
  /** The folds, loaded to run on the page when no worker can start. */
  loadFactories(): Promise<FoldFactories>
}

/** Bytes of records (about) that may wait to be folded before the reading holds back. */
export const MAX_WAITING = 8 << 20
/** A worker that has not said it runs by then is taken as one that cannot. */
export const WORKER_START_MS = 10_000
/** The longest slice of folding on the page. */
export const PAGE_SLICE_MS = 8

/** Counts what waits to be folded, and holds the sender back while it is too much. */
function createWaiting() {
  let waiting = 0
  let room: (() => void) | null = null
  let failure: Error | null = null
  return {
    async add(size: number) {
      if (failure) throw failure
      waiting += size
      if (waiting <= MAX_WAITING) return
      await new Promise<void>((resolve) => (room = resolve))
      if (failure) throw failure
    },
    done(size: number) {
      waiting -= size
      if (room && waiting <= MAX_WAITING / 2) {
        const resolve = room
        room = null
        resolve()
      }
    },
    fail(error: Error) {
      failure ??= error
      room?.()
      room = null
    },
    get failure() {
      return failure
    },
  }
}

function rowsSize(rows: readonly (readonly unknown[])[]): number {
  return rows.length * (rows[0]?.length ?? 1) * 16
}

/** Opens a fold in a worker, or on the page when none can start. */
export async function openFold<Options, Snapshot>(setup: FoldSetup<Options>): Promise<FoldHandle<Snapshot>> {
  const worker = await startWorker(setup)
  if (worker) return workerHandle<Snapshot>(worker)
  return pageHandle<Snapshot>((await setup.loadFactories())[setup.kind], setup.options)
}

/** The worker once it said it runs; null when it could not start. */
async function startWorker<Options>(setup: FoldSetup<Options>): Promise<Worker | null> {
  let worker: Worker
  try {
    worker = setup.spawn()
  } catch {
    // no Worker here, or a worker's script on another origin than the page's (an embed)
    return null
  }
  const open: ToWorker = { type: 'open', kind: setup.kind, options: setup.options }
  worker.postMessage(open)
  const started = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => finish(false), WORKER_START_MS)
    function finish(ok: boolean) {
      clearTimeout(timer)
      worker.removeEventListener('message', onMessage)
      worker.removeEventListener('error', onError)
      resolve(ok)
    }
    function onMessage(event: MessageEvent<FromWorker>) {
      finish(event.data.type === 'ready')
    }
    function onError(event: Event) {
      // the script did not load (a content security policy, a missing file): not an error of the page
      event.preventDefault()
      finish(false)
    }
    worker.addEventListener('message', onMessage)
    worker.addEventListener('error', onError)
  })
  if (started) return worker
  worker.terminate()
  return null
}

/** Whole bytes of their own, to hand over: a view of a bigger buffer is copied first. */
function ownBytes(chunk: Uint8Array): Uint8Array<ArrayBuffer> {
  return chunk.byteOffset === 0 &&
    chunk.byteLength === chunk.buffer.byteLength &&
    chunk.buffer instanceof ArrayBuffer
    ? (chunk as Uint8Array<ArrayBuffer>)
    : chunk.slice()
}

function workerHandle<Snapshot>(worker: Worker): FoldHandle<Snapshot> {
  const waiting = createWaiting()
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0
  let answered = 0
  const fail = (error: Error) => {
    waiting.fail(error)
    for (const request of pending.values()) request.reject(error)
    pending.clear()
  }
  const settle = (id: number, value: unknown) => {
    pending.get(id)?.resolve(value)
    pending.delete(id)
  }
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const message = event.data
    if (message.type === 'folded') {
      answered = message.answered
      waiting.done(message.size)
    } else if (message.type === 'snapshot') settle(message.id, message.snapshot)
    else if (message.type === 'ended') {
      answered = message.answer.records
      settle(message.id, message.answer)
    } else if (message.type === 'failed') fail(new Error(message.message))
  })
  const ask = <T>(message: (id: number) => ToWorker): Promise<T> => {
    if (waiting.failure) return Promise.reject(waiting.failure)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      send(message(id))
    })
  }
  worker.addEventListener('error', (event) => {
    event.preventDefault()
    fail(new Error(event.message || 'The worker stopped'))
  })
  const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer)
  return {
    where: 'worker',
    begin() {
      answered = 0
      send({ type: 'begin' })
    },
    async bytes(chunk) {
      const bytes = ownBytes(chunk)
      send({ type: 'bytes', bytes, size: bytes.length }, [bytes.buffer])
      await waiting.add(bytes.length)
      return answered
    },
    end: () => ask<AnswerEnd>((id) => ({ type: 'end', id })),
    async rows(rows) {
      const size = rowsSize(rows)
      send({ type: 'rows', rows, size })
      await waiting.add(size)
    },
    snapshot: () => ask<Snapshot>((id) => ({ type: 'snapshot', id })),
    close() {
      worker.terminate()
      fail(new Error('The fold was closed'))
    },
  }
}

function pageHandle<Snapshot>(
  make: FoldFactories[string] | undefined,
  options: unknown,
): FoldHandle<Snapshot> {
  if (!make) throw new Error('No such fold')
  const fold = make(options as never)
  const engine = createFoldEngine(fold)
  const waiting = createWaiting()
  // a message to itself is the next task without setTimeout's 4 ms clamp
  const channel = new MessageChannel()
  let scheduled = false
  let closed = false
  const schedule = () => {
    if (scheduled || closed) return
    scheduled = true
    channel.port2.postMessage(null)
  }
  channel.port1.onmessage = () => {
    scheduled = false
    if (closed) return
    if (!engine.work(performance.now() + PAGE_SLICE_MS)) schedule()
  }
  const reached = (size: number) => () => waiting.done(size)
  return {
    where: 'page',
    begin() {
      engine.begin()
      schedule()
    },
    async bytes(chunk) {
      engine.bytes(chunk)
      engine.mark(reached(chunk.length))
      schedule()
      await waiting.add(chunk.length)
      return engine.answered
    },
    end() {
      if (waiting.failure) return Promise.reject(waiting.failure)
      return new Promise<AnswerEnd>((resolve) => {
        engine.end(resolve)
        schedule()
      })
    },
    async rows(rows) {
      const size = rowsSize(rows)
      engine.rows(rows)
      engine.mark(reached(size))
      schedule()
      await waiting.add(size)
    },
    snapshot() {
      if (waiting.failure) return Promise.reject(waiting.failure)
      return new Promise<Snapshot>((resolve) => {
        engine.mark(() => resolve(fold.snapshot() as Snapshot))
        schedule()
      })
    },
    close() {
      closed = true
      channel.port1.close()
      waiting.fail(new Error('The fold was closed'))
    },
  }
}
