// A client that disconnects before its query ran (an aborted fetch: the explorer abandons the pages
// it scrolled past) must not keep the database busy: its queued query is dropped, never run.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { abortableDb, QueryAbortedError } from '../db/abort.ts'
import { PgliteWorkerDb } from '../db/pglite-worker-db.ts'
import type { Action } from '../http/server.ts'
import { startInProcess } from './start-server.ts'

// A few seconds of work for PGlite: keeps the single worker busy while other queries queue up.
const slowSql = 'SELECT count(*)::int AS n FROM generate_series(1, 15000000)'

let db: PgliteWorkerDb

beforeAll(async () => {
  db = await PgliteWorkerDb.open({ timeoutMs: 0 })
  await db.exec('CREATE TABLE marks (a int)')
}, 120_000)
afterAll(async () => {
  await db?.close()
})

async function marks(value: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM marks WHERE a = $1', [value])
  return rows[0]!.n
}

/** Waits (polling every 10 ms, up to 20 s) until `condition` holds. */
const until = (condition: () => boolean) => vi.waitUntil(condition, { timeout: 20_000, interval: 10 })
const untilQueued = (count: number) => until(() => db.waiting >= count)

describe('PgliteWorkerDb with an AbortSignal', () => {
  it('drops a waiting query when its signal aborts, and still runs the others', async () => {
    const slow = db.query(slowSql)
    const gone = new AbortController()
    const dropped = db
      .query('INSERT INTO marks VALUES (1)', [], { signal: gone.signal })
      .catch((e: unknown) => e)
    const kept = db.query('INSERT INTO marks VALUES (2)', [], { signal: new AbortController().signal })
    await untilQueued(2)
    gone.abort()
    expect(await dropped).toBeInstanceOf(QueryAbortedError)
    expect(db.waiting).toBe(1)
    await slow
    await kept
    expect(await marks(1)).toBe(0)
    expect(await marks(2)).toBe(1)
  }, 60_000)

  it('refuses at once a query whose request is already gone', async () => {
    const gone = new AbortController()
    gone.abort()
    const requestDb = abortableDb(db, gone.signal)
    await expect(requestDb.query('INSERT INTO marks VALUES (3)')).rejects.toBeInstanceOf(QueryAbortedError)
    await expect(requestDb.exec('INSERT INTO marks VALUES (3)')).rejects.toBeInstanceOf(QueryAbortedError)
    expect(await marks(3)).toBe(0)
  })
})

describe('the HTTP server', () => {
  const logLines: string[] = []
  let baseUrl: string
  let close: () => Promise<void>

  const actions: Record<string, Action> = {
    slow: async (_data, ctx) => {
      const { rows } = await ctx.db.query<{ n: number }>(slowSql)
      return { ok: true, result: { n: rows[0]!.n } }
    },
    mark: async (data, ctx) => {
      await ctx.db.query('INSERT INTO marks VALUES ($1)', [Number(data.value)])
      return { ok: true, result: {} }
    },
  }

  beforeAll(async () => {
    const server = await startInProcess({ db, actions, tokens: [], log: (line) => logLines.push(line) })
    baseUrl = server.url
    close = server.stop
  })
  afterAll(async () => {
    await close?.()
  })

  it('does not run the query of a request whose client disconnected while it waited', async () => {
    const slow = fetch(`${baseUrl}/api/3/action/slow`)
    await until(() => db.busy)
    const gone = new AbortController()
    const abandoned = fetch(`${baseUrl}/api/3/action/mark?value=4`, { signal: gone.signal }).catch(
      (e: unknown) => e,
    )
    const answered = fetch(`${baseUrl}/api/3/action/mark?value=5`)
    await untilQueued(2)
    gone.abort()
    expect(await abandoned).toBeInstanceOf(Error)
    expect((await slow).status).toBe(200)
    expect((await answered).status).toBe(200)
    expect(await marks(4)).toBe(0)
    expect(await marks(5)).toBe(1)
    expect(logLines.some((line) => /mark\?value=… client gone, not run/.test(line))).toBe(true)
  }, 60_000)
})
