import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { QueryError, QueryTimeoutError } from '../ckan/types.ts'
import { FIRST_COPY_ROWS, isReadOnly, PgliteWorkerDb } from '../db/pglite-worker-db.ts'

describe('isReadOnly', () => {
  it('lets plain reads go to the reader worker', () => {
    expect(isReadOnly('SELECT * FROM "t" WHERE "created" > $1')).toBe(true)
    expect(isReadOnly('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true)
    expect(isReadOnly('SELECT "update", \'drop table\' FROM "delete"')).toBe(true)
  })

  it('keeps anything that may write on the primary', () => {
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      "SELECT setval('s', 1)",
      'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
      'CREATE TABLE x (a int)',
      'SET statement_timeout = 1',
    ]) {
      expect(isReadOnly(sql), sql).toBe(false)
    }
  })
})

describe('PgliteWorkerDb', () => {
  let db: PgliteWorkerDb
  const slowSql = 'SELECT count(*) FROM generate_series(1, 2000000000)'

  beforeAll(async () => {
    db = await PgliteWorkerDb.open({ timeoutMs: 0 })
    await db.exec('CREATE TABLE t (a int); INSERT INTO t SELECT generate_series(1, 1000)')
    await db.takeSnapshot()
    db.timeoutMs = 1500
    db.prepareStandby()
    expect(await db.standbyReady()).toBe(true)
  }, 180_000)
  afterAll(async () => {
    await db?.close()
  })

  it('maps PostgreSQL errors to QueryError with the statement and params', async () => {
    const error = (await db
      .query('SELECT * FROM missing WHERE a = $1', [1])
      .catch((e: unknown) => e)) as QueryError
    expect(error).toBeInstanceOf(QueryError)
    expect(error.message).toMatch(/relation "missing" does not exist/)
    expect(error.statement).toBe('SELECT * FROM missing WHERE a = $1')
    expect(error.params).toEqual([1])
  })

  it('times out a slow statement, answers reads meanwhile, and keeps the data for the next query', async () => {
    const slow = db.query(slowSql).catch((e: unknown) => e)
    const meanwhile = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')
    expect(meanwhile.rows).toEqual([{ n: 1000 }])
    expect(await slow).toBeInstanceOf(QueryTimeoutError)
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')
    expect(after.rows).toEqual([{ n: 1000 }])
    expect(db.replacements).toBeGreaterThanOrEqual(1)
  }, 120_000)

  it('keeps writes made after the snapshot across a timeout', async () => {
    await db.query('INSERT INTO t VALUES (1001)')
    // Let the idle-time snapshot run, then time out the primary.
    await db.query('SELECT 1')
    expect(await db.standbyReady()).toBe(true)
    expect(await db.query(slowSql).catch((e: unknown) => e)).toBeInstanceOf(QueryTimeoutError)
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')
    expect(after.rows).toEqual([{ n: 1001 }])
  }, 120_000)
})

describe('PgliteWorkerDb cursors', () => {
  it('keep the writes other statements made while a cursor was open (a background load beside a dump)', async () => {
    const db = await PgliteWorkerDb.open({ timeoutMs: 0 })
    try {
      await db.exec('CREATE TABLE c (a int); INSERT INTO c SELECT generate_series(1, 10)')
      const chunks = db.cursor<{ a: number }>('SELECT a FROM c ORDER BY a', [], { chunkRows: 2 })
      const reading = chunks[Symbol.asyncIterator]()
      expect((await reading.next()).value).toEqual([{ a: 1 }, { a: 2 }])
      // between two chunks, as the loader's statements run between a dump's FETCHes
      await db.untimed().exec('CREATE TABLE loaded (b int); INSERT INTO loaded VALUES (1), (2)')
      await db.query('INSERT INTO c VALUES (11)')
      await expect(db.query('SELECT nope FROM c')).rejects.toThrow(QueryError)
      expect((await reading.next()).value).toEqual([{ a: 3 }, { a: 4 }])
      await reading.return(undefined) // the client went away: the cursor closes
      expect((await db.query('SELECT count(*)::int AS n FROM loaded')).rows).toEqual([{ n: 2 }])
      expect((await db.query('SELECT count(*)::int AS n FROM c')).rows).toEqual([{ n: 11 }])
    } finally {
      await db.close()
    }
  }, 60_000)
})

