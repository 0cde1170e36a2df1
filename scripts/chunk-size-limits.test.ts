import { describe, expect, it } from 'vitest'
import { chunkSizeWarning } from './chunk-size-limits.ts'

const chunk = (fileName: string, moduleIds: string[], kb: number) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  code: 'x'.repeat(kb * 1000),
})
const EXCELJS = '/repo/node_modules/exceljs/dist/exceljs.min.js'

describe('chunk size warnings', () => {
  it('let the lazy exceljs chunk be as big as it is, and no bigger than its own limit', () => {
    expect(chunkSizeWarning(chunk('assets/exceljs.min-1.js', [EXCELJS], 930))).toBeUndefined()
    expect(chunkSizeWarning(chunk('assets/exceljs.min-1.js', [EXCELJS], 1200))).toBe(
      'assets/exceljs.min-1.js is 1200 kB after minification, over its 1100 kB limit',
    )
  })

  it('keep Vite’s 500 kB for every other chunk, also one that holds exceljs among other code', () => {
    expect(chunkSizeWarning(chunk('assets/index-1.js', ['/repo/src/main.tsx'], 499))).toBeUndefined()
    expect(chunkSizeWarning(chunk('assets/index-1.js', ['/repo/src/main.tsx'], 600))).toBe(
      'assets/index-1.js is 600 kB after minification, over its 500 kB limit',
    )
    expect(chunkSizeWarning(chunk('assets/mixed-1.js', [EXCELJS, '/repo/src/export.ts'], 930))).toMatch(
      /over its 500 kB limit/,
    )
  })
})
