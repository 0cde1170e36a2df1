// The snippets are run or read back here, not compared with stored text: curl through a real `sh`
// (with a stand-in `curl` that prints what it was given), the JavaScript with a stand-in `fetch` (a
// portal that sends at most 50 records a call), and the Python and R values read back by small
// readers of those languages' literals.
import { execFileSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keyOfField } from '../../api/ckan/filters'
import type { CkanField, CkanRecord, Portal } from '../../api/ckan/types'
import { DEFAULT_STATE, type ExplorerState } from '../../model/explorer-state'
import {
  codeSnippets,
  rString,
  shellQuote,
  SNIPPET_PAGE_SIZE,
  TOKEN_VARIABLE,
  viewSnippets,
  type CodeSnippets,
} from './code-snippets'

const BASE = 'https://portal.example/data/en'
const ACTION = `${BASE}/api/3/action/datastore_search`
const FIELDS: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'city', type: 'text' },
  { id: 'country', type: 'text' },
  { id: 'year', type: 'int' },
  { id: 'population', type: 'int' },
]
const VIEW: ExplorerState = {
  ...DEFAULT_STATE,
  resourceId: 'cities',
  q: 'berl',
  filters: [
    { kind: 'values', field: 'country', values: ['DE', 'UK'] },
    { kind: 'values', field: 'year', values: [2013] },
    { kind: 'range', field: 'population', lower: { value: 1000, inclusive: true } },
  ],
  sort: [{ field: 'year', desc: true }],
  hidden: ['_id', 'population'],
}
/** What the view's every call sends (besides offset and limit). */
const VIEW_QUERY = {
  resource_id: 'cities',
  q: "'berl':*",
  plain: false,
  // CKAN 2.12's filters, as the link and the dump carry them
  filters: { country: ['DE', 'UK'], year: 2013, population: { gte: 1000 } },
  sort: ['year desc nulls last', '_id desc'],
  fields: ['city', 'country', 'year'],
}
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ4eXoiLCJpYXQiOjE3MDB9.Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5'

const snippetsOf = (state: Partial<ExplorerState>, portal: Portal = { baseUrl: BASE }) =>
  viewSnippets(portal, { ...VIEW, ...state }, FIELDS, 'https://explorer.example/?resource_id=cities')

// ---------------------------------------------------------------- running curl in sh

/** The arguments `curl` is called with when `sh` runs the snippet, with `env` set. */
function curlArguments(snippet: string, env: Record<string, string> = {}): string[] {
  const script = `curl() { for argument in "$@"; do printf '%s\\0' "$argument"; done; }\n${snippet}`
  const out = execFileSync('sh', ['-c', script], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  })
  return out.split('\0').slice(0, -1)
}

function optionValue(args: string[], option: string): string[] {
  return args.flatMap((arg, index) => (arg === option ? [args[index + 1]!] : []))
}

// ---------------------------------------------------------------- running the JavaScript

interface PortalCall {
  url: string
  headers: Record<string, string>
  body: Record<string, unknown>
}

