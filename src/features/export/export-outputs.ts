// Where an export's records go: a file sink (file-sinks.ts) behind the writer of its format. Text is
// gathered into pieces of about 1 MB before it is written, so a million records are a few hundred
// writes, not a million. Pure (no DOM): the sink does the saving.
import { createJsonArrayWriter, csvHeader, csvRows, UTF8_BOM } from './encoders'
import type { ExportColumn } from './export-plan'

/** A file being written: chunks in order, then close (the file is whole) or abort (no file is left). */
export interface FileSink {
  write(chunk: string | ArrayBuffer): Promise<void>
  close(): Promise<void>
  abort(): Promise<void>
}

export interface RecordOutput {
  /** The header row for CSV (the dump's header, which its text brings, is dropped). */
  readonly csvHeader?: string
  start(): Promise<void>
  rows(rows: readonly (readonly unknown[])[]): Promise<void>
  /** Whole CSV records as the dump wrote them, in the columns' order (CSV only). */
  csvText?(text: string): Promise<void>
  finish(): Promise<void>
  abort(): Promise<void>
}

const PIECE_CHARS = 1 << 20

function bufferedWriter(sink: FileSink) {
  let pending: string[] = []
  let size = 0
  const flush = async () => {
    if (size === 0) return
    const text = pending.join('')
    pending = []
    size = 0
    await sink.write(text)
  }
  return {
    async write(text: string) {
      pending.push(text)
      size += text.length
      if (size >= PIECE_CHARS) await flush()
    },
    flush,
    drop() {
      pending = []
      size = 0
    },
  }
}

export function csvOutput(sink: FileSink, columns: readonly ExportColumn[], bom: boolean): RecordOutput {
  const out = bufferedWriter(sink)
  const header = csvHeader(columns.map((column) => column.id))
  return {
    csvHeader: header,
    start: () => out.write((bom ? UTF8_BOM : '') + header),
    rows: (rows) => out.write(csvRows(rows)),
    csvText: (text) => out.write(text),
    async finish() {
      await out.flush()
      await sink.close()
    },
    async abort() {
      out.drop()
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
      await out.flush()
      await sink.close()
    },
    async abort() {
      out.drop()
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
