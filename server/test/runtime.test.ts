// The server over real HTTP: envelope, routes, CKAN request parsing, auth, CORS, JSONP, limits,
// statement timeout, and the CLI's handling of bad flags.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runServer, startServer, type RunningServer } from './start-server.ts'

const TOKEN = 'test-token-0123456789'
const JSON_TYPE = 'application/json;charset=utf-8'
let server: RunningServer

beforeAll(async () => {
  server = await startServer(['--rows', '2000', '--token', TOKEN, '--timeout-ms', '1500', '--quiet'])
})
afterAll(async () => {
  await server?.stop()
})

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, init)
}

async function postJson(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return get(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

describe('envelope and routes', () => {
  it('answers datastore_search with CKAN’s envelope, content type and help URL', async () => {
    const response = await get('/api/3/action/datastore_search?resource_id=generated&limit=3')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(JSON_TYPE)
    const body = (await response.json()) as {
      help: string
      success: boolean
      result: { records: unknown[]; resource_id: string }
    }
    expect(Object.keys(body)).toEqual(['help', 'success', 'result'])
    expect(body.help).toBe(`${server.url}/api/3/action/help_show?name=datastore_search`)
    expect(body.success).toBe(true)
    expect(body.result.resource_id).toBe('generated-cities')
    expect(body.result.records).toHaveLength(3)
  })

  it('serves the same action under /api/action and behind any locale segment', async () => {
    for (const prefix of ['', '/en', '/fr', '/pt_BR', '/zh_Hant_TW']) {
      for (const api of ['/api/action', '/api/3/action']) {
        const response = await get(`${prefix}${api}/datastore_search?resource_id=us-zipcodes&limit=1`)
        expect(response.status, `${prefix}${api}`).toBe(200)
        const body = (await response.json()) as {
          help: string
          result: { records: Array<{ zip_code: string }> }
        }
        expect(body.help).toBe(`${server.url}${prefix}/api/3/action/help_show?name=datastore_search`)
        expect(body.result.records[0]!.zip_code).toBe('00501')
      }
    }
  })

  it('answers unknown actions with CKAN’s bare JSON string and 400', async () => {
    const response = await get('/en/api/3/action/no_such_action')
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe(JSON_TYPE)
    expect(await response.json()).toBe('Bad request: Action name not known: no_such_action')
  })

  it('answers URLs CKAN does not route with an HTML 404 page', async () => {
    for (const path of [
      '/api/4/action/datastore_search',
      '/api/3/action/datastore_search/',
      '/api/nothing',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    }
  })

  it('answers the API version endpoint', async () => {
    expect(await (await get('/api/3')).json()).toEqual({ version: 3 })
  })

  it('serves /config.json with the server itself as the default portal, and where its proxy is', async () => {
    const response = await get('/config.json')
    expect(await response.json()).toEqual({ portal: `${server.url}/en`, proxy: '/proxy' })
  })

  it(
    'turns the proxy off with --no-proxy: no /proxy, and /config.json names none; it names the --public-url',
    { timeout: 120_000 },
    async () => {
      const bare = await startServer([
        '--load',
        'e2e/fixtures/paged-numbers.json',
        '--no-proxy',
        '--public-url',
        'https://data.example.org/explorer',
        '--quiet',
      ])
      try {
        expect(await (await fetch(`${bare.url}/config.json`)).json()).toEqual({
          portal: `${bare.url}/en`,
          publicUrl: 'https://data.example.org/explorer',
        })
        const proxy = await fetch(
          `${bare.url}/proxy?url=${encodeURIComponent('https://x.org/api/3/action/status_show')}`,
        )
        expect(proxy.status).toBe(404)
      } finally {
        await bare.stop()
      }
    },
  )

  it('refuses a private address through its proxy with a CKAN-shaped error in plain words', async () => {
    const response = await get(
      `/proxy?url=${encodeURIComponent('https://169.254.169.254/api/3/action/datastore_search')}`,
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(await response.json()).toMatchObject({
      success: false,
      error: { __type: 'Proxy Error', message: 'This server does not fetch from private network addresses.' },
    })
  })
})

describe('request parsing over HTTP', () => {
  it('accepts POST JSON with real JSON types', async () => {
    const response = await postJson('/api/3/action/datastore_search', {
      resource_id: 'generated',
      filters: { country: ['Japan', 'Kenya'] },
      fields: ['_id', 'country'],
      sort: '_id desc',
      limit: 2,
      include_total: true,
    })
    const body = (await response.json()) as { result: { total: number; records: Array<{ country: string }> } }
    expect(response.status).toBe(200)
    expect(body.result.total).toBe(400) // countries cycle with the row index: 2 of 10, 2000 rows
    expect(body.result.records.every((r) => ['Japan', 'Kenya'].includes(r.country))).toBe(true)
  })

  it('accepts form-encoded POST with filters as JSON text', async () => {
    const form = new URLSearchParams({ resource_id: 'generated', limit: '1', filters: '{"country":"Spain"}' })
    const response = await get('/api/3/action/datastore_search', { method: 'POST', body: form })
    const body = (await response.json()) as { result: { records: Array<{ country: string }> } }
    expect(body.result.records[0]!.country).toBe('Spain')
  })

  it('lets the query string win over a POST JSON body', async () => {
    const response = await postJson('/api/3/action/datastore_search?resource_id=penguins&limit=1', {
      resource_id: 'nope',
    })
    const body = (await response.json()) as { result: { resource_id: string } }
    expect(body.result.resource_id).toBe('penguins')
  })

  it('answers bad and non-object JSON with 400 bare strings, text/plain with a 415 HTML page', async () => {
    const bad = await get('/api/3/action/datastore_search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{nope',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatch(/^Bad request: JSON Error: Error decoding JSON data\./)
    const list = await postJson('/api/3/action/datastore_search', [1, 2])
    expect(list.status).toBe(400)
    expect(await list.json()).toBe(
      'Bad request: JSON Error: Request data JSON decoded to [1, 2] but it needs to be a dictionary.',
    )
    const plain = await get('/api/3/action/datastore_search', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"resource_id":"penguins"}',
    })
    expect(plain.status).toBe(415)
    expect(plain.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('answers CKAN’s 409 validation error for missing resource_id', async () => {
    const response = await get('/api/3/action/datastore_search')
    expect(response.status).toBe(409)
    const body = (await response.json()) as { success: boolean; error: unknown }
    expect(body.success).toBe(false)
    expect(body.error).toEqual({ resource_id: ['Missing value'], __type: 'Validation Error' })
  })

  it('answers 404 for an unknown resource with CKAN’s message', async () => {
    const response = await get('/api/3/action/datastore_search?resource_id=missing-table')
    expect(response.status).toBe(404)
    const body = (await response.json()) as { error: unknown }
    expect(body.error).toEqual({
      __type: 'Not Found Error',
      message: 'Not found: Resource "missing-table" was not found.',
    })
  })

  it('refuses a body over the limit with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ resource_id: 'penguins', q: 'x'.repeat(2 * 1024 * 1024) })
    const response = await get('/api/3/action/datastore_search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: huge,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      success: false,
      error: { __type: 'Request Entity Too Large', message: expect.stringMatching(/too large/) },
    })
    expect((await get('/api/3/action/datastore_search?resource_id=penguins&limit=1')).status).toBe(200)
  })

  it('survives malformed HTTP and keeps serving', async () => {
    const { port, hostname } = new URL(server.url)
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), hostname, () =>
        socket.write('GARBAGE \x00\x01 HTTP/9.9\r\n\r\n'),
      )
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', () => resolve(text))
    })
    expect(reply).toMatch(/^HTTP\/1\.1 400/)
    expect((await get('/api/3')).status).toBe(200)
  })
})

