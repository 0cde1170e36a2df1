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

/** A data dict: usually the real table, with a few parameters of any value. */
const dataDict = fc
  .record({
    resource_id: fc.oneof(fc.constant('generated'), fc.constant('generated'), jsonValue),
    extra: fc.dictionary(fc.constantFrom(...PARAMS), jsonValue, { maxKeys: 5 }),
  })
  .map(({ resource_id, extra }) => ({ resource_id, ...extra }))

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
