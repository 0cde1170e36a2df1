// The dump streams: rows come from the cursor (for CSV, PostgreSQL's COPY, on PGlite a chunk of the
// cursor's rows at a time) only as fast as the client reads them, so a table of any size is never
// held in memory, and a client that goes away stops the query.
import http from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createResource, initDatastore } from '../ckan/datastore-create.ts'
import { type CopyOutOptions, type CursorOptions, type Db, QueryTimeoutError } from '../ckan/types.ts'
import { PgDb } from '../db/pg-db.ts'
import { PgliteWorkerDb } from '../db/pglite-worker-db.ts'
import { freshDatabase, testBackends } from './backends.ts'
import { type RunningServer, startInProcess } from './start-server.ts'

const ROWS = 300_000
/** About 220 bytes a row: the dump is some 65 MB. */
const PADDING = 200

let db: PgliteWorkerDb
let server: RunningServer
/** Rows the dump has taken from the cursor (or the COPY chunks, for CSV) so far. */
let fetched = 0

/** The database as the server sees it, counting the rows its cursors and COPY chunks hand out. */
function countingDb(inner: PgliteWorkerDb): Db {
  return {
    query: (sql, params, options) => inner.query(sql, params, options),
    exec: (sql) => inner.exec(sql),
    async *cursor<Row>(sql: string, params: unknown[], options: CursorOptions) {
      for await (const rows of inner.cursor<Row>(sql, params, options)) {
        fetched += rows.length
        yield rows
      }
    },
    async *copyOut(select: string, params: unknown[], options: CopyOutOptions) {
      for await (const chunk of inner.copyOut(select, params, options)) {
        // a line a row: the table's text has no line breaks
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) fetched++
        yield chunk
      }
    },
  }
}

beforeAll(async () => {
  db = await PgliteWorkerDb.open({ timeoutMs: 0 })
  await initDatastore(db)
  await createResource(db, {
    resource_id: 'big',
    fields: [
      { id: 'n', type: 'int4' },
      { id: 'padding', type: 'text' },
    ],
    records: [],
  })
  await db.exec(
    `INSERT INTO "big" (n, padding) SELECT g, repeat('x', ${PADDING}) FROM generate_series(1, ${ROWS}) g`,
  )
  server = await startInProcess({ db: countingDb(db), actions: {}, tokens: [], log: () => undefined })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await db?.close()
})

/** Resolves once `read()` has given the same value for `quietMs`. */
async function settled(read: () => number, quietMs = 1000): Promise<number> {
  let last = read()
  let since = Date.now()
  await vi.waitUntil(
    () => {
      const now = read()
      if (now !== last) {
        last = now
        since = Date.now()
      }
      return Date.now() - since >= quietMs
    },
    { timeout: 60_000, interval: 50 },
  )
  return last
}

