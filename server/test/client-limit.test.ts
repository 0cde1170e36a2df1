// Each client gets a fair share of the API: at most N requests of one address in progress at once
// (429 beyond, in CKAN's error shape), counted until their work is done even if the client left.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../ckan/types.ts'
import { clientKey } from '../http/client-limit.ts'
import type { Action } from '../http/server.ts'
import { startInProcess } from './start-server.ts'

describe('clientKey', () => {
  it('counts IPv4 by address and IPv6 by /64, whatever the notation', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('a cap on the requests one client has in progress', () => {
  const unusedDb: Db = {
    query: () => Promise.reject(new Error('no database in this test')),
    exec: () => Promise.reject(new Error('no database in this test')),
  }
  let release: () => void = () => {}
  let held = 0
  let gate = Promise.resolve()
  const actions: Record<string, Action> = {
    hold: async () => {
      held++
      await gate
      held--
      return { ok: true, result: {} }
    },
    quick: () => Promise.resolve({ ok: true, result: { fine: true } }),
  }
  const logLines: string[] = []
  let baseUrl: string
  let stop: () => Promise<void>

  beforeAll(async () => {
    const server = await startInProcess({
      db: unusedDb,
      actions,
      tokens: [],
      log: (line) => logLines.push(line),
      maxClientRequests: 2,
    })
    baseUrl = server.url
    stop = server.stop
  })
  afterAll(async () => {
    release()
    await stop?.()
  })

  it('answers 429 in CKAN’s shape beyond the cap, and serves the client again once one is done', async () => {
    gate = new Promise((resolve) => (release = resolve))
    const first = fetch(`${baseUrl}/api/3/action/hold`)
    const gone = new AbortController()
    // a client that leaves does not give its place back before its work is done
    const second = fetch(`${baseUrl}/api/3/action/hold`, { signal: gone.signal }).catch((e: unknown) => e)
    await vi.waitUntil(() => held === 2, { timeout: 10_000 })
    gone.abort()
    await second

    const refused = await fetch(`${baseUrl}/api/3/action/quick`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ some: 'body' }),
    })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect(await refused.json()).toEqual({
      help: '',
      success: false,
      error: {
        __type: 'Too Many Requests',
        message:
          'Too many requests from your address at once: at most 2 may be in progress. Wait for some to finish, then try again.',
      },
    })
    // files and the runtime config are not counted
    expect((await fetch(`${baseUrl}/config.json`)).status).toBe(200)

    release()
    expect((await first).status).toBe(200)
    await vi.waitUntil(() => held === 0, { timeout: 10_000 })
    const again = await fetch(`${baseUrl}/api/3/action/quick`)
    expect(again.status).toBe(200)
    expect(logLines.some((line) => /^POST \/api\/3\/action\/quick 429 /.test(line))).toBe(true)
  }, 30_000)
})