describe('PgliteWorkerDb copyOut', () => {
  let db: PgliteWorkerDb

  beforeAll(async () => {
    db = await PgliteWorkerDb.open({ timeoutMs: 0 })
    await db.exec(`CREATE TABLE k (
      "_id" int PRIMARY KEY, "a name" text, n numeric, f float8, ok bool, d date, ts timestamp,
      tags text[], doc json)`)
    // every kind of text COPY must quote or leave alone: commas, quotes, line breaks, tabs, empty, null
    await db.exec(`INSERT INTO k SELECT g,
      CASE g % 6 WHEN 0 THEN 'plain ' || g WHEN 1 THEN 'comma, "quote" ' || g WHEN 2 THEN E'line\\nbreak'
        WHEN 3 THEN E'tab\\there' WHEN 4 THEN '' END,
      g / 7.0, g / 3.0, g % 2 = 0, date '1850-01-01' + g, timestamp '2020-01-01' + g * interval '1 minute',
      ARRAY['x', 'y,' || g], json_build_object('k', g)
      FROM generate_series(1, 2500) g`)
  }, 60_000)

  afterAll(async () => {
    await db?.close()
  })

  const copied = async (select: string, params: unknown[], delimiter: ',' | '\t'): Promise<string> => {
    const chunks: Uint8Array[] = []
    for await (const chunk of db.copyOut(select, params, { delimiter })) chunks.push(chunk)
    return Buffer.concat(chunks).toString('utf8')
  }

  /** The same rows as PGlite's own COPY writes them, in one blob. */
  const wholeCopy = async (select: string, delimiter: ',' | '\t'): Promise<string> => {
    const options = delimiter === ',' ? 'FORMAT csv' : "FORMAT csv, DELIMITER E'\\t'"
    const bytes = await db.copyTo(`COPY (${select}) TO '/dev/blob' WITH (${options})`)
    return Buffer.from(bytes).toString('utf8')
  }

  it("writes exactly COPY's CSV and TSV, over several chunks, with bound parameters", async () => {
    const all = 'SELECT * FROM k ORDER BY "_id"'
    for (const delimiter of [',', '\t'] as const) {
      const text = await copied(all, [], delimiter)
      expect(text).toBe(await wholeCopy(all, delimiter))
      expect(text).toContain('"comma, ""quote"" 1"')
    }
    const some = await copied(
      'SELECT "a name", n FROM k WHERE "_id" > $1 AND ok = $2 ORDER BY n DESC',
      [2000, true],
      ',',
    )
    expect(some).toBe(
      await wholeCopy(`SELECT "a name", n FROM k WHERE "_id" > 2000 AND ok ORDER BY n DESC`, ','),
    )
    const ids = await copied('SELECT "_id" FROM k WHERE "_id" > $1 AND ok = $2', [2000, true], ',')
    expect(ids.trimEnd().split('\n')).toHaveLength(250)
  }, 60_000)

  it('ends at once on an empty result and on a chunk that ends exactly at the last row', async () => {
    expect(await copied('SELECT * FROM k WHERE false', [], ',')).toBe('')
    const oneChunk = await copied(
      'SELECT "_id" FROM k WHERE "_id" <= $1 ORDER BY "_id"',
      [FIRST_COPY_ROWS],
      ',',
    )
    expect(oneChunk.trimEnd().split('\n')).toHaveLength(FIRST_COPY_ROWS)
  }, 60_000)

  it('reports a bad query as a QueryError, and closes its cursor when the reader stops early', async () => {
    await expect(copied('SELECT nope FROM k', [], ',')).rejects.toThrow(QueryError)
    const chunks = db.copyOut('SELECT * FROM k ORDER BY "_id"', [], { delimiter: ',' })
    const reading = chunks[Symbol.asyncIterator]()
    expect((await reading.next()).done).toBe(false)
    await reading.return(undefined)
    const open = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_cursors WHERE name <> ''")
    expect(open.rows).toEqual([{ n: 0 }])
  }, 60_000)
})

describe('PgliteWorkerDb readers of a data directory', () => {
  let db: PgliteWorkerDb
  let dir: string
  const count = async (): Promise<number> =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'readers-'))
    db = await PgliteWorkerDb.open({
      timeoutMs: 0,
      dataDir: path.join(dir, 'db'),
      snapshotDir: path.join(dir, 'copies'),
      readers: 2,
    })
    await db.exec('CREATE TABLE t (a int); INSERT INTO t SELECT generate_series(1, 5000)')
    await db.query('INSERT INTO t VALUES (5001)')
    await db.openReaders()
  }, 180_000)
  afterAll(async () => {
    await db?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('open copies of the directory with every row written, and answer reads beside the primary', async () => {
    expect(db.readersReady).toBe(2)
    // three reads at once: two readers and the primary, each with the same rows
    expect(await Promise.all([count(), count(), count()])).toEqual([5001, 5001, 5001])
  })

  it('are passed over once something was written, so no read misses it', async () => {
    await db.query('INSERT INTO t VALUES (5002)')
    expect(db.readersReady).toBe(0)
    expect(await Promise.all([count(), count()])).toEqual([5002, 5002])
  })
})

describe('PgliteWorkerDb readers of a data directory, after a timeout', () => {
  it('reopen the reader on its own copy, data intact', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'readers-timeout-'))
    const db = await PgliteWorkerDb.open({
      timeoutMs: 0,
      dataDir: path.join(dir, 'db'),
      snapshotDir: path.join(dir, 'copies'),
      readers: 1,
    })
    try {
      await db.exec('CREATE TABLE t (a int); INSERT INTO t SELECT generate_series(1, 100)')
      await db.openReaders()
      db.timeoutMs = 1500
      // read-only, so a reader takes it (readers go first), and times out there
      const slow = db.query('SELECT count(*) FROM generate_series(1, 2000000000)').catch((e: unknown) => e)
      expect(await slow).toBeInstanceOf(QueryTimeoutError)
      await vi.waitUntil(() => db.readersReady === 1, { timeout: 60_000, interval: 50 })
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')
      expect(rows).toEqual([{ n: 100 }])
    } finally {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
