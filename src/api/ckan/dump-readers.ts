// Readers of a dump's streamed text, fed chunk by chunk (any split, even inside a value), that hand
// back whole records only: what is written to a file is never a record cut in two. Pure; no React.
import { CkanError } from './errors'
import type { CkanField } from './types'

const QUOTE = 34

const LINE_FEED = 10

/** Bytes on an ordinary (not shared) buffer, as a response body gives them and a Blob takes them. */
export type Bytes = Uint8Array<ArrayBuffer>

/**
 * Splits a CSV byte stream into whole records: a record ends at a line feed outside double quotes
 * (a quoted value may hold line breaks; `""` inside one toggles twice). The bytes are never decoded:
 * quote and line feed are ASCII, and no byte of a multi-byte UTF-8 character can be mistaken for them.
 */
export interface CsvRecordSplitter {
  /**
   * The whole records completed by this chunk, and how many they are. They come as parts, in
   * order: the record begun in an earlier chunk, then a view of this chunk (it is not copied).
   */
  push(chunk: Bytes): { parts: Bytes[]; records: number }
  /** Bytes left after the last line feed (a last record without its line feed), usually none. */
  rest(): Bytes
}

function joined(a: Bytes, b: Bytes): Bytes {
  if (a.length === 0) return b
  const both = new Uint8Array(a.length + b.length)
  both.set(a)
  both.set(b, a.length)
  return both
}

export function createCsvRecordSplitter(): CsvRecordSplitter {
  let rest: Bytes = new Uint8Array(0)
  let inQuotes = false
  return {
    push(chunk) {
      let records = 0
      let firstEnd = -1
      let lastEnd = 0
      let quoted = inQuotes
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index]
        if (byte === QUOTE) quoted = !quoted
        else if (byte === LINE_FEED && !quoted) {
          records++
          if (firstEnd < 0) firstEnd = index + 1
          lastEnd = index + 1
        }
      }
      inQuotes = quoted
      if (records === 0) {
        rest = joined(rest, chunk)
        return { parts: [], records }
      }
      const parts = [joined(rest, chunk.subarray(0, firstEnd))]
      if (lastEnd > firstEnd) parts.push(chunk.subarray(firstEnd, lastEnd))
      rest = chunk.subarray(lastEnd)
      return { parts, records }
    },
    rest: () => rest,
  }
}

/** The length of the first record of `bytes` (up to its line feed), or -1 if it does not end there. */
export function firstCsvRecordLength(bytes: Uint8Array): number {
  let quoted = false
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] === QUOTE) quoted = !quoted
    else if (bytes[index] === LINE_FEED && !quoted) return index + 1
  }
  return -1
}

/** The dump's JSON: `{"fields": [...], "records": [[...], ...]}` (CKAN's JSONWriter), read as it comes. */
export interface DumpJsonReader {
  /** The fields once read (they come first), and the records completed by this chunk. */
  push(chunk: string): { fields?: CkanField[]; records: unknown[][] }
  /** Throws unless the document ended (a cut-off answer is not a whole file). */
  end(): void
}

