// Vite's warning for chunks over 500 kB, chunk by chunk (used by vite.config.ts): the lazy exceljs
// chunk is expected to be big and gets a limit of its own, so that the first `npm start` prints no
// warning that looks like a failure, while any other chunk over 500 kB, or exceljs over its own
// limit, is still warned about.
import type { Plugin } from 'vite'

/** Vite's own limit, in kB after minification. */
export const CHUNK_SIZE_LIMIT_KB = 500
/** exceljs, the Excel download's library: fetched only when XLSX is chosen; 930 kB now. */
export const EXCELJS_CHUNK_LIMIT_KB = 1100

interface Chunk {
  type: 'chunk'
  fileName: string
  moduleIds: readonly string[]
  code: string
}

/** The warning for one chunk, if it is over its limit. */
export function chunkSizeWarning(chunk: Chunk): string | undefined {
  const exceljs =
    chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/node_modules/exceljs/'))
  const limit = exceljs ? EXCELJS_CHUNK_LIMIT_KB : CHUNK_SIZE_LIMIT_KB
  const kb = Buffer.byteLength(chunk.code) / 1000
  return kb > limit
    ? `${chunk.fileName} is ${kb.toFixed(0)} kB after minification, over its ${limit} kB limit`
    : undefined
}

export function chunkSizeLimits(): Plugin {
  return {
    name: 'datastore-explorer:chunk-size-limits',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        const warning = output.type === 'chunk' ? chunkSizeWarning(output) : undefined
        if (warning) this.warn(warning)
      }
    },
  }
}
