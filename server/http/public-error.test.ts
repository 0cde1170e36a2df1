import { describe, expect, it } from 'vitest'
import { ORIG_MAX_CHARS, publicError } from './public-error.ts'

const invalidQuery = {
  query: ['Invalid query'],
  info: {
    statement: ['SELECT * FROM "t" WHERE a = $1'],
    params: [['x']],
    orig: ['syntax error in tsquery: "&"'],
  },
  __type: 'Validation Error',
}

describe('publicError', () => {
  it('leaves out the statement and its parameters, keeping the keys and their order', () => {
    const shown = publicError(invalidQuery, false)
    expect(shown).toEqual({
      query: ['Invalid query'],
      info: { orig: ['syntax error in tsquery: "&"'] },
      __type: 'Validation Error',
    })
    expect(Object.keys(shown)).toEqual(['query', 'info', '__type'])
  })

  it('shows everything with --debug-errors', () => {
    expect(publicError(invalidQuery, true)).toEqual(invalidQuery)
  })

  it('cuts a long PostgreSQL message (it may quote a whole search)', () => {
    const long = `syntax error in tsquery: "${'w '.repeat(100_000)}"`
    const shown = publicError({ ...invalidQuery, info: { ...invalidQuery.info, orig: [long] } }, false)
    const orig = (shown.info as { orig: string[] }).orig[0]!
    expect(orig).toHaveLength(ORIG_MAX_CHARS + 1)
    expect(orig.endsWith('…')).toBe(true)
  })

  it('drops an info left empty, and leaves other errors alone', () => {
    expect(
      publicError({ query: ['Invalid query'], info: { statement: [''], params: [[]] }, __type: 'x' }, false),
    ).toEqual({
      query: ['Invalid query'],
      __type: 'x',
    })
    const notFound = { __type: 'Not Found Error', message: 'Not found' }
    expect(publicError(notFound, false)).toBe(notFound)
  })
})
