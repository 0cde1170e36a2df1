// No request can hold the server hostage (issue 32): while one hostile request runs, a one-row
// query is answered within a second. Twice: a search too long for the input limits (refused before
// the database sees it), and a statement no limit catches, which the pool of workers must absorb.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { actions as ckanActions } from '../ckan/actions.ts'
import { createResource, initDatastore } from '../ckan/datastore-create.ts'
import { PgliteWorkerDb } from '../db/pglite-worker-db.ts'
import type { Action } from '../http/server.ts'
import { startInProcess, startServer, type RunningServer } from './start-server.ts'

/** The goal of issue 32 (today's main answered after about a minute). */
const ONE_ROW_WITHIN_MS = 1000

/** Asks for one row and says how long the answer took. */
async function oneRow(baseUrl: string, resourceId: string): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}/api/3/action/datastore_search?resource_id=${resourceId}&limit=1`)
  await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}

describe('a search too long for the limits', () => {
  let server: RunningServer
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hostile-'))
    server = await startServer(['--rows', '0', '--data-dir', dataDir, '--timeout-ms', '120000', '--quiet'])
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('is refused at once, and a one-row query sent beside it answers within a second', async () => {
    // a 0.9 MB POST (under the 1 MB body limit) of 90,000 word-start terms ORed: on today's main
    // it ran until the statement timeout, and every other request waited for it
    const terms = Array.from({ length: 90_000 }, (_, i) => `'w${i.toString(36)}':*`).join(' | ')
    const body = JSON.stringify({ resource_id: 'seattle-weather', q: terms, plain: false })
    expect(body.length).toBeGreaterThan(900_000)
    const hostile = fetch(`${server.url}/api/3/action/datastore_search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const probe = await oneRow(server.url, 'seattle-weather')
    expect(probe.status).toBe(200)
    expect(probe.ms).toBeLessThan(ONE_ROW_WITHIN_MS)
    const refused = await hostile
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      q: ['Too many search terms: a search may have at most 100 words in all'],
      __type: 'Validation Error',
    })
  }, 120_000)
})

describe('a statement no limit catches', () => {
  // Minutes of work for PGlite, and nothing a limit on the input could see.
  const endlessSql = 'SELECT count(*)::int AS n FROM generate_series(1, 2000000000)'
  let db: PgliteWorkerDb
  let dataDir: string
  let server: Awaited<ReturnType<typeof startInProcess>>

  const actions: Record<string, Action> = {
    ...ckanActions,
    endless: async (_data, ctx) => {
      const { rows } = await ctx.db.query<{ n: number }>(endlessSql)
      return { ok: true, result: { n: rows[0]!.n } }
    },
  }

  beforeAll(async () => {
    // the default data's set-up: a database in a directory, and a reader on a copy of it
    dataDir = await mkdtemp(path.join(tmpdir(), 'hostile-pool-'))
    db = await PgliteWorkerDb.open({
      timeoutMs: 0,
      dataDir: path.join(dataDir, 'db'),
      snapshotDir: path.join(dataDir, 'copies'),
      readers: 1,
    })
    await initDatastore(db)
    await createResource(db, {
      resource_id: 'weather',
      fields: [
        { id: 'date', type: 'date' },
        { id: 'weather', type: 'text' },
      ],
      records: [
        { date: '2012-01-01', weather: 'drizzle' },
        { date: '2012-01-02', weather: 'rain' },
      ],
    })
    await db.openReaders()
    server = await startInProcess({ db, actions, tokens: [], log: () => {} })
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
    await db?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('runs in one worker while a one-row query is answered by another within a second', async () => {
    const gone = new AbortController()
    let settled = false
    const hostile = fetch(`${server.url}/api/3/action/endless`, { signal: gone.signal })
      .catch((e: unknown) => e)
      .finally(() => (settled = true))
    await vi.waitUntil(() => db.running === 1, { timeout: 20_000, interval: 10 })
    for (let i = 0; i < 3; i++) {
      const probe = await oneRow(server.url, 'weather')
      expect(probe.status).toBe(200)
      expect(probe.ms).toBeLessThan(ONE_ROW_WITHIN_MS)
    }
    expect(settled).toBe(false) // the hostile statement was running all along
    gone.abort()
    await hostile
  }, 120_000)
})
