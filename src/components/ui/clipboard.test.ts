import { describe, expect, it } from 'vitest'
import { copyText } from './clipboard'

describe('copyText', () => {
  it('writes the text and says it was copied', async () => {
    const written: string[] = []
    const clipboard = { writeText: (text: string) => Promise.resolve(void written.push(text)) }
    await expect(copyText(clipboard, 'curl …')).resolves.toBe('copied')
    expect(written).toEqual(['curl …'])
  })

  it('says it was refused when the browser refuses, or has no clipboard for the page', async () => {
    const refusing = {
      writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    }
    await expect(copyText(refusing, 'x')).resolves.toBe('refused')
    await expect(copyText(undefined, 'x')).resolves.toBe('refused')
  })
})
