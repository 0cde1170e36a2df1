// The proxy against local HTTP servers: a stand-in portal (allowed by origin, as --proxy-allow does)
// and the SSRF rules, each of which must refuse before any connection is made.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProxy, PROXY_ERROR_TYPE, type ProxyOptions } from './proxy.ts'

/** What a hostile or broken portal might answer: a page that runs script on whoever serves it. */
const HOSTILE_PAGE = '<!doctype html><script>alert(document.cookie)</script><svg onload=alert(1)>'

/** The headers that make every answer of the proxy data only, whatever the portal sent. */
const DATA_ONLY = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
}

function expectDataOnly(headers: Headers, contentType: string, what: string): void {
  expect(headers.get('content-type'), what).toBe(contentType)
  for (const [name, value] of Object.entries(DATA_ONLY))
    expect(headers.get(name), `${what}: ${name}`).toBe(value)
}

interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )
}

let portal: http.Server
let portalOrigin = ''
const seen: Seen[] = []
let metadataHits = 0
let metadata: http.Server
let metadataOrigin = ''

beforeAll(async () => {
  portal = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      const path = request.url ?? ''
      if (path.includes('/redirect/')) {
        response.writeHead(302, { Location: `${metadataOrigin}/latest/meta-data/` })
        response.end()
      } else if (path.includes('/slow/')) {
        setTimeout(() => {
          response.writeHead(200, { 'Content-Type': 'application/json' })
          response.end('{}')
        }, 2_000)
      } else if (path.includes('/big/')) {
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(`{"help": "", "success": true, "result": "${'x'.repeat(50_000)}"}`)
      } else if (path.includes('/gzip/')) {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
        response.end(gzipSync('{"help": "", "success": true, "result": {}}'))
      } else if (new URL(path, 'http://x').searchParams.has('type')) {
        // the test says which Content-Type the portal answers with ('' for none), and the body
        const asked = new URL(path, 'http://x').searchParams
        const type = asked.get('type')!
        response.writeHead(Number(asked.get('status') ?? 200), type === '' ? {} : { 'Content-Type': type })
        response.end(asked.get('body') ?? HOSTILE_PAGE)
      } else if (path.includes('resource_id=missing')) {
        response.writeHead(404, { 'Content-Type': 'application/json;charset=utf-8' })
        response.end(
          '{"help": "", "success": false, "error": {"__type": "Not Found Error", "message": "Not found"}}',
        )
      } else {
        response.writeHead(200, {
          'Content-Type': 'application/json;charset=utf-8',
          'Set-Cookie': 'session=abc',
        })
        response.end(JSON.stringify({ help: '', success: true, result: { records: [{ a: 1 }] } }))
      }
    })
  })
  metadata = http.createServer((_request, response) => {
    metadataHits++
    response.end('secret')
  })
  portalOrigin = await listen(portal)
  metadataOrigin = await listen(metadata)
})

afterAll(() => {
  portal.close()
  metadata.close()
})

/** A server that runs only the proxy, with these options. */
async function proxyServer(options: Partial<ProxyOptions> = {}): Promise<{ url: string; close(): void }> {
  const proxy = createProxy({ allowedOrigins: new Set([portalOrigin]), ...options })
  const server = http.createServer((request, response) => void proxy(request, response))
  const origin = await listen(server)
  return { url: `${origin}/proxy`, close: () => server.close() }
}

async function through(
  proxyUrl: string,
  target: string,
  init: RequestInit = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(`${proxyUrl}?url=${encodeURIComponent(target)}`, init)
  return { status: response.status, body: await response.text(), headers: response.headers }
}

function refusal(body: string): string {
  const parsed = JSON.parse(body) as { success: boolean; error: { __type: string; message: string } }
  expect(parsed.success).toBe(false)
  expect(parsed.error.__type).toBe(PROXY_ERROR_TYPE)
  return parsed.error.message
}