/** Runs the JavaScript snippet against a portal of `matching` records that sends at most `cap` a call. */
async function runJavaScript(
  snippet: string,
  { matching, cap = 50, env = {} }: { matching: number; cap?: number; env?: Record<string, string> },
): Promise<{ calls: PortalCall[]; printed: CkanRecord[] }> {
  const calls: PortalCall[] = []
  const fakeFetch = (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => {
    expect(init.method).toBe('POST')
    const body = JSON.parse(init.body) as Record<string, unknown>
    calls.push({ url, headers: init.headers, body })
    const offset = body.offset as number
    const count = Math.max(0, Math.min(body.limit as number, cap, matching - offset))
    const records = Array.from({ length: count }, (_, index) => ({ n: offset + index }))
    return Promise.resolve(new Response(JSON.stringify({ success: true, result: { records } })))
  }
  const printed: string[] = []
  const fakeConsole = { log: (text: string) => printed.push(text) }
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>
  await new AsyncFunction('fetch', 'process', 'console', snippet)(fakeFetch, { env }, fakeConsole)
  expect(printed).toHaveLength(1)
  return { calls, printed: JSON.parse(printed[0]!) as CkanRecord[] }
}

// ---------------------------------------------------------------- reading Python and R literals

/**
 * Reads the literal assigned to `name` (`query = {…}` / `query <- list(…)`) by the language's own
 * rules for the parts the snippets use: strings and their escapes, numbers, True/TRUE…, lists, dicts.
 */
function readLiteral(code: string, name: string, language: 'python' | 'r'): unknown {
  const assignment = language === 'python' ? `\n${name} = ` : `\n${name} <- `
  const start = code.indexOf(assignment)
  expect(start, `${name} is assigned`).toBeGreaterThanOrEqual(0)
  let at = start + assignment.length
  const skipSpace = () => {
    while (/\s/.test(code[at] ?? '')) at++
  }
  const expectText = (text: string) => {
    skipSpace()
    if (!code.startsWith(text, at)) throw new Error(`expected ${text} at ${code.slice(at, at + 20)}`)
    at += text.length
  }
  const readString = (): string => {
    const quote = code[at]
    if (quote !== '"') throw new Error(`a string starts with " here, not ${code.slice(at, at + 10)}`)
    at++
    let text = ''
    for (;;) {
      const char = code[at++]
      if (char === undefined) throw new Error('unclosed string')
      if (char === quote) return text
      if (char === '\n' && language === 'python') throw new Error('a newline inside a Python string')
      if (char !== '\\') {
        text += char
        continue
      }
      const escape = code[at++]!
      const simple: Record<string, string> = {
        n: '\n',
        r: '\r',
        t: '\t',
        b: '\b',
        f: '\f',
        v: '\v',
        a: '\x07',
      }
      if (escape === '\\' || escape === '"' || escape === "'") text += escape
      else if (Object.hasOwn(simple, escape)) text += simple[escape]
      else if (escape === 'u') {
        const hex = code.slice(at, at + 4)
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Error(`bad \\u escape ${hex}`)
        if (language === 'r' && hex === '0000') throw new Error('R has no NUL in strings')
        text += String.fromCharCode(parseInt(hex, 16))
        at += 4
      } else if (language === 'python')
        text += `\\${escape}` // Python keeps an unknown escape as it is
      else throw new Error(`R refuses the escape \\${escape}`)
    }
  }
  const readValue = (): unknown => {
    skipSpace()
    const rest = code.slice(at)
    const word = /^(True|False|None|TRUE|FALSE|NULL)\b/.exec(rest)?.[1]
    if (word) {
      at += word.length
      const python = { True: true, False: false, None: null } as Record<string, unknown>
      const r = { TRUE: true, FALSE: false, NULL: null } as Record<string, unknown>
      const table = language === 'python' ? python : r
      if (!Object.hasOwn(table, word)) throw new Error(`${word} is not a ${language} word`)
      return table[word]
    }
    const number = /^-?\d+(\.\d+)?(e[+-]?\d+)?/i.exec(rest)?.[0]
    if (number) {
      at += number.length
      return Number(number)
    }
    if (rest.startsWith('"')) return readString()
    return language === 'python' ? readPythonContainer() : readRList()
  }
  const readPythonContainer = (): unknown => {
    const open = code[at++]
    const close = open === '[' ? ']' : open === '{' ? '}' : null
    if (!close) throw new Error(`unexpected ${open}`)
    const items: unknown[] = []
    const entries: [string, unknown][] = []
    for (;;) {
      skipSpace()
      if (code[at] === close) {
        at++
        break
      }
      if (open === '[') items.push(readValue())
      else {
        const key = readValue()
        if (typeof key !== 'string') throw new Error('a dict key here is a string')
        expectText(':')
        entries.push([key, readValue()])
      }
      skipSpace()
      if (code[at] === ',') at++
      else if (code[at] !== close) throw new Error(`expected , or ${close} at ${code.slice(at, at + 20)}`)
    }
    return open === '[' ? items : ownEntries(entries)
  }
  const readRList = (): unknown => {
    expectText('list(')
    const items: unknown[] = []
    const entries: [string, unknown][] = []
    for (;;) {
      skipSpace()
      if (code[at] === ')') {
        at++
        break
      }
      const bare = /^([A-Za-z][A-Za-z0-9_.]*) *= /.exec(code.slice(at))
      if (bare) {
        at += bare[0].length
        entries.push([bare[1]!, readValue()])
      } else {
        const value = readValue()
        skipSpace()
        if (code.startsWith('= ', at) && typeof value === 'string') {
          at += 2
          entries.push([value, readValue()])
        } else items.push(value)
      }
      skipSpace()
      if (code[at] === ',') {
        at++
        skipSpace()
        if (code[at] === ')') throw new Error('R reads a trailing comma as an empty argument')
      } else if (code[at] !== ')') throw new Error(`expected , or ) at ${code.slice(at, at + 20)}`)
    }
    if (items.length > 0 && entries.length > 0) throw new Error('a list mixes names and no names')
    return entries.length > 0 ? ownEntries(entries) : items
  }
  return readValue()
}

function ownEntries(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of entries)
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  return object
}

