// A client that disconnects (an aborted fetch: the explorer abandons the pages it scrolled past)
// must not keep the database busy: its queued query is dropped, never run; its running query is
// stopped; and the log says the client left (499), never that the server failed (500).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { actions as ckanActions } from '../ckan/actions.ts'
import { createResource, initDatastore } from '../ckan/datastore-create.ts'
import { abortableDb, QueryAbortedError } from '../db/abort.ts'
import { PgDb } from '../db/pg-db.ts'
import { PgliteWorkerDb } from '../db/pglite-worker-db.ts'
import type { Action } from '../http/server.ts'
import { freshDatabase } from './backends.ts'
import { startInProcess } from './start-server.ts'

// A few seconds of work for PGlite: keeps the single worker busy while other queries queue up.
const slowSql = 'SELECT count(*)::int AS n FROM generate_series(1, 15000000)'
// Minutes of work: it ends only if it is stopped.
const endlessSql = 'SELECT count(*)::int AS n FROM generate_series(1, 2000000000)'

let db: PgliteWorkerDb
let dataDir: string

beforeAll(async () => {
  // a database in a directory, as the default data: a stopped worker is reopened on it, data intact
  dataDir = await mkdtemp(path.join(tmpdir(), 'client-gone-'))
  db = await PgliteWorkerDb.open({ timeoutMs: 0, dataDir: path.join(dataDir, 'db'), readers: 0 })
  await db.exec('CREATE TABLE marks (a int)')
  await initDatastore(db)
  await createResource(db, { resource_id: 'tiny', fields: [{ id: 'a', type: 'int4' }], records: [{ a: 1 }] })
}, 120_000)
afterAll(async () => {
  await db?.close()
  await rm(dataDir, { recursive: true, force: true })
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

  it('stops a running query whose signal aborts, and keeps the data for the next ones', async () => {
    const gone = new AbortController()
    const endless = db.query(endlessSql, [], { signal: gone.signal }).catch((e: unknown) => e)
    await until(() => db.busy)
    const replaced = db.replacements
    gone.abort()
    // without the stop, this would wait for minutes behind the endless query (the test's timeout)
    expect(await endless).toBeInstanceOf(QueryAbortedError)
    expect(await marks(2)).toBe(1)
    expect(db.replacements).toBe(replaced + 1)
  }, 60_000)
})

describe('PgliteWorkerDb in memory, without a snapshot', () => {
  it('lets a running query of a client that left finish, as stopping it would lose the data', async () => {
    const memory = await PgliteWorkerDb.open({ timeoutMs: 0, abandonAfterMs: 0 })
    try {
      await memory.exec('CREATE TABLE kept (a int); INSERT INTO kept VALUES (1)')
      const gone = new AbortController()
      const counted = memory.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM generate_series(1, 1000000)',
        [],
        { signal: gone.signal },
      )
      await until(() => memory.busy)
      gone.abort()
      expect((await counted).rows).toEqual([{ n: 1_000_000 }])
      expect(memory.replacements).toBe(0)
      expect((await memory.query('SELECT a FROM kept')).rows).toEqual([{ a: 1 }])
    } finally {
      await memory.close()
    }
  }, 180_000)
})

describe('PgliteWorkerDb serving clients in turn', () => {
  it('runs another client’s query before the rest of a client’s queue', async () => {
    const order: string[] = []
    const run = (client: string, label: string) =>
      db.query(slowSql.replace('15000000', '1000000'), [], { client }).then(() => order.push(label))
    const first = run('flood', 'flood 1')
    await until(() => db.busy)
    const flood = [2, 3, 4, 5].map((n) => run('flood', `flood ${n}`))
    await untilQueued(4)
    const other = run('other', 'other')
    await Promise.all([first, ...flood, other])
    expect(order.indexOf('other')).toBeLessThanOrEqual(2)
    expect(order.slice(0, 1)).toEqual(['flood 1'])
  }, 60_000)
})

describe('the HTTP server', () => {
  const logLines: string[] = []
  let baseUrl: string
  let close: () => Promise<void>

  const actions: Record<string, Action> = {
    ...ckanActions,
    slow: async (_data, ctx) => {
      const { rows } = await ctx.db.query<{ n: number }>(slowSql)
      return { ok: true, result: { n: rows[0]!.n } }
    },
    endless: async (_data, ctx) => {
      const { rows } = await ctx.db.query<{ n: number }>(endlessSql)
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
    await until(() =>
      logLines.some((line) => /^GET \/api\/3\/action\/mark\?value=… 499 .*client gone/.test(line)),
    )
  }, 60_000)

  it('logs a datastore_search whose client left as 499, never as a server error', async () => {
    const slow = fetch(`${baseUrl}/api/3/action/slow`)
    await until(() => db.busy)
    const gone = new AbortController()
    const abandoned = fetch(`${baseUrl}/api/3/action/datastore_search?resource_id=tiny`, {
      signal: gone.signal,
    }).catch((e: unknown) => e)
    await untilQueued(1)
    gone.abort()
    expect(await abandoned).toBeInstanceOf(Error)
    expect((await slow).status).toBe(200)
    const searchLine = (): string | undefined =>
      logLines.find((line) => line.startsWith('GET /api/3/action/datastore_search?resource_id=… '))
    await until(() => searchLine() !== undefined)
    expect(searchLine()).toMatch(/ 499 .*client gone/)
    expect(logLines.filter((line) => / 5\d\d /.test(line))).toEqual([])
  }, 60_000)

  it('stops the running query of a request whose client left, so the next request is answered', async () => {
    const gone = new AbortController()
    const abandoned = fetch(`${baseUrl}/api/3/action/endless`, { signal: gone.signal }).catch(
      (e: unknown) => e,
    )
    await until(() => db.busy)
    gone.abort()
    expect(await abandoned).toBeInstanceOf(Error)
    // without the stop, this would wait for minutes behind the endless query (the test's timeout)
    const next = await fetch(`${baseUrl}/api/3/action/datastore_search?resource_id=tiny`)
    expect(next.status).toBe(200)
    await until(() => logLines.some((line) => /^GET \/api\/3\/action\/endless 499 .*client gone/.test(line)))
  }, 60_000)
})

describe.runIf(process.env.DSE_TEST_PG_URL)('PgDb (PostgreSQL) with an AbortSignal', () => {
  let pgDb: PgDb

  beforeAll(async () => {
    pgDb = new PgDb(await freshDatabase(process.env.DSE_TEST_PG_URL!, 'dse_gone'), 0)
  })
  afterAll(async () => {
    await pgDb?.close()
  })

  it('cancels the running statement of a client that left, and keeps serving', async () => {
    const gone = new AbortController()
    const sleeping = pgDb.query('SELECT pg_sleep(600)', [], { signal: gone.signal }).catch((e: unknown) => e)
    const running = async (): Promise<number> =>
      (
        await pgDb.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(600)' AND state = 'active'",
        )
      ).rows[0]!.n
    await vi.waitUntil(async () => (await running()) === 1, { timeout: 20_000, interval: 50 })
    gone.abort()
    // without the cancel, this would wait the ten minutes of pg_sleep
    expect(await sleeping).toBeInstanceOf(QueryAbortedError)
    await vi.waitUntil(async () => (await running()) === 0, { timeout: 20_000, interval: 50 })
    expect((await pgDb.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }])
  }, 60_000)
})
