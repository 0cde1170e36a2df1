// Folds streamed records into a RecordFold (a summary's groups, a map's points), in steps that stop
// at a deadline: in a worker it runs each message to its end, on the page in slices short enough
// never to be a long task. Records come as a dump's CSV answer, its bytes as the network gave them
// (the header is checked against the fold's fields, records are found and parsed here, so the page
// only moves bytes), or as lists of values in the fold's `fields` order. No DOM.
import { createCsvRecordSplitter, readCsvRecords, type CsvRecordSplitter } from '../../api/ckan/dump-readers'

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

/** How a dump's answer ended, once everything it sent is folded. */
export interface AnswerEnd {
  /** Whole records of this answer folded (its header not counted). */
  records: number
  /** Its header named the fold's fields ('ok'), other ones (nothing was folded), or never came. */
  header: 'ok' | 'other' | 'none'
  /** The header's names, when they were not the fields asked for. */
  names?: string[]
  /** Bytes of a record the answer cut off (dropped: the reading resumes before it). */
  cut: number
}

type Task =
  | { kind: 'bytes'; bytes: Uint8Array; at: number }
  | { kind: 'rows'; rows: readonly (readonly unknown[])[]; at: number }
  | { kind: 'mark'; reached: () => void }

/** Bytes of an answer split and parsed between two looks at the clock. */
const STEP_BYTES = 32 << 10
/** Records of a list folded between two looks at the clock. */
const STEP_RECORDS = 256

export interface FoldEngine {
  /** A new dump answer starts: its header comes first. */
  begin(): void
  /** The answer's next bytes, cut anywhere. */
  bytes(bytes: Uint8Array): void
  /** Calls `reached` with how the answer ended, once everything given before is folded. */
  end(reached: (answer: AnswerEnd) => void): void
  /** Records as lists of values. */
  rows(rows: readonly (readonly unknown[])[]): void
  /** Calls `reached` once every record given before it is folded. */
  mark(reached: () => void): void
  /** Whole records of the current answer folded so far. */
  readonly answered: number
  /** Folds until the queue is empty or `performance.now()` passes `deadline`; true when it is empty. */
  work(deadline: number): boolean
}

export function createFoldEngine(fold: RecordFold<unknown>): FoldEngine {
  const decoder = new TextDecoder()
  const queue: Task[] = []
  const add = (values: ArrayLike<unknown>) => fold.add(values)
  let splitter: CsvRecordSplitter = createCsvRecordSplitter()
  let header: AnswerEnd['header'] = 'none'
  let names: string[] | undefined
  let answered = 0

  const foldBytes = (piece: Uint8Array) => {
    const { parts, records } = splitter.push(piece as Uint8Array<ArrayBuffer>)
    if (records === 0 || header === 'other') return
    let text = ''
    for (const part of parts) text += decoder.decode(part)
    let at = 0
    let count = records
    if (header === 'none') {
      // the header is the answer's first record: it must name the fold's fields, in order
      let read: string[] = []
      at = readCsvRecords(
        text,
        (values) => (read = values.map((value) => value?.replace(/^\uFEFF/, '') ?? '')),
        0,
        1,
      )
      count--
      const same =
        read.length === fold.fields.length && read.every((name, index) => name === fold.fields[index])
      header = same ? 'ok' : 'other'
      if (!same) {
        names = read
        return
      }
    }
    readCsvRecords(text, add, at)
    answered += count
  }

  const engine: FoldEngine = {
    begin() {
      queue.push({
        kind: 'mark',
        reached: () => {
          splitter = createCsvRecordSplitter()
          header = 'none'
          names = undefined
          answered = 0
        },
      })
    },
    bytes(bytes) {
      queue.push({ kind: 'bytes', bytes, at: 0 })
    },
    end(reached) {
      queue.push({
        kind: 'mark',
        reached: () => {
          const answer: AnswerEnd = { records: answered, header, cut: splitter.rest().length }
          if (names) answer.names = names
          reached(answer)
        },
      })
    },
    rows(rows) {
      queue.push({ kind: 'rows', rows, at: 0 })
    },
    mark(reached) {
      queue.push({ kind: 'mark', reached })
    },
    get answered() {
      return answered
    },
    work(deadline) {
      while (queue.length > 0) {
        const task = queue[0]!
        if (task.kind === 'mark') {
          queue.shift()
          task.reached()
          continue
        }
        if (task.kind === 'bytes') {
          const end = Math.min(task.bytes.length, task.at + STEP_BYTES)
          foldBytes(task.bytes.subarray(task.at, end))
          task.at = end
          if (end >= task.bytes.length) queue.shift()
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
  return engine
}
