import { describe, expect, it } from 'vitest'
import { csvOutput, type FileSink } from './export-outputs'

const columns = [
  { id: 'a', type: 'text' },
  { id: 'b', type: 'int' },
]
const MIB = 1 << 20

/** A file whose writes finish only when the test lets them, and that can fail one. */
function slowSink(failing?: number) {
  const state = { written: 0, writes: 0, inFlight: 0, mostInFlight: 0, closed: false, aborted: false }
  const waiting: Array<() => void> = []
  const sink: FileSink = {
    async write(chunk) {
      const call = ++state.writes
      state.inFlight++
      state.mostInFlight = Math.max(state.mostInFlight, state.inFlight)
      await new Promise<void>((resolve) => waiting.push(resolve))
      state.inFlight--
      if (call === failing) throw new Error('disk full')
      state.written += chunk.byteLength
    },
    close: async () => void (state.closed = true),
    abort: async () => void (state.aborted = true),
  }
  const release = () => waiting.splice(0).forEach((resolve) => resolve())
  return { state, sink, release }
}

describe('the CSV output', () => {
  it('keeps gathering while the file takes the last piece, with one write in flight at most', async () => {
    const { state, sink, release } = slowSink()
    const output = csvOutput(sink, columns, false)
    await output.start()
    const piece = new Uint8Array(3 * MIB).fill(120)
    await output.csvBytes!(piece)
    // 6 MiB gathered: the first write starts, and this returns while the file still takes it
    await output.csvBytes!(piece)
    expect(state.writes).toBe(1)
    expect(state.inFlight).toBe(1)
    const releasing = setInterval(release, 1)
    await output.csvBytes!(piece)
    await output.csvBytes!(piece)
    await output.finish()
    clearInterval(releasing)
    expect(state.mostInFlight).toBe(1)
    expect(state.written).toBe(4 + 12 * MIB) // the header "a,b\n" and every byte
    expect(state.closed).toBe(true)
  })

  it('reports a failed write when it finishes, and leaves no file', async () => {
    const { state, sink, release } = slowSink(1)
    const output = csvOutput(sink, columns, false)
    await output.start()
    await output.csvBytes!(new Uint8Array(5 * MIB))
    release()
    const releasing = setInterval(release, 1)
    await expect(output.finish()).rejects.toThrow('disk full')
    await output.abort()
    clearInterval(releasing)
    expect(state.closed).toBe(false)
    expect(state.aborted).toBe(true)
  })
})