function openDump(
  url = server.url,
  format = 'csv',
): Promise<http.IncomingMessage & { request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/datastore/dump/big?format=${format}`, (response) =>
      resolve(Object.assign(response, { request })),
    )
    request.on('error', reject)
  })
}

const openCursors = async (): Promise<number> =>
  // the unnamed portal is this query itself
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_cursors WHERE name <> ''")).rows[0]!.n

/** The heap's live size: after a full garbage collection, so garbage not yet collected is not counted. */
function liveHeap(): number {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
  return process.memoryUsage().heapUsed
}

describe('a dump of 300,000 rows', () => {
  it('fetches rows only as the client reads them; nothing piles up in the heap', async () => {
    fetched = 0
    const heapBefore = liveHeap()
    const response = await openDump()
    expect(response.statusCode).toBe(200)
    response.pause() // a slow client: nothing is read for now

    const inFlight = await settled(() => fetched)
    // what the socket buffers hold, plus a chunk or two: nowhere near the table
    expect(inFlight).toBeLessThan(ROWS / 4)

    let bytes = 0
    let lines = 0
    let tail = ''
    let halfway: Promise<number> | undefined
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++
      tail = (tail + chunk.toString('latin1')).slice(-300)
      if (!halfway && lines > ROWS / 2) {
        // halfway through, the client stops again: what does the server hold now?
        response.pause()
        halfway = settled(() => fetched).then(() => {
          const live = liveHeap()
          response.resume()
          return live
        })
      }
    })
    response.resume()
    await new Promise((resolve) => response.on('end', resolve))

    expect(lines).toBe(ROWS + 1) // the header and every row
    expect(tail.endsWith(`\n${ROWS},${ROWS},${'x'.repeat(PADDING)}\n`)).toBe(true)
    expect(fetched).toBe(ROWS)
    expect(bytes).toBeGreaterThan(ROWS * PADDING)
    // some 32 MB were sent by then; the server holds a few chunks at most
    const heapHalfway = await halfway!
    expect(heapHalfway - heapBefore).toBeLessThan(8e6)
    expect(await openCursors()).toBe(0)
  }, 120_000)

  // CSV comes in COPY chunks, JSON from the cursor's rows: either stops
  it.each(['csv', 'json'])(
    '%s: stops fetching and closes its cursor when the client disconnects',
    async (format) => {
      fetched = 0
      const response = await openDump(server.url, format)
      await new Promise((resolve) => response.once('data', resolve))
      response.request.destroy()
      const stoppedAt = await settled(() => fetched)
      expect(stoppedAt).toBeLessThan(ROWS / 4)
      await vi.waitUntil(async () => (await openCursors()) === 0, { timeout: 10_000, interval: 50 })
      // the database is free and answers at once
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "big"')
      expect(rows[0]!.n).toBe(ROWS)
    },
    120_000,
  )
})

// On a PostgreSQL server the CSV dump is PostgreSQL's own COPY, streamed: it must still go only as
// fast as the client reads, hold nothing in the heap, and stop in the database when the client goes.
for (const backend of testBackends().filter((each) => each.name === 'PostgreSQL')) {
  describe(`a CSV dump of ${ROWS.toLocaleString('en')} rows on ${backend.name}`, () => {
    let pgDb: PgDb
    let copyServer: RunningServer
    /** Bytes the server has taken from the COPY so far. */
    let taken = 0

    const countingCopyDb = (inner: PgDb): Db => ({
      query: (sql, params) => inner.query(sql, params),
      exec: (sql) => inner.exec(sql),
      async *copyOut(select: string, params: unknown[], options: CopyOutOptions) {
        for await (const chunk of inner.copyOut(select, params, options)) {
          taken += chunk.length
          yield chunk
        }
      },
    })

    beforeAll(async () => {
      pgDb = new PgDb(await freshDatabase(process.env.DSE_TEST_PG_URL!, 'dse_copy'), 60_000)
      await initDatastore(pgDb)
      await createResource(pgDb, {
        resource_id: 'big',
        fields: [
          { id: 'n', type: 'int4' },
          { id: 'padding', type: 'text' },
        ],
        records: [],
      })
      await pgDb.exec(
        `INSERT INTO "big" (n, padding) SELECT g, repeat('x', ${PADDING}) FROM generate_series(1, ${ROWS}) g`,
      )
      copyServer = await startInProcess({
        db: countingCopyDb(pgDb),
        actions: {},
        tokens: [],
        log: () => undefined,
      })
    }, 180_000)

    afterAll(async () => {
      await copyServer?.stop()
      await pgDb?.close()
    })

    const copies = async (): Promise<number> =>
      (
        await pgDb.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'COPY (%' AND pid <> pg_backend_pid()",
        )
      ).rows[0]!.n

    it('takes rows from the COPY only as the client reads them, and sends every one', async () => {
      taken = 0
      const heapBefore = liveHeap()
      const response = await openDump(copyServer.url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
      response.pause() // a slow client

      const inFlight = await settled(() => taken)
      // the sockets' buffers and a chunk or two: nowhere near the 63 MB
      expect(inFlight).toBeLessThan((ROWS * PADDING) / 4)
      expect(liveHeap() - heapBefore).toBeLessThan(8e6)
      expect(await copies()).toBe(1) // PostgreSQL waits for the client, it did not finish

      let lines = 0
      let tail = ''
      response.on('data', (chunk: Buffer) => {
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++
        tail = (tail + chunk.toString('latin1')).slice(-300)
      })
      response.resume()
      await new Promise((resolve) => response.on('end', resolve))
      expect(lines).toBe(ROWS + 1)
      expect(tail.endsWith(`\n${ROWS},${ROWS},${'x'.repeat(PADDING)}\n`)).toBe(true)
      await vi.waitUntil(async () => (await copies()) === 0, { timeout: 10_000, interval: 50 })
    }, 120_000)

    it('stops the COPY in the database when the client disconnects', async () => {
      const response = await openDump(copyServer.url)
      await new Promise((resolve) => response.once('data', resolve))
      expect(await copies()).toBe(1)
      response.request.destroy()
      await vi.waitUntil(async () => (await copies()) === 0, { timeout: 10_000, interval: 50 })
      // the pool is sound: the next dump is whole
      const again = await fetch(`${copyServer.url}/datastore/dump/big?limit=3&format=tsv`)
      expect(await again.text()).toBe(
        `_id\tn\tpadding\r\n${[1, 2, 3].map((n) => `${n}\t${n}\t${'x'.repeat(PADDING)}\n`).join('')}`,
      )
    }, 120_000)

    it('keeps the statement timeout until the first bytes, then lets a slow reader take its time', async () => {
      const timed = new PgDb(await freshDatabase(process.env.DSE_TEST_PG_URL!, 'dse_copy'), 300)
      try {
        const read = async (select: string): Promise<number> => {
          let bytes = 0
          for await (const chunk of timed.copyOut!(select, [], { delimiter: ',' })) bytes += chunk.length
          return bytes
        }
        await expect(read('SELECT pg_sleep(2)::text')).rejects.toThrow(QueryTimeoutError)
        // 80 rows of 10 ms each: 0.8 s in all, its first bytes long before 300 ms
        const rows = "SELECT g, repeat('y', 3000), pg_sleep(0.01)::text FROM generate_series(1, 80) g"
        expect(await read(rows)).toBeGreaterThan(80 * 3000)
      } finally {
        await timed.close()
      }
    }, 60_000)
  })
}
