// Property-based fuzzing of datastore_search over real HTTP: thousands of generated and hostile
// requests (every parameter, as a GET query, a JSON body and a form body) must each get CKAN's
// answer shape with a 2xx or 4xx status, never a 5xx, and a normal search must still work after.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './start-server.ts'

let server: RunningServer

beforeAll(async () => {
  server = await startServer(['--rows', '500', '--timeout-ms', '2000', '--quiet'])
})
afterAll(async () => {
  await server?.stop()
})

const RUNS = Number(process.env.FUZZ_RUNS) || 2500
const COLUMNS = [
  'name',
  'country',
  'year',
  'population',
  'city name',
  'année',
  'größe',
  'tags',
  'details',
  'active',
]

/** Values anybody could send: right types, wrong types, hostile text, huge and odd numbers. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '   ',
    '*',
    ':*',
    '&|!',
    "'; DROP TABLE generated; --",
    '" OR 1=1 --',
    '\u0000',
    '\\',
    '%',
    '_id',
    '__proto__',
    'constructor',
    '😀',
    'ש',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '99999999999999999999',
    'null',
    'true',
    '[]',
    '{}',
    '[1]',
    '"str"',
    '{"year": [2001]}',
    '{"nosuch": 1}',
    // CKAN 2.12's filters, and what 2.12 itself answers with a 500
    '{"year": {"gte": 2000, "lt": "x"}}',
    '[{"year": 2001}, {"$or": []}]',
    '{"year": {}}',
    '{"year": {"in": 5}}',
    '{"year": {"$and": [{"gt": 1}]}}',
    '{"$or": {"year": 1}}',
    'year desc',
    '"year" desc, name',
    'name nulls first',
    'year desc nulls last',
    'generated',
    'all',
  ),
  fc.constantFrom(...COLUMNS),
)

/** CKAN 2.12's filter operators, so that generated dicts nest operations too. */
const FILTER_KEYS = ['$or', '$and', '$not', '$$year', 'eq', 'gt', 'gte', 'lt', 'lte', 'in', 'ne']

const jsonLeaf = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0),
)
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom(...COLUMNS, ...FILTER_KEYS)), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value

const PARAMS = [
  'resource_id',
  'id',
  'q',
  'plain',
  'language',
  'filters',
  'distinct',
  'fields',
  'sort',
  'limit',
  'offset',
  'records_format',
  'include_total',
  'total_estimation_threshold',
  'include_next_page',
  'full_text',
  'callback',
  'unknown_param',
]

const words = (n: number, word = 'w'): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')

/** Inputs around this server's limits (docs/server.md, "Limits"): long searches, long `fields`. */
const bigInput = fc.oneof(
  fc.integer({ min: 90, max: 3000 }).map((n) => ({ q: words(n) })),
  fc.integer({ min: 90, max: 400 }).map((n) => ({ q: `${words(n).replace(/ /g, ':* | ')}:*`, plain: false })),
  fc.integer({ min: 40, max: 400 }).map((n) => ({ q: { name: words(n), notes: words(n) } })),
  fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom(...COLUMNS)).map(([n, column]) => ({
    fields: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? column : `c${i}`)),
  })),
)

/** A data dict: usually the real table, with a few parameters of any value. */
const dataDict = fc
  .record({
    resource_id: fc.oneof(fc.constant('generated'), fc.constant('generated'), jsonValue),
    extra: fc.dictionary(fc.constantFrom(...PARAMS), jsonValue, { maxKeys: 5 }),
    big: fc.option(bigInput, { freq: 10 }),
  })
  .map(({ resource_id, extra, big }) => ({ resource_id, ...extra, ...big }))

type Way = 'get' | 'json' | 'form'

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

async function send(way: Way, data: Record<string, unknown>): Promise<Response> {
  const url = `${server.url}/api/3/action/datastore_search`
  if (way === 'json') {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
    })
  }
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(data)) params.append(key, asText(value))
  if (way === 'get') return fetch(`${url}?${params.toString()}`)
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: params.toString(),
  })
}

/**
 * CKAN's answer shapes: the envelope (`help`, `success`, and `result` or `error`), or, for a request
 * CKAN cannot read at all (bad JSON, an unknown action), its bare "Bad request - …" string with 400.
 * A JSONP `callback` wraps a successful envelope in a function call.
 */
function expectCkanShape(status: number, body: string, jsonp: boolean): void {
  expect(status, body.slice(0, 300)).toBeGreaterThanOrEqual(200)
  expect(status, body.slice(0, 300)).toBeLessThan(500)
  if (jsonp && status === 200 && /\(\{.*\}\);$/s.test(body)) return
  const parsed = JSON.parse(body) as unknown
  if (typeof parsed === 'string') {
    expect(status).toBe(400)
    expect(parsed).toMatch(/^Bad request/)
    return
  }
  expect(parsed).toMatchObject({ help: expect.any(String), success: status < 300 })
  const envelope = parsed as Record<string, unknown>
  expect(status < 300 ? 'result' in envelope : 'error' in envelope).toBe(true)
  // without --debug-errors, no answer shows the SQL or its parameters (docs/server.md)
  const info = (envelope.error as { info?: Record<string, unknown> } | undefined)?.info
  if (info) expect(Object.keys(info)).toEqual(['orig'])
}

