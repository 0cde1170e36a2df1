// Folds streamed records into a RecordFold (a summary's groups, a map's points), one record at a
// time, in steps that stop at a deadline: in a worker it runs each message to its end, on the page
// in slices short enough never to be a long task. Records come as the dump's CSV bytes (whole
// records, header removed) or as lists of values, in the fold's `fields` order. No DOM.
import { readCsvRecords } from '../../api/ckan/dump-readers'

/** What a worker or the page folds records into: the summaries' aggregator, the map's points. */
export interface RecordFold<Snapshot> {
  /** The columns each record gives, in this order (the stream asks for exactly these). */
  readonly fields: readonly string[]
  add(values: ArrayLike<unknown>): void
  /** What was folded so far, as plain data (it crosses to the page by structured clone). */
  snapshot(): Snapshot
}

/** The folds a worker (or the page) can run, by kind, each made from plain options. */
export type FoldFactories = Readonly<Record<string, (options: never) => RecordFold<unknown>>>

type Task =
  | { kind: 'csv'; text: string; at: number }
  | { kind: 'rows'; rows: readonly (readonly unknown[])[]; at: number }
  | { kind: 'mark'; reached: () => void }

/** Records read between two looks at the clock. */
const STEP_RECORDS = 256

export interface FoldEngine {
  /** Whole CSV records, as bytes (they decode on their own: a record never splits a character). */
  csv(bytes: Uint8Array): void
  rows(rows: readonly (readonly unknown[])[]): void
  /** Calls `reached` once every record given before it is folded. */
  mark(reached: () => void): void
  /** Folds until the queue is empty or `performance.now()` passes `deadline`; true when it is empty. */
  work(deadline: number): boolean
}

export function createFoldEngine(fold: RecordFold<unknown>): FoldEngine {
  const decoder = new TextDecoder()
  const queue: Task[] = []
  const add = (values: ArrayLike<unknown>) => fold.add(values)
  return {
    csv(bytes) {
      queue.push({ kind: 'csv', text: decoder.decode(bytes), at: 0 })
    },
    rows(rows) {
      queue.push({ kind: 'rows', rows, at: 0 })
    },
    mark(reached) {
      queue.push({ kind: 'mark', reached })
    },
    work(deadline) {
      while (queue.length > 0) {
        const task = queue[0]!
        if (task.kind === 'mark') {
          queue.shift()
          task.reached()
          continue
        }
        if (task.kind === 'csv') {
          task.at = readCsvRecords(task.text, add, task.at, STEP_RECORDS)
          if (task.at >= task.text.length) queue.shift()
        } else {
          const end = Math.min(task.rows.length, task.at + STEP_RECORDS)
          for (let index = task.at; index < end; index++) fold.add(task.rows[index]!)
          task.at = end
          if (end >= task.rows.length) queue.shift()
        }
        if (performance.now() >= deadline) return queue.length === 0
      }
      return true
    },
  }
}
