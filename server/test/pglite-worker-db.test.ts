import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QueryError, QueryTimeoutError } from '../ckan/types.ts'
import { isReadOnly, PgliteWorkerDb } from '../db/pglite-worker-db.ts'

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
