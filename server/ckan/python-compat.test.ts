import { describe, expect, it } from 'vitest'
import { parseQslToDict, pythonRepr, pythonReprTuple, quotePlus, urlencode } from './python-compat.ts'

describe('Python renderings', () => {
  it('reprs strings with the quote Python picks', () => {
    expect(pythonRepr('foo')).toBe("'foo'")
    expect(pythonRepr("it's")).toBe('"it\'s"')
    expect(pythonRepr('a\'b"c')).toBe("'a\\'b\"c'")
    expect(pythonRepr('tab\there\u0001')).toBe("'tab\\there\\x01'")
    expect(pythonRepr('bük')).toBe("'bük'")
  })

  it('reprs tuples, lists and dicts', () => {
    expect(pythonReprTuple(['foo'])).toBe("('foo',)")
    expect(pythonReprTuple(['fields', 0, 'id'])).toBe("('fields', 0, 'id')")
    expect(pythonRepr([1, 'a', null, true, { k: false }])).toBe("[1, 'a', None, True, {'k': False}]")
  })
})

describe('urllib helpers', () => {
  it('quotes like quote_plus', () => {
    expect(quotePlus('a b/ü~')).toBe('a+b%2F%C3%BC~')
  })

  it('parses like dict(parse_qsl()): blanks dropped, repeated keys keep their first place and last value', () => {
    const parsed = parseQslToDict('a=1&b=&c&a=2&q=x+y%21')
    expect([...parsed]).toEqual([
      ['a', '2'],
      ['q', 'x y!'],
    ])
    expect(urlencode(parsed)).toBe('a=2&q=x+y%21')
  })
})