export function createDumpJsonReader(): DumpJsonReader {
  let buffer = ''
  let index = 0
  let depth = 0
  let inString = false
  let escaped = false
  // start of the string being read at depth 1 (a key), of the value being collected, or -1
  let stringStart = -1
  let valueStart = -1
  let lastKey = ''
  let section: 'fields' | 'records' | 'other' | null = null
  let fieldsSent = false
  let fields: CkanField[] | undefined
  let closed = false

  return {
    push(chunk) {
      buffer += chunk
      const records: unknown[][] = []
      for (; index < buffer.length; index++) {
        const code = buffer.charCodeAt(index)
        if (inString) {
          if (escaped) escaped = false
          else if (code === 92) escaped = true
          else if (code === QUOTE) {
            inString = false
            if (depth === 1 && stringStart >= 0) {
              lastKey = JSON.parse(buffer.slice(stringStart, index + 1)) as string
              stringStart = -1
            }
          }
          continue
        }
        if (code === QUOTE) {
          inString = true
          if (depth === 1) stringStart = index
        } else if (code === 91 || code === 123) {
          // [ or {
          depth++
          if (depth === 2) {
            section = lastKey === 'fields' ? 'fields' : lastKey === 'records' ? 'records' : 'other'
            if (section === 'fields') valueStart = index
          } else if (depth === 3 && section === 'records') valueStart = index
        } else if (code === 93 || code === 125) {
          depth--
          if (depth === 1 && section === 'fields') {
            fields = JSON.parse(buffer.slice(valueStart, index + 1)) as CkanField[]
            valueStart = -1
          } else if (depth === 2 && section === 'records') {
            records.push(JSON.parse(buffer.slice(valueStart, index + 1)) as unknown[])
            valueStart = -1
          } else if (depth === 1) section = null
          else if (depth === 0) closed = true
        }
      }
      // keep only what a value or key being read still needs
      const keep = valueStart >= 0 ? valueStart : stringStart >= 0 ? stringStart : index
      if (keep > 0) {
        buffer = buffer.slice(keep)
        index -= keep
        if (valueStart >= 0) valueStart -= keep
        if (stringStart >= 0) stringStart -= keep
      }
      if (fields && !fieldsSent) {
        fieldsSent = true
        return { fields, records }
      }
      return { records }
    },
    end() {
      if (!closed || !fields) {
        throw new CkanError('broken-answer', 'The dump ended before its last record', {
          detail: 'Incomplete JSON dump',
        })
      }
    },
  }
}

const COMMA = 44
const CARRIAGE_RETURN = 13

/**
 * Reads whole CSV records of a text (records end at a line feed outside quotes; a `\r` before it
 * is dropped) and calls `visit` with each one's values: a value that was quoted is text (`""` is
 * the empty text), an empty unquoted one is null (PostgreSQL's CSV writes a missing value so).
 * The `values` array is reused from one record to the next: read it, do not keep it.
 * A last record without its line feed is read too. From `from`, at most `limit` records; returns
 * where the next record starts (the text's length once all is read).
 */
export function readCsvRecords(
  text: string,
  visit: (values: (string | null)[]) => void,
  from = 0,
  limit = Number.POSITIVE_INFINITY,
): number {
  const values: (string | null)[] = []
  const length = text.length
  let at = from
  let read = 0
  while (at < length && read < limit) {
    read++
    values.length = 0
    // one record
    for (;;) {
      let value: string | null
      if (text.charCodeAt(at) === QUOTE) {
        // quoted: up to the closing quote, `""` standing for one quote
        let start = at + 1
        let out = ''
        for (;;) {
          const close = text.indexOf('"', start)
          if (close < 0) {
            out += text.slice(start)
            at = length
            break
          }
          out += text.slice(start, close)
          if (text.charCodeAt(close + 1) === QUOTE) {
            out += '"'
            start = close + 2
          } else {
            at = close + 1
            break
          }
        }
        value = out
      } else {
        let end = at
        while (end < length) {
          const code = text.charCodeAt(end)
          if (code === COMMA || code === LINE_FEED) break
          end++
        }
        let valueEnd = end
        if (
          valueEnd > at &&
          text.charCodeAt(valueEnd - 1) === CARRIAGE_RETURN &&
          text.charCodeAt(end) !== COMMA
        )
          valueEnd--
        value = valueEnd > at ? text.slice(at, valueEnd) : null
        at = end
      }
      values.push(value)
      const next = text.charCodeAt(at)
      if (next === COMMA) {
        at++
        continue
      }
      // the record ends: a line feed (after a `\r` when CKAN ends its header so), or the text
      if (next === CARRIAGE_RETURN) at++
      if (text.charCodeAt(at) === LINE_FEED) at++
      break
    }
    visit(values)
  }
  return at
}
