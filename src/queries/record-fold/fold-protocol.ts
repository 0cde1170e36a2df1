// The messages between the page and a fold worker. The page opens one fold per worker, then sends
// a dump's answers as the bytes came (transferred, never copied or scanned on the page) or records
// as lists, and asks for snapshots; the worker says when each batch is folded (the page holds back
// while too much is waiting) and answers each snapshot and each answer's end in turn.
import type { AnswerEnd } from './fold-engine'

export type ToWorker =
  | { type: 'open'; kind: string; options: unknown }
  | { type: 'begin' }
  | { type: 'bytes'; bytes: Uint8Array; size: number }
  | { type: 'end'; id: number }
  | { type: 'rows'; rows: readonly (readonly unknown[])[]; size: number }
  | { type: 'snapshot'; id: number }

export type FromWorker =
  /** The fold is open: the worker runs, under this page's rules (its CSP, its origin). */
  | { type: 'ready' }
  /** A batch is folded: `size` is what it counted for while waiting; `answered`: the answer's records so far. */
  | { type: 'folded'; size: number; answered: number }
  | { type: 'ended'; id: number; answer: AnswerEnd }
  | { type: 'snapshot'; id: number; snapshot: unknown }
  | { type: 'failed'; message: string }
