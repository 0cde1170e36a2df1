// The HTTP layer with actions that fail in the ways real ones can: every failure becomes CKAN's
// answer, nothing leaks a stack trace, and the log never contains the token.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QueryError, QueryTimeoutError, type Db } from '../ckan/types.ts'
import { pathForLog, type Action } from '../http/server.ts'
import { startInProcess } from './start-server.ts'

const logLines: string[] = []
let baseUrl: string
let close: () => Promise<void>

const unusedDb: Db = {
  query: () => Promise.reject(new Error('no database in this test')),
  exec: () => Promise.reject(new Error('no database in this test')),
}

const actions: Record<string, Action> = {
  crashes: () => Promise.reject(new Error('secret internal detail at /srv/app.ts:12')),
  times_out: () => Promise.reject(new QueryTimeoutError()),
  bad_sql: () => Promise.reject(new QueryError('syntax error at or near "x"', 'SELECT x x', [1])),
  whoami: (data, ctx) => Promise.resolve({ ok: true, result: { data, caller: { ...ctx.caller } } }),
  datastore_create: (data) => Promise.resolve({ ok: true, result: { data } }),
}

beforeAll(async () => {
  const server = await startInProcess({
    db: unusedDb,
    actions,
    tokens: ['s3cret-token'],
    log: (line) => logLines.push(line),
  })
  baseUrl = server.url
  close = server.stop
})
afterAll(async () => {
  await close?.()
})

describe('failures inside actions', () => {
  it('answers any exception with CKAN’s 500 body and no stack trace', async () => {
    const response = await fetch(`${baseUrl}/api/3/action/crashes`)
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ __type: 'Internal Server Error', message: 'Internal Server Error' })
    expect(text).not.toContain('secret internal detail')
  })

  it('maps a statement timeout to 409 "Search took too long"', async () => {
    const response = await fetch(`${baseUrl}/fr/api/3/action/times_out`)
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      help: `${baseUrl}/fr/api/3/action/help_show?name=times_out`,
      success: false,
      error: { query: ['Search took too long'], __type: 'Validation Error' },
    })
  })

  it('maps a PostgreSQL error to 409 "Invalid query" with PostgreSQL’s message, but not the SQL', async () => {
    const response = await fetch(`${baseUrl}/api/3/action/bad_sql`)
    expect(response.status).toBe(409)
    const text = await response.text()
    expect((JSON.parse(text) as { error: unknown }).error).toEqual({
      query: ['Invalid query'],
      info: { orig: ['syntax error at or near "x"'] },
      __type: 'Validation Error',
    })
    expect(text).not.toContain('SELECT')
  })

  it('shows CKAN’s whole info, the SQL and its parameters too, with --debug-errors', async () => {
    const debugServer = await startInProcess({
      db: unusedDb,
      actions,
      tokens: [],
      log: () => {},
      debugErrors: true,
    })
    try {
      const body = (await (await fetch(`${debugServer.url}/api/3/action/bad_sql`)).json()) as {
        error: unknown
      }
      expect(body.error).toEqual({
        query: ['Invalid query'],
        info: { statement: ['SELECT x x'], params: [1], orig: ['syntax error at or near "x"'] },
        __type: 'Validation Error',
      })
    } finally {
      await debugServer.stop()
    }
  })
})

describe('callers and methods', () => {
  it('passes the data dict and the caller, and drops callback (anonymous) from POSTs too', async () => {
    const authorised = await fetch(`${baseUrl}/api/action/whoami?a=1&a=2`, {
      headers: { Authorization: 's3cret-token' },
    })
    expect(((await authorised.json()) as { result: unknown }).result).toEqual({
      data: { a: ['1', '2'] },
      caller: { authorised: true, name: 'admin' },
    })
    const jsonp = await fetch(`${baseUrl}/api/action/whoami`, {
      method: 'POST',
      headers: { Authorization: 's3cret-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ callback: 'cb', b: true }),
    })
    expect(((await jsonp.json()) as { result: unknown }).result).toEqual({
      data: { b: true },
      caller: { authorised: false, name: '' },
    })
  })

  it('refuses GET for an action with side effects, as CKAN does', async () => {
    const response = await fetch(`${baseUrl}/api/3/action/datastore_create?resource_id=x`)
    expect(response.status).toBe(400)
    expect(await response.json()).toBe(
      'Bad request: JSON Error: Invalid request. Please use POST method for your request',
    )
  })

  it('answers other methods on action URLs with an HTML 405', async () => {
    const response = await fetch(`${baseUrl}/api/3/action/whoami`, { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('answers a missing app build with an HTML 404 carrying the CSP', async () => {
    const response = await fetch(`${baseUrl}/`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src *; frame-ancestors *",
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('the app’s own files', () => {
  it('give an SVG image the page’s policy, so a script inside it cannot run on this origin', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'svg-app-'))
    await writeFile(
      path.join(root, 'icon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const server = await startInProcess({
      db: unusedDb,
      actions,
      tokens: [],
      log: () => {},
      staticRoot: root,
    })
    try {
      const response = await fetch(`${server.url}/icon.svg`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    } finally {
      await server.stop()
      await rm(root, { recursive: true, force: true })
    }
  })
})

describe('the proxy’s address on a server without it', () => {
  it('answers a CKAN-shaped 404 that a browser takes as data only', async () => {
    const response = await fetch(
      `${baseUrl}/proxy?url=${encodeURIComponent('https://x.org/api/3/action/status_show')}`,
    )
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(((await response.json()) as { error: { __type: string } }).error.__type).toBe('Proxy Error')
  })
})

describe('request log', () => {
  it('logs one line per request without the token or query values', async () => {
    logLines.length = 0
    await fetch(`${baseUrl}/api/action/whoami?resource_id=private-thing&q=password123`, {
      headers: { Authorization: 's3cret-token' },
    })
    expect(logLines).toHaveLength(1)
    expect(logLines[0]).toMatch(/^GET \/api\/action\/whoami\?resource_id=…&q=… 200 \d+\.\dms$/)
    expect(logLines.join('\n')).not.toMatch(/s3cret|password123|private-thing/)
  })

  it('pathForLog keeps names only', () => {
    expect(pathForLog('/x?callback=evil&token=abc')).toBe('/x?callback=…&token=…')
    expect(pathForLog('/plain')).toBe('/plain')
  })
})
