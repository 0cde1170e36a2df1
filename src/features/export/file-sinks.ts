// Where the file is written. With the File System Access API (Chromium), straight into the file the
// user picked, whatever its size; aborting the writable leaves the picked file as it was (or, if the
// picker made it, removes it). Elsewhere (or when the picker cannot be used: a sandboxed frame, a
// policy), a normal download of a Blob that is built from pieces of about 8 MB, so the text itself
// does not stay in the page's memory.
import type { Bytes } from '../../api/ckan/dump-readers'
import { downloadBlob } from '../../components/ui/download-blob'
import type { FileSink } from './export-outputs'

/** The part of FileSystemWritableFileStream an export uses. */
export interface WritableFile {
  write(data: Bytes | ArrayBuffer): Promise<void>
  close(): Promise<void>
  abort(): Promise<void>
}

/** What the export needs of the picked file: a writable, and (Chromium) a way to remove it. */
export interface PickedFile {
  createWritable(): Promise<WritableFile>
  getFile?(): Promise<{ size: number }>
  remove?(): Promise<void>
}

/**
 * Writes into the picked file. Aborting leaves a file that had content as it was; one that was
 * empty (the picker makes a new name as an empty file) is removed, so a cancel leaves no file.
 */
export async function writableSink(file: PickedFile): Promise<FileSink> {
  const sizeBefore = await file.getFile?.().then(
    (current) => current.size,
    () => undefined,
  )
  const writable = await file.createWritable()
  return {
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    async abort() {
      await writable.abort()
      if (sizeBefore === 0) await file.remove?.().catch(() => undefined)
    },
  }
}

const BLOB_PIECE_BYTES = 8 << 20

/** A sink that hands the finished file, as one Blob, to `deliver` (a download link); nothing on abort. */
export function blobSink(type: string, deliver: (blob: Blob) => void): FileSink {
  let pieces: Blob[] = []
  let pending: (Bytes | ArrayBuffer)[] = []
  let pendingSize = 0
  let finished = false
  const fold = () => {
    if (pending.length === 0) return
    pieces.push(new Blob(pending))
    pending = []
    pendingSize = 0
  }
  return {
    async write(chunk) {
      if (finished) throw new Error('The file is already closed')
      pending.push(chunk)
      pendingSize += chunk.byteLength
      if (pendingSize >= BLOB_PIECE_BYTES) fold()
    },
    async close() {
      fold()
      finished = true
      const blob = new Blob(pieces, { type })
      pieces = []
      deliver(blob)
    },
    async abort() {
      finished = true
      pieces = []
      pending = []
    },
  }
}

interface SaveFilePickerOptions {
  suggestedName: string
  types: { description: string; accept: Record<string, string[]> }[]
}
type ShowSaveFilePicker = (options: SaveFilePickerOptions) => Promise<PickedFile>

export interface FileChoice {
  fileName: string
  mimeType: string
  extension: string
  /** The kind of file, as the picker's type list names it ("CSV file"). */
  description: string
  /** Where the download link is made. */
  container: HTMLElement
}

/**
 * The file to write: picked with the File System Access API when the browser has it (call this
 * first thing in a click: the picker needs the user's gesture), else a download. Null when the user
 * closed the picker without choosing.
 */
export async function chooseFileSink(
  choice: FileChoice,
  picker: ShowSaveFilePicker | undefined = pagePicker(),
): Promise<FileSink | null> {
  if (picker) {
    try {
      const handle = await picker({
        suggestedName: choice.fileName,
        types: [{ description: choice.description, accept: { [choice.mimeType]: [`.${choice.extension}`] } }],
      })
      return await writableSink(handle)
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null
      // a picker that is there but may not be used here: download instead
    }
  }
  return blobSink(choice.mimeType, (blob) => downloadBlob(blob, choice.fileName, choice.container))
}

function pagePicker(): ShowSaveFilePicker | undefined {
  const picker = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker
  return typeof picker === 'function' ? (picker.bind(globalThis) as ShowSaveFilePicker) : undefined
}
