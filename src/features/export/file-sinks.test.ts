import { describe, expect, it } from 'vitest'
import { blobSink, chooseFileSink, type WritableFile } from './file-sinks'

function fakeWritable() {
  const log: string[] = []
  const writable: WritableFile = {
    write: async (data) => void log.push(new TextDecoder().decode(data)),
    close: async () => void log.push('close'),
    abort: async () => void log.push('abort'),
  }
  return { log, writable }
}

const choice = {
  fileName: 'cities-2026-11-24.csv',
  mimeType: 'text/csv',
  extension: 'csv',
  description: 'CSV file',
  container: null as unknown as HTMLElement,
}

describe('the picked file', () => {
  it('is written in place, and a failure aborts its writable', async () => {
    const { log, writable } = fakeWritable()
    const asked: unknown[] = []
    const sink = await chooseFileSink(choice, async (options) => {
      asked.push(options)
      return { createWritable: async () => writable }
    })
    await sink!.write(new TextEncoder().encode('a,b\n'))
    await sink!.abort()
    expect(log).toEqual(['a,b\n', 'abort'])
    expect(asked).toEqual([
      {
        suggestedName: choice.fileName,
        types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
      },
    ])
  })

  it('is nothing when the user closes the picker', async () => {
    const sink = await chooseFileSink(choice, async () => {
      throw new DOMException('The user aborted a request.', 'AbortError')
    })
    expect(sink).toBeNull()
  })

  it('becomes a download when the picker may not be used here', async () => {
    const sink = await chooseFileSink(choice, async () => {
      throw new DOMException('Must be handling a user gesture', 'SecurityError')
    })
    expect(sink).not.toBeNull()
  })
})

describe('a cancel with the picked file', () => {
  function pickedFile(size: number) {
    const { log, writable } = fakeWritable()
    const file = {
      getFile: async () => ({ size }),
      createWritable: async () => writable,
      remove: async () => void log.push('remove'),
    }
    return { log, file }
  }

  it('removes the file the picker made (empty), so no file is left', async () => {
    const { log, file } = pickedFile(0)
    const sink = await chooseFileSink(choice, async () => file)
    await sink!.write(new TextEncoder().encode('a,b\n'))
    await sink!.abort()
    expect(log).toEqual(['a,b\n', 'abort', 'remove'])
  })

  it('leaves a file that had content as it was', async () => {
    const { log, file } = pickedFile(120)
    const sink = await chooseFileSink(choice, async () => file)
    await sink!.abort()
    expect(log).toEqual(['abort'])
  })

  it('keeps a whole file', async () => {
    const { log, file } = pickedFile(0)
    const sink = await chooseFileSink(choice, async () => file)
    await sink!.close()
    expect(log).toEqual(['close'])
  })
})

describe('the downloaded file', () => {
  it('is one Blob of every piece, in order, given only once it is whole', async () => {
    const delivered: Blob[] = []
    const sink = blobSink('text/csv', (blob) => delivered.push(blob))
    const big = 'x'.repeat(9 << 20)
    const encode = (text: string) => new TextEncoder().encode(text)
    await sink.write(encode('head\n'))
    await sink.write(encode(big))
    await sink.write(encode('tail\n').buffer)
    expect(delivered).toEqual([])
    await sink.close()
    expect(delivered).toHaveLength(1)
    expect(delivered[0]!.type).toBe('text/csv')
    expect(await delivered[0]!.text()).toBe(`head\n${big}tail\n`)
  })

  it('is never given after an abort', async () => {
    const delivered: Blob[] = []
    const sink = blobSink('text/csv', (blob) => delivered.push(blob))
    await sink.write(new TextEncoder().encode('part'))
    await sink.abort()
    await expect(sink.write(new TextEncoder().encode('more'))).rejects.toThrow()
    expect(delivered).toEqual([])
  })
})
