// JSON text as CKAN's dump writers see it: decoded by msgspec (ints exact, other numbers Python
// floats, dict keys in their order), then written by simplejson or ElementTree. Lets the dump
// reproduce CKAN's bytes from the JSON PostgreSQL makes, without JavaScript's number or key-order
// changes (JSON.parse would turn `1.0` into `1` and move a key "1" first).

/** A Python value: ints keep their digits, floats are numbers, dicts keep their key order. */
export type PyValue = null | boolean | string | PyInt | number | PyValue[] | Map<string, PyValue>

export class PyInt {
  constructor(readonly digits: string) {}
}

/** msgspec keeps integers that fit int64 or uint64 as ints (an assumption from its docs, not run). */
const INT_MAX = 2n ** 64n - 1n
const INT_MIN = -(2n ** 63n)

class JsonReader {
  private at = 0
  constructor(private readonly text: string) {}

  read(): PyValue {
    const value = this.value()
    this.space()
    if (this.at !== this.text.length) throw new SyntaxError(`unexpected text at ${this.at}`)
    return value
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at]!)) this.at++
  }

  private value(): PyValue {
    this.space()
    const c = this.text[this.at]
    if (c === '{') return this.dict()
    if (c === '[') return this.list()
    if (c === '"') return this.string()
    if (this.text.startsWith('null', this.at)) return this.word(4, null)
    if (this.text.startsWith('true', this.at)) return this.word(4, true)
    if (this.text.startsWith('false', this.at)) return this.word(5, false)
    return this.number()
  }

  private word<T>(length: number, value: T): T {
    this.at += length
    return value
  }

  private dict(): Map<string, PyValue> {
    const dict = new Map<string, PyValue>()
    this.at++
    this.space()
    if (this.text[this.at] === '}') return this.word(1, dict)
    for (;;) {
      this.space()
      const key = this.string()
      this.space()
      this.expect(':')
      dict.set(key, this.value()) // a repeated key keeps its first place and its last value, as in a dict
      this.space()
      if (this.text[this.at] === '}') return this.word(1, dict)
      this.expect(',')
    }
  }

  private list(): PyValue[] {
    const list: PyValue[] = []
    this.at++
    this.space()
    if (this.text[this.at] === ']') return this.word(1, list)
    for (;;) {
      list.push(this.value())
      this.space()
      if (this.text[this.at] === ']') return this.word(1, list)
      this.expect(',')
    }
  }

  private string(): string {
    if (this.text[this.at] !== '"') throw new SyntaxError(`expected " at ${this.at}`)
    let end = this.at + 1
    for (;;) {
      end = this.text.indexOf('"', end)
      if (end < 0) throw new SyntaxError('unterminated string')
      let backslashes = 0
      while (this.text[end - 1 - backslashes] === '\\') backslashes++
      if (backslashes % 2 === 0) break
      end++
    }
    const literal = this.text.slice(this.at, end + 1)
    this.at = end + 1
    return literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1)
  }

  private number(): PyInt | number {
    const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 400))
    if (!match) throw new SyntaxError(`unexpected text at ${this.at}`)
    this.at += match[0].length
    if (match[1] === undefined && match[2] === undefined) {
      const big = BigInt(match[0])
      // msgspec decodes integers beyond 64 bits as floats
      if (big <= INT_MAX && big >= INT_MIN) return new PyInt(big.toString())
    }
    return Number(match[0])
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) throw new SyntaxError(`expected ${char} at ${this.at}`)
    this.at++
  }
}

/** Decodes JSON text as msgspec.json.decode would. */
export function decodeJson(text: string): PyValue {
  return new JsonReader(text).read()
}

/** Python's `repr(float)` (shortest digits; exponent form below 1e-4 and from 1e16 on). */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN'
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity'
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const [mantissa = '', exponentText = '0'] = Math.abs(x).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const exponent = Number(exponentText)
  const point = exponent + 1 // digits before the decimal point
  let body: string
  if (point > -4 && point <= 16) {
    if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`
    else if (point >= digits.length) body = `${digits}${'0'.repeat(point - digits.length)}.0`
    else body = `${digits.slice(0, point)}.${digits.slice(point)}`
  } else {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : ''
    body = `${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`
  }
  return (x < 0 ? '-' : '') + body
}

function jsonStringText(text: string): string {
  // simplejson with ensure_ascii=False escapes only `"`, `\` and control characters
  // eslint-disable-next-line no-control-regex
  return `"${text.replace(/[\u0000-\u001f"\\]/g, (c) => {
    switch (c) {
      case '"':
        return '\\"'
      case '\\':
        return '\\\\'
      case '\n':
        return '\\n'
      case '\r':
        return '\\r'
      case '\t':
        return '\\t'
      case '\b':
        return '\\b'
      case '\f':
        return '\\f'
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    }
  })}"`
}

/** `simplejson.dumps(value, ensure_ascii=False, separators=(',', ':'))`. */
export function dumpsCompact(value: PyValue): string {
  if (value === null) return 'null'
  if (value === true) return 'true'
  if (value === false) return 'false'
  if (typeof value === 'string') return jsonStringText(value)
  if (typeof value === 'number') return pythonFloatRepr(value)
  if (value instanceof PyInt) return value.digits
  if (Array.isArray(value)) return `[${value.map(dumpsCompact).join(',')}]`
  const members: string[] = []
  for (const [key, item] of value) members.push(`${jsonStringText(key)}:${dumpsCompact(item)}`)
  return `{${members.join(',')}}`
}

/** Python's `str()` of a scalar. */
export function pythonStrOf(value: Exclude<PyValue, PyValue[] | Map<string, PyValue>>): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'string') return value
  if (typeof value === 'number') return pythonFloatRepr(value)
  return value.digits
}

/** A JSON value from JSON.parse (field descriptors) as a Python value: whole numbers become ints. */
export function fromJson(value: unknown): PyValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value
  if (typeof value === 'number') return Number.isInteger(value) ? new PyInt(String(value)) : value
  if (Array.isArray(value)) return value.map(fromJson)
  const dict = new Map<string, PyValue>()
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) dict.set(key, fromJson(item))
  return dict
}