describe('the read-only portal proxy', () => {
  it('forwards a GET and a POST with the portal’s status and JSON, and the token', async () => {
    const proxy = await proxyServer()
    try {
      const get = await through(
        proxy.url,
        `${portalOrigin}/en/api/3/action/datastore_search?resource_id=a&q=x`,
      )
      expect(get.status).toBe(200)
      expect(JSON.parse(get.body).result.records).toEqual([{ a: 1 }])
      expect(seen.at(-1)!.url).toBe('/en/api/3/action/datastore_search?resource_id=a&q=x')

      const post = await through(proxy.url, `${portalOrigin}/en/api/3/action/datastore_search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'tok-123' },
        body: JSON.stringify({ resource_id: 'a', filters: { year: [2001] } }),
      })
      expect(post.status).toBe(200)
      expect(seen.at(-1)!.method).toBe('POST')
      expect(JSON.parse(seen.at(-1)!.body)).toEqual({ resource_id: 'a', filters: { year: [2001] } })
      expect(seen.at(-1)!.headers.authorization).toBe('tok-123')

      const missing = await through(
        proxy.url,
        `${portalOrigin}/en/api/3/action/datastore_search?resource_id=missing`,
      )
      expect(missing.status).toBe(404)
      expect(JSON.parse(missing.body).error.__type).toBe('Not Found Error')
    } finally {
      proxy.close()
    }
  })

  it('passes no cookie either way', async () => {
    const proxy = await proxyServer()
    try {
      const answer = await through(proxy.url, `${portalOrigin}/en/api/3/action/package_search`, {
        headers: { Cookie: 'ckan=session-of-the-user' },
      })
      expect(answer.status).toBe(200)
      expect(seen.at(-1)!.headers.cookie).toBeUndefined()
      expect(answer.headers.get('set-cookie')).toBeNull()
    } finally {
      proxy.close()
    }
  })

  it('refuses http: portals that were not allowed by name', async () => {
    const proxy = await proxyServer({ allowedOrigins: new Set() })
    try {
      const answer = await through(proxy.url, `${portalOrigin}/en/api/3/action/datastore_search`)
      expect(answer.status).toBe(403)
      expect(refusal(answer.body)).toMatch(/https/)
    } finally {
      proxy.close()
    }
  })

  it('refuses loopback, private, link-local and metadata addresses, as https: too', async () => {
    const proxy = await proxyServer()
    const before = seen.length
    try {
      for (const host of [
        '127.0.0.1',
        '10.1.2.3',
        '169.254.169.254',
        '[::1]',
        '[::ffff:127.0.0.1]',
        '192.168.0.10',
      ]) {
        const answer = await through(proxy.url, `https://${host}/api/3/action/datastore_search`)
        expect(answer.status, host).toBe(403)
        expect(refusal(answer.body)).toBe('This server does not fetch from private network addresses.')
      }
      expect(seen.length).toBe(before)
    } finally {
      proxy.close()
    }
  })

  it('refuses a name that resolves to a private address (resolved once, then pinned)', async () => {
    const resolved: string[] = []
    const proxy = await proxyServer({
      resolve: async (hostname) => {
        resolved.push(hostname)
        return [{ address: '10.0.0.7', family: 4 }]
      },
    })
    try {
      const answer = await through(
        proxy.url,
        'https://portal.rebinding.example/api/3/action/datastore_search',
      )
      expect(answer.status).toBe(403)
      expect(refusal(answer.body)).toMatch(/private network/)
      expect(resolved).toEqual(['portal.rebinding.example'])
    } finally {
      proxy.close()
    }
  })

  it('does not follow a redirect, not even one to the metadata service', async () => {
    const proxy = await proxyServer()
    try {
      const answer = await through(proxy.url, `${portalOrigin}/redirect/api/3/action/datastore_search`)
      expect(answer.status).toBe(502)
      expect(refusal(answer.body)).toMatch(/redirect/)
      expect(metadataHits).toBe(0)
    } finally {
      proxy.close()
    }
  })

  it('refuses write actions and addresses that are not CKAN actions', async () => {
    const proxy = await proxyServer()
    try {
      for (const action of ['datastore_upsert', 'datastore_delete', 'package_update']) {
        const answer = await through(proxy.url, `${portalOrigin}/api/3/action/${action}`, {
          method: 'POST',
          body: '{}',
        })
        expect(answer.status).toBe(403)
        expect(refusal(answer.body)).toMatch(/only reads/)
      }
      const page = await through(proxy.url, `${portalOrigin}/dataset/abc`)
      expect(page.status).toBe(400)
      refusal(page.body)
    } finally {
      proxy.close()
    }
  })

  it('refuses a request body over the limit', async () => {
    const proxy = await proxyServer({ maxBodyBytes: 1024 })
    try {
      const answer = await through(proxy.url, `${portalOrigin}/api/3/action/datastore_search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: 'x'.repeat(5_000) }),
      })
      expect(answer.status).toBe(413)
      expect(refusal(answer.body)).toMatch(/too large/)
    } finally {
      proxy.close()
    }
  })

  it('gives a slow portal a time limit, then a plain 504', async () => {
    const proxy = await proxyServer({ timeoutMs: 300 })
    try {
      const answer = await through(proxy.url, `${portalOrigin}/slow/api/3/action/datastore_search`)
      expect(answer.status).toBe(504)
      expect(refusal(answer.body)).toMatch(/did not answer within/)
    } finally {
      proxy.close()
    }
  })

  it('cuts an answer over the size limit rather than hold it', async () => {
    const proxy = await proxyServer({ maxResponseBytes: 10_000 })
    try {
      const outcome = await through(proxy.url, `${portalOrigin}/big/api/3/action/datastore_search`).then(
        (answer) => (answer.body.length < 50_000 ? 'cut' : 'whole'),
        () => 'cut',
      )
      expect(outcome).toBe('cut')
    } finally {
      proxy.close()
    }
  })

  it('says when a portal’s name cannot be found', async () => {
    const proxy = await proxyServer({
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })
      },
    })
    try {
      const answer = await through(proxy.url, 'https://no-such-portal.example/api/3/action/datastore_search')
      expect(answer.status).toBe(502)
      expect(refusal(answer.body)).toMatch(/could not be found/)
    } finally {
      proxy.close()
    }
  })
})

describe('the proxy’s limits per client', () => {
  it('answers 429 beyond the requests one client may have in flight, and serves it again after', async () => {
    const proxy = await proxyServer({ perClient: 1 })
    try {
      const slow = through(proxy.url, `${portalOrigin}/slow/api/3/action/datastore_search`)
      // the slow one is in flight once the portal has seen it
      const seenBefore = seen.length
      await expect.poll(() => seen.length).toBeGreaterThan(seenBefore)
      const second = await through(proxy.url, `${portalOrigin}/en/api/3/action/datastore_search`)
      expect(second.status).toBe(429)
      expect(refusal(second.body)).toMatch(/Too many requests/)
      expect((await slow).status).toBe(200)
      const after = await through(proxy.url, `${portalOrigin}/en/api/3/action/datastore_search`)
      expect(after.status).toBe(200)
    } finally {
      proxy.close()
    }
  })

  it('reads an oversized body to its end before its 413, so the client gets the answer', async () => {
    const proxy = await proxyServer({ maxBodyBytes: 1024 })
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await through(proxy.url, `${portalOrigin}/api/3/action/datastore_search`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ q: 'x'.repeat(12 * 1024) }),
        })
        expect(answer.status).toBe(413)
      }
    } finally {
      proxy.close()
    }
  })
})

describe('what the proxy passes on', () => {
  /** `${portalOrigin}<path>?type=…&body=…`: the stand-in portal answers with that type and body. */
  function typed(path: string, type: string, extra: Record<string, string> = {}): string {
    return `${portalOrigin}${path}?${new URLSearchParams({ type, ...extra })}`
  }

  it('refuses a page, a script, an image, a file or a missing type with a 502 naming it', async () => {
    const proxy = await proxyServer()
    try {
      for (const type of [
        'text/html; charset=utf-8',
        'application/xhtml+xml',
        'text/javascript',
        'image/svg+xml',
        'application/octet-stream',
        'text/plain',
        'text/csv',
      ]) {
        const answer = await through(proxy.url, typed('/en/api/3/action/package_search', type))
        expect(answer.status, type).toBe(502)
        expect(refusal(answer.body)).toBe(
          `The portal answered with ${type.split(';')[0]} (status 200); this server passes on only JSON from a portal’s API.`,
        )
        expect(answer.body).not.toContain('<script>')
        expectDataOnly(answer.headers, 'application/json;charset=utf-8', type)
      }
      const none = await through(proxy.url, typed('/en/api/3/action/package_search', ''))
      expect(none.status).toBe(502)
      expect(refusal(none.body)).toMatch(/without a content type/)
      // an error page is refused too, and its status named
      const page = await through(
        proxy.url,
        typed('/en/api/3/action/package_search', 'text/html', { status: '403' }),
      )
      expect(page.status).toBe(502)
      expect(refusal(page.body)).toMatch(/with text\/html \(status 403\)/)
    } finally {
      proxy.close()
    }
  })

  it('answers with its own Content-Type and headers, never the portal’s', async () => {
    const proxy = await proxyServer()
    try {
      const answer = await through(
        proxy.url,
        typed('/en/api/3/action/package_search', 'Application/JSON; charset=utf-8; x=y', {
          body: '{"help": "", "success": true, "result": {"count": 0}}',
        }),
      )
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body).result).toEqual({ count: 0 })
      expectDataOnly(answer.headers, 'application/json;charset=utf-8', 'forwarded')
    } finally {
      proxy.close()
    }
  })

  it('passes a body that lies about its type as that type, under headers that keep it inert', async () => {
    // the proxy does not read the body (it streams it); nosniff, the sandbox CSP and CORP make the lie
    // harmless: a browser shows it as JSON text, runs nothing, and no other origin can load it
    const proxy = await proxyServer()
    try {
      const answer = await through(proxy.url, typed('/en/api/3/action/package_search', 'application/json'))
      expect(answer.status).toBe(200)
      expect(answer.body).toBe(HOSTILE_PAGE)
      expectDataOnly(answer.headers, 'application/json;charset=utf-8', 'lying body')
    } finally {
      proxy.close()
    }
  })

  it('refuses a compressed answer it did not ask for, rather than pass bytes the page cannot read', async () => {
    const proxy = await proxyServer()
    try {
      const answer = await through(proxy.url, `${portalOrigin}/gzip/api/3/action/package_search`)
      expect(answer.status).toBe(502)
      expect(refusal(answer.body)).toMatch(/compressed/)
    } finally {
      proxy.close()
    }
  })

  it('puts the same headers on every answer of its own: refusals, limits, timeouts', async () => {
    const proxy = await proxyServer({ maxBodyBytes: 1024, timeoutMs: 300, perClient: 1 })
    try {
      const expectations: Array<[string, number, string, RequestInit?]> = [
        ['missing url', 400, ''],
        ['not https', 403, 'http://example.org/api/3/action/package_search'],
        ['odd path', 400, 'https://example.org/etc/passwd&x=/api/3/action/package_search'],
        ['private address', 403, 'https://127.0.0.1/api/3/action/package_search'],
        ['method', 405, `${portalOrigin}/api/3/action/package_search`, { method: 'PUT' }],
        [
          'body too large',
          413,
          `${portalOrigin}/api/3/action/datastore_search`,
          { method: 'POST', body: 'x'.repeat(5_000) },
        ],
        ['redirect', 502, `${portalOrigin}/redirect/api/3/action/datastore_search`],
        ['portal error', 404, `${portalOrigin}/en/api/3/action/datastore_search?resource_id=missing`],
      ]
      for (const [what, status, target, init] of expectations) {
        const answer = await through(proxy.url, target, init)
        expect(answer.status, what).toBe(status)
        expectDataOnly(answer.headers, 'application/json;charset=utf-8', what)
      }
      // one slow call in flight: a second is one too many (429), and the slow one times out (504)
      const seenBefore = seen.length
      const slow = through(proxy.url, `${portalOrigin}/slow/api/3/action/datastore_search`)
      await expect.poll(() => seen.length).toBeGreaterThan(seenBefore)
      const tooMany = await through(proxy.url, `${portalOrigin}/en/api/3/action/datastore_search`)
      expect(tooMany.status).toBe(429)
      expectDataOnly(tooMany.headers, 'application/json;charset=utf-8', 'too many at once')
      const timedOut = await slow
      expect(timedOut.status).toBe(504)
      expectDataOnly(timedOut.headers, 'application/json;charset=utf-8', 'timeout')
    } finally {
      proxy.close()
    }
  })

  it('refuses a path that only ends like an action, before any name is looked up', async () => {
    const lookedUp: string[] = []
    const proxy = await proxyServer({
      resolve: async (hostname) => {
        lookedUp.push(hostname)
        return [{ address: '93.184.216.34', family: 4 }]
      },
    })
    try {
      for (const target of [
        'https://portal.example/etc/passwd&x=/api/3/action/package_search',
        'https://portal.example/a%2Fb/api/3/action/package_search',
        'https://portal.example/en/../api/3/action/package_search',
        'https://portal.example//api/3/action/package_search',
        'https://portal.example/etc/passwd&x=/datastore/dump/abc',
      ]) {
        const answer = await through(proxy.url, target)
        expect(answer.status, target).toBe(400)
        expect(refusal(answer.body), target).toMatch(/letters, digits/)
      }
      expect(lookedUp).toEqual([])
    } finally {
      proxy.close()
    }
  })
})

describe('a table’s dump through the proxy', () => {
  function dump(type: string, format: string): string {
    return `${portalOrigin}/en/datastore/dump/cities-2024?${new URLSearchParams({ format, type, body: 'a,b\n1,2\n' })}`
  }

  it('passes CSV, TSV, JSON and XML, each with its own type and an attachment’s file name', async () => {
    const proxy = await proxyServer()
    try {
      for (const [format, remote, ours] of [
        ['csv', 'text/csv; charset=utf-8', 'text/csv;charset=utf-8'],
        ['tsv', 'text/tab-separated-values; charset=utf-8', 'text/tab-separated-values;charset=utf-8'],
        ['json', 'application/json; charset=utf-8', 'application/json;charset=utf-8'],
        ['xml', 'text/xml; charset=utf-8', 'text/xml;charset=utf-8'],
      ] as const) {
        const answer = await through(proxy.url, dump(remote, format))
        expect(answer.status, format).toBe(200)
        expect(answer.body).toBe('a,b\n1,2\n')
        expectDataOnly(answer.headers, ours, format)
        expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="cities-2024.${format}"`)
        expect(seen.at(-1)!.headers.accept).toBe(
          'text/csv, text/tab-separated-values, application/json, text/xml, application/xml',
        )
      }
    } finally {
      proxy.close()
    }
  })

  it('refuses a page from the dump path, and a dump asked for with POST', async () => {
    const proxy = await proxyServer()
    try {
      const page = await through(proxy.url, dump('text/html', 'csv'))
      expect(page.status).toBe(502)
      expect(refusal(page.body)).toMatch(/with text\/html .* only CSV, TSV, JSON or XML/)
      const before = seen.length
      const post = await through(proxy.url, `${portalOrigin}/en/datastore/dump/cities-2024`, {
        method: 'POST',
        body: '{}',
      })
      expect(post.status).toBe(405)
      expect(refusal(post.body)).toMatch(/GET/)
      expect(seen.length).toBe(before)
    } finally {
      proxy.close()
    }
  })
})
