// The lint rules that guard the interface's text: a word written straight into a component fails the
// build, a word from a catalogue passes.
import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

async function problems(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot })
  const [result] = await eslint.lintText(code, { filePath: 'src/app/scratch.tsx' })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
}

describe('user-visible text comes from a catalogue', () => {
  it('fails on words in JSX text and in attributes read aloud, and passes on catalogue messages', async () => {
    const literal = await problems(
      `export function Scratch() {\n  return <button type="button" aria-label="Close the panel">Close</button>\n}\n`,
    )
    expect(literal).toHaveLength(2)
    expect(literal[0]).toMatch(/message catalogue/)
    const translated = await problems(
      `export function Scratch({ t }: { t: (key: string) => string }) {\n  return <button type="button" aria-label={t('a')}>{t('b')} ✕ 2</button>\n}\n`,
    )
    expect(translated).toEqual([])
  })
})
