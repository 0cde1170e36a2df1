import { describe, expect, it } from 'vitest'
import { inputLimitErrors, MAX_FIELDS, MAX_SEARCH_TERMS } from './input-limits.ts'
import { validateSearchSchema } from './search-schema.ts'
import type { DataDict } from './types.ts'

function limits(data: DataDict) {
  const schema = validateSearchSchema(
    { resource_id: 'r', ...data },
    { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english' },
  )
  if (schema.kind !== 'valid') throw new Error('schema failed')
  return inputLimitErrors(schema.data)
}

const words = (n: number, word = 'w'): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')
const TOO_MANY_TERMS = [`Too many search terms: a search may have at most ${MAX_SEARCH_TERMS} words in all`]

describe('search terms', () => {
  it('lets a search of up to the limit through, in every form', () => {
    expect(limits({ q: words(MAX_SEARCH_TERMS) })).toBeUndefined()
    expect(limits({ q: words(MAX_SEARCH_TERMS).replace(/ /g, ':* | ') + ':*', plain: false })).toBeUndefined()
    expect(limits({ q: { name: words(50), notes: words(50) } })).toBeUndefined()
    expect(limits({ full_text: words(40), q: words(60) })).toBeUndefined()
  })

  it('refuses more terms, counted across q and full_text, string or dict, plain or not', () => {
    expect(limits({ q: words(MAX_SEARCH_TERMS + 1) })).toEqual({ q: TOO_MANY_TERMS })
    expect(limits({ q: words(130_000) })).toEqual({ q: TOO_MANY_TERMS })
    const prefixes = Array.from({ length: 101 }, (_, i) => `'w${i}':*`).join(' | ')
    expect(limits({ q: prefixes, plain: false })).toEqual({ q: TOO_MANY_TERMS })
    expect(limits({ q: { name: words(60), notes: words(41) } })).toEqual({ q: TOO_MANY_TERMS })
    expect(limits({ full_text: words(101) })).toEqual({ full_text: TOO_MANY_TERMS })
    expect(limits({ full_text: words(50), q: words(51) })).toEqual({ q: TOO_MANY_TERMS })
  })

  it('counts words of any script, not punctuation', () => {
    expect(limits({ q: words(MAX_SEARCH_TERMS + 1, 'تل') })).toEqual({ q: TOO_MANY_TERMS })
    expect(limits({ q: '& | ! ( ) <-> :* '.repeat(10_000) + words(MAX_SEARCH_TERMS) })).toBeUndefined()
  })
})

describe('fields', () => {
  it('lets up to the limit of distinct names through, as a string or a list', () => {
    const names = Array.from({ length: MAX_FIELDS }, (_, i) => `c${i}`)
    expect(limits({ fields: names })).toBeUndefined()
    expect(limits({ fields: names.join(',') })).toBeUndefined()
  })

  it('refuses more names, or one name twice', () => {
    const names = Array.from({ length: MAX_FIELDS + 1 }, (_, i) => `c${i}`)
    expect(limits({ fields: names })).toEqual({
      fields: [`Too many fields: at most ${MAX_FIELDS} may be listed`],
    })
    expect(limits({ fields: 'name, year,name' })).toEqual({
      fields: ['Field "name" is listed more than once'],
    })
    expect(limits({ fields: Array<string>(1000).fill('name') })).toEqual({
      fields: ['Field "name" is listed more than once'],
    })
  })
})