describe('datastore_search under fuzzing', () => {
  it('answers every generated request with CKAN’s shape and a 2xx or 4xx status, then still searches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Way>('get', 'json', 'form'), dataDict, async (way, data) => {
        const response = await send(way, data)
        const body = await response.text()
        expectCkanShape(response.status, body, 'callback' in data)
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 120_000 },
    )
    const normal = await fetch(`${server.url}/api/3/action/datastore_search?resource_id=generated&limit=2`)
    expect(normal.status).toBe(200)
    expect(((await normal.json()) as { result: { records: unknown[] } }).result.records).toHaveLength(2)
  }, 240_000)

  it('answers the hostile cases people found by hand', async () => {
    const cases: Array<[Way, Record<string, unknown>]> = [
      ['get', { resource_id: 'generated', filters: 'null' }],
      ['get', { resource_id: 'generated', filters: '[1]' }],
      ['get', { resource_id: 'generated', filters: '-1' }],
      ['get', { resource_id: 'generated', filters: '"str"' }],
      ['get', { resource_id: 'generated', limit: ' ' }],
      ['json', { resource_id: 'generated', q: 123 }],
      ['json', { resource_id: 'generated', q: true }],
      ['json', { resource_id: 'generated', distinct: [] }],
    ]
    for (const [way, data] of cases) {
      const response = await send(way, data)
      expectCkanShape(response.status, await response.text(), false)
    }
    // an address over Node's 16 KB of headers: 431 in CKAN's envelope, not an empty answer
    const longAddress = await send('get', {
      resource_id: 'generated',
      fields: Array.from({ length: 2000 }, (_, i) => `c${i}`),
    })
    const longBody = await longAddress.text()
    expect(longAddress.status).toBe(431)
    expectCkanShape(longAddress.status, longBody, false)
    expect(JSON.parse(longBody)).toMatchObject({ error: { __type: 'Request Header Fields Too Large' } })
    // over the limits: searches and field lists that would hold the database for up to a minute
    const tooManyTerms = {
      q: ['Too many search terms: a search may have at most 100 words in all'],
      __type: 'Validation Error',
    }
    const overLimits: Array<[Way, Record<string, unknown>, Record<string, unknown>]> = [
      // a 0.9 MB POST whose `q` has 130,000 words (under the 1 MB body limit)
      ['json', { resource_id: 'generated', q: words(130_000) }, tooManyTerms],
      [
        'json',
        { resource_id: 'generated', q: `${words(20_000).replace(/ /g, ':* | ')}:*`, plain: false },
        tooManyTerms,
      ],
      ['form', { resource_id: 'generated', q: words(5_000) }, tooManyTerms],
      ['json', { resource_id: 'generated', q: { name: words(60), notes: words(60) } }, tooManyTerms],
      [
        'json',
        { resource_id: 'generated', full_text: words(101) },
        { full_text: tooManyTerms.q, __type: 'Validation Error' },
      ],
      [
        'json',
        { resource_id: 'generated', fields: Array.from({ length: 1601 }, (_, i) => `c${i}`) },
        { fields: ['Too many fields: at most 1600 may be listed'], __type: 'Validation Error' },
      ],
      [
        'get',
        { resource_id: 'generated', fields: Array<string>(1000).fill('name').join(','), distinct: 'true' },
        { fields: ['Field "name" is listed more than once'], __type: 'Validation Error' },
      ],
    ]
    for (const [way, data, error] of overLimits) {
      const response = await send(way, data)
      const text = await response.text()
      expectCkanShape(response.status, text, false)
      expect(response.status).toBe(409)
      expect((JSON.parse(text) as { error: unknown }).error).toEqual(error)
    }
    // an invalid query says what PostgreSQL found wrong, not the SQL it was
    const invalid = await send('get', { resource_id: 'generated', q: 'a & | b', plain: 'false' })
    const invalidText = await invalid.text()
    expect(invalid.status).toBe(409)
    expect((JSON.parse(invalidText) as { error: unknown }).error).toEqual({
      query: ['Invalid query'],
      info: { orig: [expect.stringMatching(/syntax error in tsquery/)] },
      __type: 'Validation Error',
    })
    expect(invalidText).not.toMatch(/select|_full_text/i)
    // bodies nested 5,000 deep (written by hand: JSON.stringify itself cannot go that deep)
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    for (const body of [
      `{"resource_id": "generated", "q": ${deep}}`,
      `{"resource_id": "generated", "filters": {"year": ${deep}}}`,
      deep,
    ]) {
      const response = await fetch(`${server.url}/api/3/action/datastore_search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
      expectCkanShape(response.status, await response.text(), false)
    }
  })
})
