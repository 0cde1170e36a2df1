import { describe, expect, it } from 'vitest'
import { inlineParamsAsSettings } from './copy-params.ts'

const never = () => false

describe('inlineParamsAsSettings', () => {
  it('reads each parameter from its setting, cast to its inferred type', () => {
    expect(
      inlineParamsAsSettings('SELECT * FROM t WHERE a = $1 LIMIT $2::int8', ['text', 'bigint'], never),
    ).toBe(
      "SELECT * FROM t WHERE a = (CAST(current_setting('dse_copy.p1') AS text)) LIMIT (CAST(current_setting('dse_copy.p2') AS bigint))::int8",
    )
  })

  it('reads a parameter used twice from the same setting, and tells $1 from $10', () => {
    const types = Array.from({ length: 10 }, (_, i) => (i === 9 ? 'integer' : 'regconfig'))
    const sql = inlineParamsAsSettings('f($1, $10, $1)', types, never)
    expect(sql).toBe(
      "f((CAST(current_setting('dse_copy.p1') AS regconfig)), (CAST(current_setting('dse_copy.p10') AS integer)), (CAST(current_setting('dse_copy.p1') AS regconfig)))",
    )
  })

  it('leaves $n inside quoted identifiers and string literals alone', () => {
    const sql = `SELECT "a $1 ""$2""", to_char(x, 'YYYY"T" $1 ''$2''') FROM "t" WHERE b = $1`
    expect(inlineParamsAsSettings(sql, ['integer'], never)).toBe(
      `SELECT "a $1 ""$2""", to_char(x, 'YYYY"T" $1 ''$2''') FROM "t" WHERE b = (CAST(current_setting('dse_copy.p1') AS integer))`,
    )
  })

  it('does not read a $ inside a word as a parameter', () => {
    expect(inlineParamsAsSettings('SELECT a$1 FROM t', [], never)).toBe('SELECT a$1 FROM t')
  })

  it('writes a typed NULL for a null value (a setting cannot be null)', () => {
    expect(inlineParamsAsSettings('a = $1', ['numeric'], (n) => n === 1)).toBe('a = (NULL::numeric)')
  })

  it('refuses SQL it cannot read rather than guess', () => {
    expect(() => inlineParamsAsSettings(`a = 'open`, [], never)).toThrow(/unterminated/)
    expect(() => inlineParamsAsSettings('a = $2', ['text'], never)).toThrow(/no type/)
  })
})
