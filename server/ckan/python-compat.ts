// CKAN is Python: several of its messages and echoes are Python renderings of values (`str()`,
// `repr()`, `json.dumps`) and its `_links` go through urllib. These helpers reproduce those
// renderings so our answers match CKAN's byte for byte where a client could notice.
import type { Json } from './types.ts'

/** Python's `str.isprintable()` per character: not a control, format, surrogate, private, unassigned or separator. */
function isPythonPrintable(char: string): boolean {
  if (char === ' ') return true
  return !/[\p{C}\p{Z}]/u.test(char)
}

function hexEscape(codePoint: number): string {
  if (codePoint <= 0xff) return '\\x' + codePoint.toString(16).padStart(2, '0')
  if (codePoint <= 0xffff) return '\\u' + codePoint.toString(16).padStart(4, '0')
  return '\\U' + codePoint.toString(16).padStart(8, '0')
}

/** Python `repr()` of a str: `'foo'`, `"it's"`, escapes for non-printable characters. */
export function pythonReprString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'"
  let out = quote
  for (const char of value) {
    if (char === quote || char === '\\') out += '\\' + char
    else if (char === '\n') out += '\\n'
    else if (char === '\r') out += '\\r'
    else if (char === '\t') out += '\\t'
    else if (!isPythonPrintable(char)) out += hexEscape(char.codePointAt(0) ?? 0)
    else out += char
  }
  return out + quote
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (value === Infinity) return 'inf'
  if (value === -Infinity) return '-inf'
  return String(value)
}

/** Python `repr()` of a JSON-decoded value (as `json.loads` would have produced it). */
export function pythonRepr(value: Json): string {
  if (value === null) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (typeof value === 'number') return pythonNumber(value)
  if (typeof value === 'string') return pythonReprString(value)
  if (Array.isArray(value)) return '[' + value.map(pythonRepr).join(', ') + ']'
  const entries = Object.entries(value).map(([k, v]) => `${pythonReprString(k)}: ${pythonRepr(v)}`)
  return '{' + entries.join(', ') + '}'
}

/** Python `str()` of a JSON-decoded value: strings as they are, everything else as `repr()`. */
export function pythonStr(value: Json): string {
  return typeof value === 'string' ? value : pythonRepr(value)
}

/** Python's `repr()` of a flattened navl key such as `('fields', 0, 'id')`. */
export function pythonReprTuple(parts: Array<string | number>): string {
  const items = parts.map((part) => (typeof part === 'number' ? String(part) : pythonReprString(part)))
  return '(' + items.join(', ') + (items.length === 1 ? ',)' : ')')
}

function jsonString(value: string, asciiOnly: boolean): string {
  let out = '"'
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    if (char === '"') out += '\\"'
    else if (char === '\\') out += '\\\\'
    else if (char === '\n') out += '\\n'
    else if (char === '\r') out += '\\r'
    else if (char === '\t') out += '\\t'
    else if (char === '\b') out += '\\b'
    else if (char === '\f') out += '\\f'
    else if (code < 0x20 || (asciiOnly && code > 0x7e)) {
      // Python writes astral characters as a surrogate pair of \u escapes.
      for (let i = 0; i < char.length; i++) out += '\\u' + char.charCodeAt(i).toString(16).padStart(4, '0')
    } else out += char
  }
  return out + '"'
}

/** Python `json.dumps(value, sort_keys=True, ensure_ascii=False)` (what `unicode_safe` does to non-strings). */
export function pythonJsonDumpsSorted(value: Json): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : pythonNumber(value)
  if (typeof value === 'string') return jsonString(value, false)
  if (Array.isArray(value)) return '[' + value.map(pythonJsonDumpsSorted).join(', ') + ']'
  const keys = Object.keys(value).sort()
  return (
    '{' +
    keys.map((k) => `${jsonString(k, false)}: ${pythonJsonDumpsSorted(value[k] ?? null)}`).join(', ') +
    '}'
  )
}

/** JSON text the way CKAN's API writes a response (simplejson defaults: `, ` and `: `, ASCII only). */
export function pythonJsonDumps(value: Json): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN'
    if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity'
    return String(value)
  }
  if (typeof value === 'string') return jsonString(value, true)
  if (Array.isArray(value)) return '[' + value.map(pythonJsonDumps).join(', ') + ']'
  return (
    '{' +
    Object.entries(value)
      .map(([k, v]) => `${jsonString(k, true)}: ${pythonJsonDumps(v)}`)
      .join(', ') +
    '}'
  )
}

/** urllib `unquote_plus` (invalid UTF-8 becomes U+FFFD, malformed `%` sequences stay as they are). */
export function unquotePlus(text: string): string {
  const withSpaces = text.replace(/\+/g, ' ')
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (let i = 0; i < withSpaces.length;) {
    const char = withSpaces[i] ?? ''
    const hex = withSpaces.slice(i + 1, i + 3)
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 3
    } else {
      const codePoint = withSpaces.codePointAt(i) ?? 0
      const piece = String.fromCodePoint(codePoint)
      bytes.push(...encoder.encode(piece))
      i += piece.length
    }
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes))
}

/** urllib `quote_plus`: only `A-Z a-z 0-9 _ . - ~` stay, space becomes `+`. */
export function quotePlus(text: string): string {
  let out = ''
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte)
    if (/[A-Za-z0-9_.\-~]/.test(char)) out += char
    else if (char === ' ') out += '+'
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0')
  }
  return out
}

/**
 * `dict(parse_qsl(query))`: pairs without `=` or with an empty value are dropped, a repeated key keeps
 * its first position and its last value.
 */
export function parseQslToDict(query: string): Map<string, string> {
  const result = new Map<string, string>()
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const value = pair.slice(eq + 1)
    if (value === '') continue
    result.set(unquotePlus(pair.slice(0, eq)), unquotePlus(value))
  }
  return result
}

/** `urlencode(dict)`. */
export function urlencode(entries: Map<string, string>): string {
  return [...entries].map(([k, v]) => `${quotePlus(k)}=${quotePlus(v)}`).join('&')
}
