// The messages between the page and a fold worker. The page opens one fold per worker, then sends
// records (CSV bytes, transferred; or rows) and asks for snapshots; the worker says when each batch
// is folded (the page holds back while too much is waiting) and answers each snapshot in turn.

export type ToWorker =
  | { type: 'open'; kind: string; options: unknown }
  | { type: 'csv'; bytes: Uint8Array; size: number }
  | { type: 'rows'; rows: readonly (readonly unknown[])[]; size: number }
  | { type: 'snapshot'; id: number }

export type FromWorker =
  /** The fold is open: the worker runs, under this page's rules (its CSP, its origin). */
  | { type: 'ready' }
  /** A batch is folded: `size` is what it counted for while waiting. */
  | { type: 'folded'; size: number }
  | { type: 'snapshot'; id: number; snapshot: unknown }
  | { type: 'failed'; message: string }
