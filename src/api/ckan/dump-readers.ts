// Readers of a dump's streamed text, fed chunk by chunk (any split, even inside a value), that hand
// back whole records only: what is written to a file is never a record cut in two. Pure; no React.
import { CkanError } from './errors'
import type { CkanField } from './types'

const QUOTE = 34

/**
 * Splits CSV text into whole records: a record ends at a line break outside double quotes (a
 * quoted value may hold line breaks). The text of the records is kept byte for byte.
 */
export interface CsvRecordSplitter {
  /** The whole records completed by this chunk, as one text, and how many they are. */
  push(chunk: string): { text: string; records: number }
  /** Text left after the last line break (a last record without its line break, or ''). */
  rest(): string
}

export function createCsvRecordSplitter(): CsvRecordSplitter {
  let buffer = ''
  // where the scan of `buffer` resumes, and whether that place is inside quotes
  let scanned = 0
  let inQuotes = false
  return {
    push(chunk) {
      buffer += chunk
      let lastEnd = 0
      let records = 0
      // jumps from quote to quote and line to line (indexOf is native): most values have no quote
      const length = buffer.length
      let index = scanned
      let nextQuote = buffer.indexOf('"', index)
      while (index < length) {
        if (inQuotes) {
          if (nextQuote < 0) break
          inQuotes = false
          index = nextQuote + 1
          nextQuote = buffer.indexOf('"', index)
          continue
        }
        const nextLine = buffer.indexOf('\n', index)
        if (nextQuote >= 0 && (nextLine < 0 || nextQuote < nextLine)) {
          inQuotes = true
          index = nextQuote + 1
          nextQuote = buffer.indexOf('"', index)
          continue
        }
        if (nextLine < 0) break
        records++
        lastEnd = nextLine + 1
        index = lastEnd
      }
      const text = buffer.slice(0, lastEnd)
      buffer = buffer.slice(lastEnd)
      scanned = buffer.length
      return { text, records }
    },
    rest: () => buffer,
  }
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
