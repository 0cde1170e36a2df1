// Where an export's records go: a file sink (file-sinks.ts) behind the writer of its format. Output
// is UTF-8 bytes gathered into pieces of about 1 MB before it is written, so a million records are a
// few hundred writes, not a million. Pure (no DOM): the sink does the saving.
import type { Bytes } from '../../api/ckan/dump-readers'
import { createJsonArrayWriter, csvHeader, csvRows, UTF8_BOM } from './encoders'
import type { ExportColumn } from './export-plan'

/** A file being written: chunks in order, then close (the file is whole) or abort (no file is left). */
export interface FileSink {
  write(chunk: Bytes | ArrayBuffer): Promise<void>
  close(): Promise<void>
  abort(): Promise<void>
}

export interface RecordOutput {
  start(): Promise<void>
  rows(rows: readonly (readonly unknown[])[]): Promise<void>
  /** Whole CSV records as the dump wrote them, in the columns' order, as bytes (CSV only). */
  csvBytes?(bytes: Bytes): Promise<void>
  finish(): Promise<void>
  abort(): Promise<void>
}

const PIECE_BYTES = 4 << 20

/**
 * Gathers output into pieces and writes them with one write in flight: the next piece is gathered
 * (the network read on) while the file takes the last, and at most two pieces wait in memory.
 */
function bufferedWriter(sink: FileSink) {
  const encoder = new TextEncoder()
  let pending: Bytes[] = []
  let size = 0
  let inFlight: Promise<void> = Promise.resolve()
  const flush = async () => {
    if (size === 0) return
    const piece = pending.length === 1 ? pending[0]! : new Uint8Array(size)
    if (pending.length > 1) {
      let at = 0
      for (const part of pending) {
        piece.set(part, at)
        at += part.length
      }
    }
    pending = []
    size = 0
    await inFlight
    inFlight = sink.write(piece)
    // a failed write is reported by the next flush or by drain, not as an unhandled rejection
    inFlight.catch(() => undefined)
  }
  return {
    async write(text: string | Bytes) {
      const bytes = typeof text === 'string' ? encoder.encode(text) : text
      pending.push(bytes)
      size += bytes.length
      if (size >= PIECE_BYTES) await flush()
    },
    /** Writes what is gathered and waits until the file has it all. */
    async drain() {
      await flush()
      await inFlight
    },
    async drop() {
      pending = []
      size = 0
      await inFlight.catch(() => undefined)
    },
  }
}

export function csvOutput(sink: FileSink, columns: readonly ExportColumn[], bom: boolean): RecordOutput {
  const out = bufferedWriter(sink)
  const header = csvHeader(columns.map((column) => column.id))
  return {
    start: () => out.write((bom ? UTF8_BOM : '') + header),
    rows: (rows) => out.write(csvRows(rows, columns)),
    csvBytes: (bytes) => out.write(bytes),
    async finish() {
      await out.drain()
      await sink.close()
    },
    async abort() {
      await out.drop()
      await sink.abort()
    },
  }
}

export function jsonOutput(sink: FileSink, columns: readonly ExportColumn[]): RecordOutput {
  const out = bufferedWriter(sink)
  const writer = createJsonArrayWriter(columns)
  return {
    start: () => out.write(writer.head),
    rows: (rows) => out.write(writer.rows(rows)),
    async finish() {
      await out.write(writer.tail())
      await out.drain()
      await sink.close()
    },
    async abort() {
      await out.drop()
      await sink.abort()
    },
  }
}

/** A workbook being filled (xlsx-workbook.ts), written out whole at the end. */
export interface XlsxBuilder {
  addRows(rows: readonly (readonly unknown[])[]): void
  finish(): Promise<ArrayBuffer>
}

export function xlsxOutput(sink: FileSink, builder: XlsxBuilder): RecordOutput {
  return {
    start: async () => undefined,
    rows: async (rows) => builder.addRows(rows),
    async finish() {
      await sink.write(await builder.finish())
      await sink.close()
    },
    abort: () => sink.abort(),
  }
}