/** The JavaScript snippet's `query` object, evaluated. */
function javascriptQuery(snippet: string): unknown {
  const start = snippet.indexOf('const query = ')
  const end = snippet.indexOf('\n}\n', start)
  return new Function(`${snippet.slice(start, end + 2)}; return query`)()
}

// ---------------------------------------------------------------- tests

describe('the view as code', () => {
  it('gives the page link and a GET address with the view’s search, filters, sort, limit and visible columns', () => {
    const snippets = snippetsOf({})
    expect(snippets.pageLink).toBe('https://explorer.example/?resource_id=cities')
    const url = new URL(snippets.apiUrl)
    expect(`${url.origin}${url.pathname}`).toBe(ACTION)
    expect([...url.searchParams]).toEqual([
      ['resource_id', 'cities'],
      ['q', "'berl':*"],
      ['plain', 'false'],
      ['filters', JSON.stringify(VIEW_QUERY.filters)],
      ['limit', '100'],
      ['sort', 'year desc nulls last,_id desc'],
      ['fields', 'city,country,year'],
    ])
    expect(snippets.addressInexact).toBe(false)
  })

  it('curl POSTs the view’s query as JSON with its limit', () => {
    const args = curlArguments(snippetsOf({ limit: 500 }).curl)
    expect(args.at(-1)).toBe(ACTION)
    expect(optionValue(args, '-H')).toEqual(['Content-Type: application/json'])
    expect(JSON.parse(optionValue(args, '--data-raw')[0]!)).toEqual({ ...VIEW_QUERY, limit: 500 })
  })

  it('the JavaScript asks for the view’s limit, and pages past a portal that sends fewer per call', async () => {
    const { calls, printed } = await runJavaScript(snippetsOf({ limit: 120 }).javascript, { matching: 1000 })
    expect(calls.map((call) => call.url)).toEqual([ACTION, ACTION, ACTION])
    expect(calls.map((call) => call.body)).toEqual([
      { ...VIEW_QUERY, offset: 0, limit: 120 },
      { ...VIEW_QUERY, offset: 50, limit: 70 },
      { ...VIEW_QUERY, offset: 100, limit: 20 },
    ])
    expect(printed.map((record) => record.n)).toEqual(Array.from({ length: 120 }, (_, n) => n))
    expect(calls[0]!.headers).not.toHaveProperty('Authorization')
  })

  it('the JavaScript stops when fewer records match than the limit', async () => {
    const { printed, calls } = await runJavaScript(snippetsOf({ limit: 100 }).javascript, { matching: 30 })
    expect(printed).toHaveLength(30)
    expect(calls.at(-1)!.body.offset).toBe(30)
  })

  it('asks for the columns in the order the grid shows them: kept in view first, then as arranged', () => {
    const snippets = snippetsOf({ columns: ['year', 'city'], pinned: ['country'] })
    expect(readLiteral(snippets.python, 'query', 'python')).toMatchObject({
      fields: ['country', 'year', 'city'],
    })
    const url = new URL(curlArguments(snippetsOf({ columns: ['year'], limit: 'all' }).curl).at(-1)!)
    expect(url.searchParams.get('fields')).toBe('year,city,country')
  })

  it('Python and R send the same query, and carry the limit', () => {
    const snippets = snippetsOf({ limit: 500 })
    expect(readLiteral(snippets.python, 'query', 'python')).toEqual(VIEW_QUERY)
    expect(readLiteral(snippets.python, 'limit', 'python')).toBe(500)
    expect(readLiteral(snippets.r, 'query', 'r')).toEqual(VIEW_QUERY)
    expect(readLiteral(snippets.r, 'limit', 'r')).toBe(500)
    expect(snippets.python).toContain('requests.post(url, json=body')
    expect(snippets.r).toContain('req_perform(')
  })

  it('with All, curl downloads the dump of the same query, and the others page through every record', async () => {
    const snippets = snippetsOf({ limit: 'all' })
    expect(snippets.curlUsesDump).toBe(true)
    const url = new URL(curlArguments(snippets.curl).at(-1)!)
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/datastore/dump/cities`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'csv',
      q: "'berl':*",
      plain: 'false',
      filters: JSON.stringify(VIEW_QUERY.filters),
      sort: 'year desc nulls last,_id desc',
      fields: 'city,country,year',
    })
    expect(new URL(snippets.apiUrl).searchParams.get('limit')).toBe(String(SNIPPET_PAGE_SIZE))

    const { calls, printed } = await runJavaScript(snippets.javascript, { matching: 120 })
    expect(calls.map((call) => [call.body.offset, call.body.limit])).toEqual([
      [0, SNIPPET_PAGE_SIZE],
      [50, SNIPPET_PAGE_SIZE],
      [100, SNIPPET_PAGE_SIZE],
      [120, SNIPPET_PAGE_SIZE],
    ])
    expect(printed).toHaveLength(120)
    expect(snippets.python).toMatch(/^limit = None\b/m)
    expect(snippets.r).toMatch(/^limit <- Inf\b/m)
  })

  it('a limit above one call’s is the dump’s limit for curl', () => {
    const snippets = snippetsOf({ limit: 50_000 })
    const url = new URL(curlArguments(snippets.curl).at(-1)!)
    expect(url.pathname).toBe('/data/en/datastore/dump/cities')
    expect(url.searchParams.get('limit')).toBe('50000')
  })

  it('with no search, filters or sort, sends the resource, the `_id` order the table pages in and the columns', () => {
    const snippets = snippetsOf({ q: '', filters: [], sort: [], hidden: ['_id'] })
    expect(readLiteral(snippets.python, 'query', 'python')).toEqual({
      resource_id: 'cities',
      sort: ['_id'],
      fields: ['city', 'country', 'year', 'population'],
    })
  })

  it('whole-word search goes as CKAN’s plain search', () => {
    const snippets = snippetsOf({ q: 'New York', searchMode: 'plain' })
    expect(javascriptQuery(snippets.javascript)).toMatchObject({ q: 'New York' })
    expect(javascriptQuery(snippets.javascript)).not.toHaveProperty('plain')
  })

  it('leaves out `nulls last` for a portal older than CKAN 2.10', () => {
    const snippets = codeSnippets({
      baseUrl: BASE,
      request: { resourceId: 'cities', limit: 1, sort: [{ field: 'year', desc: true }] },
      columns: ['year'],
      limit: 10,
      tokenInUse: false,
      nullsLast: false,
    })
    expect(new URL(snippets.apiUrl).searchParams.get('sort')).toBe('year desc')
  })
})

describe('a token in use', () => {
  const portal: Portal = { baseUrl: BASE, token: TOKEN }

  it('is never in a snippet, for any limit', () => {
    for (const limit of [100, 50_000, 'all'] as const) {
      const snippets: CodeSnippets = snippetsOf({ limit }, portal)
      for (const [kind, text] of Object.entries(snippets)) {
        expect(String(text), kind).not.toContain(TOKEN)
        expect(String(text), kind).not.toContain(TOKEN.slice(0, 12))
      }
    }
  })

  it('is read from CKAN_API_TOKEN by every snippet', async () => {
    const snippets = snippetsOf({}, portal)
    const env = { [TOKEN_VARIABLE]: 'from-the-environment' }
    expect(optionValue(curlArguments(snippets.curl, env), '-H')).toContain(
      'Authorization: from-the-environment',
    )
    const { calls } = await runJavaScript(snippets.javascript, { matching: 10, env })
    expect(calls[0]!.headers.Authorization).toBe('from-the-environment')
    await expect(runJavaScript(snippets.javascript, { matching: 10 })).rejects.toThrow(TOKEN_VARIABLE)
    expect(snippets.python).toContain('headers = {"Authorization": os.environ["CKAN_API_TOKEN"]}')
    expect(snippets.r).toContain('Sys.getenv("CKAN_API_TOKEN")')
    expect(snippets.r).toContain('req_headers(req, Authorization = token)')
  })

  it('is not asked for when none is in use', () => {
    const snippets = snippetsOf({})
    for (const text of [snippets.curl, snippets.python, snippets.javascript, snippets.r])
      expect(text).not.toContain(TOKEN_VARIABLE)
  })
})

describe('hostile names and search text', () => {
  const hostile = [
    `it's`,
    'say "hi"',
    '$HOME and $(rm -rf ~) and `id`',
    'back\\slash\\',
    'new\nline\r\ttab',
    '${process.exit(1)}',
    '__proto__',
    'a, b',
    'Ünïcödé ✓ 𝔘',
    'line\u2028separator',
    '\u0001control',
  ]
  const fields: CkanField[] = hostile.map((id) => ({ id, type: 'text' }))
  const state: ExplorerState = {
    ...DEFAULT_STATE,
    resourceId: 'weird',
    q: `it's "quoted" $HOME \\ \n`,
    searchMode: 'plain',
    filters: hostile.map((id) => ({ kind: 'values', field: id, values: [id, `${id}!`] })),
    sort: hostile.slice(0, 3).map((field, index) => ({ field, desc: index === 1 })),
    hidden: ['_id'],
  }
  const snippets = viewSnippets({ baseUrl: BASE }, { ...state, limit: 1000 }, fields)
  const expected = readLiteral(snippets.python, 'query', 'python') as Record<string, unknown>

  it('come out as the same values in every language', async () => {
    expect(expected.q).toBe(state.q)
    expect(expected.fields).toEqual(hostile)
    // CKAN 2.12 writes a name that starts with $ as $$ (it would be an operator otherwise)
    expect(Object.keys(expected.filters as object)).toEqual(hostile.map(keyOfField))
    expect(Object.hasOwn(expected.filters as object, '__proto__')).toBe(true)
    expect(readLiteral(snippets.r, 'query', 'r')).toEqual(expected)
    expect(javascriptQuery(snippets.javascript)).toEqual(expected)
    const { calls } = await runJavaScript(snippets.javascript, { matching: 1 })
    expect(calls[0]!.body).toEqual({ ...expected, offset: 0, limit: 1000 })
    expect(Object.hasOwn(calls[0]!.body.filters as object, '__proto__')).toBe(true)
    const curlBody = JSON.parse(optionValue(curlArguments(snippets.curl), '--data-raw')[0]!) as object
    expect(curlBody).toEqual({ ...expected, limit: 1000 })
  })

  it('reach the dump address whole, except that an address cannot carry a comma in a name', () => {
    const withoutComma = hostile.filter((id) => !id.includes(','))
    const plainState = { ...state, hidden: ['_id', 'a, b'], sort: [] }
    const plainFields = withoutComma.map((id) => ({ id, type: 'text' }))
    const all = viewSnippets({ baseUrl: BASE }, { ...plainState, limit: 'all' }, plainFields)
    const url = new URL(curlArguments(all.curl).at(-1)!)
    expect(url.pathname).toMatch(/\/datastore\/dump\//)
    expect(url.searchParams.get('q')).toBe(state.q)
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual(expected.filters)
    expect(url.searchParams.get('fields')).toBe(withoutComma.join(','))
    const plain = viewSnippets({ baseUrl: BASE }, plainState, plainFields)
    expect(plain.addressInexact).toBe(false)
    expect(new URL(plain.apiUrl).searchParams.get('fields')).toBe(withoutComma.join(','))

    // the dump splits its fields on commas: curl asks datastore_search, whose JSON keeps every name whole
    const withComma = viewSnippets({ baseUrl: BASE }, { ...state, limit: 'all' }, fields)
    expect(withComma.addressInexact).toBe(true)
    expect(withComma.curlUsesDump).toBe(false)
    const body = JSON.parse(optionValue(curlArguments(withComma.curl), '--data-raw')[0]!) as {
      fields: string[]
    }
    expect(body.fields).toEqual(hostile)
  })
})

describe('quoting', () => {
  it('a shell word is read back by sh exactly, whatever it holds', () => {
    const words = fc.sample(
      fc.string({ unit: 'binary', maxLength: 30 }).map((text) => text.replaceAll('\0', '')),
      200,
    )
    words.push(`'`, `''`, `'\\''`, '$HOME', '`id`', '\\', '\n', '!$', '"', '')
    const out = execFileSync('sh', ['-c', `printf '%s\\0' ${words.map(shellQuote).join(' ')}`], {
      encoding: 'utf8',
    })
    expect(out.split('\0').slice(0, -1)).toEqual(words)
  })

  it('an R string keeps what R can hold, and a lone surrogate becomes U+FFFD', () => {
    const read = (text: string) => readLiteral(`\nvalue <- ${rString(text)}\n`, 'value', 'r')
    for (const text of [`a"b`, 'a\\b', 'é\n\t\r', '\u007f\u0001', '𝔘 ✓', "it's"])
      expect(read(text)).toBe(text)
    expect(read('x\ud800y')).toBe('x\ufffdy')
  })
})
