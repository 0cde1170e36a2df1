// The dump's JSON and XML writers re-create what CKAN's Python writes; these are Python's own answers
// (repr, json.dumps with ensure_ascii=False and compact separators, str).
import { describe, expect, it } from 'vitest'
import { decodeJson, dumpsCompact, PyInt, pythonFloatRepr, pythonStrOf } from './python-values.ts'

describe('pythonFloatRepr', () => {
  it.each([
    [1, '1.0'],
    [1.5, '1.5'],
    [-2.91, '-2.91'],
    [0.1 + 0.2, '0.30000000000000004'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1.5e-7, '1.5e-07'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e+16'],
    [123456789012345680, '1.2345678901234568e+17'],
    [1e300, '1e+300'],
    [0, '0.0'],
    [-0, '-0.0'],
  ])('%s → %s', (value, repr) => {
    expect(pythonFloatRepr(value)).toBe(repr)
  })
})

describe('decodeJson + dumpsCompact', () => {
  it('keeps ints exact, writes other numbers as Python floats, keeps key order, compacts', () => {
    const text = '{"b": 1.0, "1": [12345678901234567, 1.50, 2e3, -0.0], "a": {"x": null, "y": true}}'
    expect(dumpsCompact(decodeJson(text))).toBe(
      '{"b":1.0,"1":[12345678901234567,1.5,2000.0,-0.0],"a":{"x":null,"y":true}}',
    )
  })

  it('escapes only quotes, backslashes and control characters (ensure_ascii=False)', () => {
    const text = JSON.stringify(['é "q" \\ \n\t\u0001 \u2028 ✓'])
    expect(dumpsCompact(decodeJson(text))).toBe('["é \\"q\\" \\\\ \\n\\t\\u0001 \u2028 ✓"]')
  })

  it('reads strings with escaped quotes and backslashes before a quote', () => {
    expect(decodeJson('["a\\\\", "b\\"c", ""]')).toEqual(['a\\', 'b"c', ''])
  })

  it('an integer beyond 64 bits becomes a float, as msgspec decodes it', () => {
    expect(dumpsCompact(decodeJson('[18446744073709551615, 18446744073709551616]'))).toBe(
      '[18446744073709551615,1.8446744073709552e+19]',
    )
  })

  it('rejects text that is not JSON', () => {
    expect(() => decodeJson('[1,')).toThrow()
    expect(() => decodeJson('{"a" 1}')).toThrow()
  })
})

describe('pythonStrOf', () => {
  it('writes scalars as str() does', () => {
    expect([true, false, null, 'x', 2.5, new PyInt('7')].map(pythonStrOf)).toEqual([
      'True',
      'False',
      'None',
      'x',
      '2.5',
      '7',
    ])
  })
})
