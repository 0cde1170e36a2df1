// The proxy against local HTTP servers: a stand-in portal (allowed by origin, as --proxy-allow does)
// and the SSRF rules, each of which must refuse before any connection is made.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProxy, PROXY_ERROR_TYPE, type ProxyOptions } from './proxy.ts'

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
        setTimeout(() => response.end('{}'), 2_000)
      } else if (path.includes('/big/')) {
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(`{"help": "", "success": true, "result": "${'x'.repeat(50_000)}"}`)
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
