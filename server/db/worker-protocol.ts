// Messages exchanged between the main thread and the PGlite worker (see pglite-worker.ts).

export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: unknown[] }
  | { id: number; kind: 'exec'; sql: string }
  /**
   * Runs a `COPY … FROM '/dev/blob'` with `data` as the blob, or a `COPY … TO '/dev/blob'` (no
   * `data`) whose output comes back as `data`: one message per batch of rows, not per row.
   */
  | { id: number; kind: 'copy'; sql: string; data?: string | Uint8Array }
  /** Writes a `dumpDataDir()` tarball to `file` (streamed: it can be gigabytes). */
  | { id: number; kind: 'dump'; file: string }
  /**
   * A cursor over a SELECT, for results too big for one message: `open` declares it (in the
   * worker's one transaction, begun by the first open cursor), `fetch` returns its next `rows` rows,
   * `close` closes it (and ends the transaction with the last one). `cursor` is a name we make.
   */
  | { id: number; kind: 'cursor-open'; cursor: string; sql: string; params: unknown[]; forCopy?: boolean }
  | { id: number; kind: 'cursor-fetch'; cursor: string; rows: number }
  /**
   * The next `rows` rows of a cursor opened `forCopy`, written by PostgreSQL's COPY as CSV (or TSV):
   * `data` is the text and `copied` the number of rows. Ends when `copied` is less than `rows`.
   */
  | { id: number; kind: 'cursor-copy'; cursor: string; rows: number; delimiter: ',' | '\t' }
  | { id: number; kind: 'cursor-close'; cursor: string }
  /**
   * Copies the worker's data directory into each of `targets` (emptied first) for reader workers:
   * after a CHECKPOINT, and while this job runs nothing else touches the database, so each copy is
   * the database as it is now (a reader opening it replays no more than PostgreSQL's own recovery).
   */
  | { id: number; kind: 'clone'; targets: string[] }

export type WorkerResponse =
  | { id: number; ok: true; rows?: unknown[]; bytes?: number; data?: Uint8Array; copied?: number }
  | { id: number; ok: false; message: string; code?: string }

/** Posted once by the worker when PGlite is open and ready (or failed to open). */
export type WorkerStatus = { ready: true } | { ready: false; message: string }

/** `workerData` of the worker: where its database comes from. */
export interface WorkerInit {
  /** A `dumpDataDir()` tarball on disk to start from (an in-memory database). */
  snapshotFile?: string
  /** An on-disk PGlite data directory (created when missing). */
  dataDir?: string
  /**
   * PostgreSQL's `shared_buffers` (default PGlite's 128MB, all touched at start): readers on a
   * copy of a directory read through the operating system's file cache and need less.
   */
  sharedBuffers?: string
}
