// The layer fences of eslint.config.js, proved to fail: scratch code that breaks each rule is linted
// as if it were a file of src/, and must be refused.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

describe('the lint fences', () => {
  it('refuse an import from one feature into another', async () => {
    const code = "import { LimitSelect } from '../limit/limit-select'\nexport const x = LimitSelect\n"
    expect(await ruleIdsFor('src/features/search/scratch.ts', code)).toContain('import-x/no-restricted-paths')
  })

  it('refuse React, TanStack and interface text in the API client', async () => {
    expect(
      await ruleIdsFor(
        'src/api/ckan/scratch.ts',
        "import { useState } from 'react'\nexport const x = useState\n",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await ruleIdsFor(
        'src/api/ckan/scratch.ts',
        "import { mainCatalogue } from '../../i18n/catalogues/main'\nexport const x = mainCatalogue\n",
      ),
    ).toContain('import-x/no-restricted-paths')
  })

  it('refuse an import upwards, from the view model into the app', async () => {
    const code = "import { App } from '../app/app'\nexport const x = App\n"
    expect(await ruleIdsFor('src/model/scratch.ts', code)).toContain('import-x/no-restricted-paths')
  })

  it('refuse mutable module state outside the standalone entry, and allow it there', async () => {
    const state =
      'let count = 0\nexport const next = () => ++count\nexport const seen = new Map<string, number>()\n'
    const refused = await ruleIdsFor('src/features/search/scratch.ts', state)
    expect(refused.filter((id) => id === 'no-restricted-syntax')).toHaveLength(2)
    expect(await ruleIdsFor('src/standalone/scratch.ts', state)).not.toContain('no-restricted-syntax')
  })

  it('accept a constant lookup table that says so with its type', async () => {
    const code = "export const NAMES: ReadonlySet<string> = new Set(['a'])\n"
    expect(await ruleIdsFor('src/features/search/scratch.ts', code)).toEqual([])
  })

  it('refuse the page (window, document, storage, address) outside the entries, and allow it there', async () => {
    const code = [
      'export const width = () => window.innerWidth',
      'export const title = () => document.title',
      'export const saved = () => localStorage.getItem("x")',
      'export const here = () => globalThis.location.href',
      'export const tall = () => innerHeight',
      '',
    ].join('\n')
    const refused = await ruleIdsFor('src/features/table/scratch.ts', code)
    expect(refused.filter((id) => id === 'no-restricted-globals')).toHaveLength(4)
    expect(refused).toContain('no-restricted-properties')
    for (const entry of ['src/standalone/scratch.ts', 'src/embed/scratch.ts', 'src/main.tsx']) {
      const allowed = await ruleIdsFor(entry, code)
      expect(allowed, entry).not.toContain('no-restricted-globals')
      expect(allowed, entry).not.toContain('no-restricted-properties')
    }
  })

  it('let an element reach its own window, and a local named like a page global', async () => {
    const code = [
      'export const width = (element: Element) => element.ownerDocument.defaultView?.innerWidth',
      'export const label = (status: string, name: string) => `${status} ${name}`',
      '',
    ].join('\n')
    expect(await ruleIdsFor('src/features/table/scratch.ts', code)).toEqual([])
  })
})