describe('authorisation', () => {
  const privateUrl = '/api/3/action/datastore_search?resource_id=private-budget&limit=1'

  it('refuses a private resource to anonymous callers with CKAN’s 403 body', async () => {
    const response = await get(privateUrl)
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: unknown }).error).toEqual({
      __type: 'Authorization Error',
      message: 'Access denied: User  not authorized to read resource private-budget',
    })
  })

  it('serves it to a caller whose raw Authorization header is a --token value', async () => {
    expect((await get(privateUrl, { headers: { Authorization: TOKEN } })).status).toBe(200)
    expect((await get(privateUrl, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(403)
    expect((await get(privateUrl, { headers: { Authorization: 'wrong' } })).status).toBe(403)
  })

  it('runs JSONP calls as anonymous even with a valid token, and does not wrap errors', async () => {
    const response = await get(`${privateUrl}&callback=cb`, { headers: { Authorization: TOKEN } })
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toBe(JSON_TYPE)
    expect(await response.text()).toMatch(/^\{/)
  })
})

describe('CORS and JSONP', () => {
  it('adds CORS headers only when the request has an Origin', async () => {
    const without = await get('/api/3/action/datastore_search?resource_id=penguins&limit=1')
    expect(without.headers.get('access-control-allow-origin')).toBeNull()
    const withOrigin = await get('/api/3/action/datastore_search?resource_id=penguins&limit=1', {
      headers: { Origin: 'https://example.org' },
    })
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('*')
    expect(withOrigin.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type')
  })

  it('answers a preflight OPTIONS', async () => {
    const response = await get('/api/3/action/datastore_search', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type')
  })

  it('wraps a successful GET with callback as JavaScript, escaping the callback name', async () => {
    const response = await get('/api/3/action/datastore_search?resource_id=penguins&limit=1&callback=handle')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/javascript;charset=utf-8')
    const text = await response.text()
    expect(text).toMatch(/^handle\(\{"help": .*\}\);$/s)
    const payload = JSON.parse(text.slice('handle('.length, -2)) as { success: boolean }
    expect(payload.success).toBe(true)

    const hostile = await get(
      `/api/3/action/datastore_search?resource_id=penguins&limit=1&callback=${encodeURIComponent('<x>"&')}`,
    )
    expect(await hostile.text()).toMatch(/^&lt;x&gt;&#34;&amp;\(/)
  })
})

describe('statement timeout', () => {
  // A search of each text column with 25 terms that match nothing, negated so that every row
  // matches: within the input limits (100 terms), yet each row's texts are made into tsvectors, for
  // the records (sorted on a column without an index) and again for the count. On tens of thousands
  // of rows of long texts it takes seconds, far longer than the timeout, and a one-row query far less. (Small tables can no longer be slow: that is what the limits are for.)
  const slowSearch = (resourceId: string, columns: string[], sort: string) => ({
    resource_id: resourceId,
    q: Object.fromEntries(
      columns.map((column, k) => [column, Array.from({ length: 25 }, (_, i) => `!zz${k}x${i}`).join(' & ')]),
    ),
    plain: false,
    sort,
    limit: 1,
  })
  const post = (baseUrl: string, body: unknown): Promise<Response> =>
    fetch(`${baseUrl}/api/3/action/datastore_search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('answers 409 "Search took too long", serves meanwhile, and recovers', { timeout: 900_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'timeout-dir-'))
    const timed = await startServer(
      // 100,000 rows against a 0.5 s limit: the search takes 2–6 s on 2 cores (about 1 s for 50,000 on
      // a quiet machine, so a 1 s limit was a coin toss there), and the one-row query after it, whose
      // total comes from the catalogue, a few ms
      ['--rows', '100000', '--data-dir', dataDir, '--timeout-ms', '500', '--quiet'],
      {},
      { startTimeoutMs: 600_000 },
    )
    try {
      const started = Date.now()
      const slow = post(
        timed.url,
        slowSearch('generated-cities', ['name', 'country', 'city name', 'notes'], 'score'),
      )
      // what needs no database is answered while the query runs
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await fetch(`${timed.url}/config.json`)).status).toBe(200)
      expect(Date.now() - started).toBeLessThan(500)

      const response = await slow
      expect(response.status).toBe(409)
      expect(((await response.json()) as { error: unknown }).error).toEqual({
        query: ['Search took too long'],
        __type: 'Validation Error',
      })

      const next = await fetch(
        `${timed.url}/api/3/action/datastore_search?resource_id=generated-cities&limit=1&include_total=true`,
      )
      expect(next.status).toBe(200)
      expect(((await next.json()) as { result: { total: number } }).result.total).toBe(100_000)
    } finally {
      await timed.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it(
    'with --load files, a reader beside the primary answers searches while a slow one runs',
    { timeout: 900_000 },
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'timeout-load-'))
      const file = path.join(dir, 'words.csv')
      const words = ['river', 'stone', 'garden', 'harbour', 'market', 'bridge', 'valley', 'forest']
      // about 300 characters each; 30,000 rows make the slow search take seconds, over twice the limit
      const text = (i: number): string =>
        Array.from({ length: 40 }, (_, k) => `${words[(i * (k + 3)) % 8]}${k % 7}`).join(' ')
      const lines = Array.from(
        { length: 30_000 },
        (_, i) => `${i},${words[i % 8]} ${words[(i * 7) % 8]} ${i},${text(i)},${text(i + 1)}`,
      )
      await writeFile(file, ['n,text,more,notes', ...lines].join('\n'))
      const loaded = await startServer(
        ['--load', file, '--timeout-ms', '1000', '--quiet'],
        {},
        { startTimeoutMs: 600_000 },
      )
      try {
        const started = Date.now()
        const slow = post(loaded.url, slowSearch('words', ['text', 'more', 'notes'], 'notes desc'))
        await new Promise((resolve) => setTimeout(resolve, 200))
        const meanwhile = await fetch(`${loaded.url}/api/3/action/datastore_search?resource_id=words&limit=1`)
        expect(meanwhile.status).toBe(200)
        expect(Date.now() - started).toBeLessThan(1000)
        expect((await slow).status).toBe(409)
        const next = await fetch(
          `${loaded.url}/api/3/action/datastore_search?resource_id=words&q=garden&limit=0`,
        )
        expect(((await next.json()) as { result: { total: number } }).result.total).toBe(7500)
      } finally {
        await loaded.stop()
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})

describe('a quick first start', () => {
  it('answers before the big generated table is loaded, lists it with its progress, and searches it once complete', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'first-start-'))
    const fresh = await startServer(
      ['--rows', '60000', '--data-dir', dataDir, '--quiet'],
      {},
      { whenListening: true },
    )
    type Listed = {
      id: string
      name: string
      datastore_rows?: number
      datastore_loading?: { rows_loaded: number; rows_total: number }
    }
    const listing = async (): Promise<Listed[]> => {
      const response = await fetch(`${fresh.url}/api/3/action/package_search?rows=100`)
      const body = (await response.json()) as { result: { results: Array<{ resources: Listed[] }> } }
      return body.result.results.flatMap((dataset) => dataset.resources)
    }
    try {
      // the small tables are there at once, with their human titles and row counts
      const first = await listing()
      expect(first.find((resource) => resource.id === 'seattle-weather')).toMatchObject({
        name: 'Seattle weather, 2012–2015',
        datastore_rows: 1461,
      })
      const penguins = await fetch(`${fresh.url}/api/3/action/datastore_search?resource_id=penguins&limit=1`)
      expect(penguins.status).toBe(200)

      // the generated table is listed while it loads, its progress never goes back, and searching it
      // answers "not found" until it is complete
      const progress: number[] = []
      let sawRefusal = false
      for (;;) {
        const generated = (await listing()).find((resource) => resource.id === 'generated-cities')
        if (generated?.datastore_rows !== undefined) {
          expect(generated.datastore_rows).toBe(60000)
          break
        }
        if (generated?.datastore_loading) {
          expect(generated.datastore_loading.rows_total).toBe(60000)
          progress.push(generated.datastore_loading.rows_loaded)
          const search = await fetch(
            `${fresh.url}/api/3/action/datastore_search?resource_id=generated-cities`,
          )
          if (search.status === 404) sawRefusal = true
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(progress.length).toBeGreaterThan(0)
      expect(progress).toEqual([...progress].sort((a, b) => a - b))
      expect(sawRefusal).toBe(true)
      const done = await fetch(
        `${fresh.url}/api/3/action/datastore_search?resource_id=generated-cities&limit=0`,
      )
      expect(((await done.json()) as { result: { total: number } }).result.total).toBe(60000)
    } finally {
      await fresh.stop()
    }
    // the next start opens the same directory and has everything at once
    const again = await startServer(
      ['--rows', '60000', '--data-dir', dataDir, '--quiet'],
      {},
      { whenListening: true },
    )
    try {
      const search = await fetch(
        `${again.url}/api/3/action/datastore_search?resource_id=generated-cities&limit=0`,
      )
      expect(search.status).toBe(200)
    } finally {
      await again.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 240_000)
})

describe('a --data-dir of other data', () => {
  it('is loaded afresh: its stale table never answers', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stale-dir-'))
    const total = async (url: string): Promise<number | 'loading'> => {
      const response = await fetch(
        `${url}/api/3/action/datastore_search?resource_id=generated-cities&limit=0`,
      )
      if (response.status === 404) return 'loading'
      return ((await response.json()) as { result: { total: number } }).result.total
    }
    try {
      const first = await startServer(['--rows', '2000', '--data-dir', dataDir, '--quiet'])
      expect(await total(first.url)).toBe(2000)
      await first.stop()
      // other data for the same directory: 3,000 rows
      const second = await startServer(
        ['--rows', '3000', '--data-dir', dataDir, '--quiet'],
        {},
        { whenListening: true },
      )
      try {
        const seen: Array<number | 'loading'> = []
        for (let answer = await total(second.url); ; answer = await total(second.url)) {
          seen.push(answer)
          if (answer !== 'loading') break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(seen.at(-1)).toBe(3000)
        expect(seen).not.toContain(2000)
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('command line', () => {
  it.each([
    [['--rows', 'abc'], 'error: --rows expects a whole number, got "abc"'],
    [['--frobnicate'], 'error: unknown option --frobnicate (see --help)'],
    [['--load', 'does-not-exist.csv'], 'error: cannot read does-not-exist.csv: no such file'],
  ])('prints one line and exits with code 2 for %j', async (args, line) => {
    const result = await runServer(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`${line}\n`)
    expect(result.stdout).toBe('')
  })

  it('prints usage for --help', async () => {
    const result = await runServer(['--help'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('--timeout-ms')
  })
})
