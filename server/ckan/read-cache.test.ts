import { describe, expect, it } from 'vitest'
import { cachedRead } from './read-cache.ts'
import type { Db } from './types.ts'

/** A database that counts the reads it is asked for, with a write counter to bump. */
function countingDb(withVersion: boolean) {
  let version = 0
  const db: Db & { reads: number; write(): void } = {
    reads: 0,
    write: () => void version++,
    query: async <Row>() => {
      db.reads++
      return { rows: [{ n: db.reads }] as Row[] }
    },
    exec: () => Promise.resolve(),
    ...(withVersion && { version: () => version }),
  }
  return db
}

const readN = (db: Db, key = 'k'): Promise<number> =>
  cachedRead(db, key, async (database) => (await database.query<{ n: number }>('SELECT')).rows[0]!.n)

describe('cachedRead', () => {
  it('reads once until something is written, also through each request’s view', async () => {
    const db = countingDb(true)
    const view: Db = { ...db, base: db }
    expect(await readN(db)).toBe(1)
    expect(await readN(view)).toBe(1)
    expect(await readN(db, 'other')).toBe(2)
    db.write()
    expect(await readN(view)).toBe(3)
    expect(db.reads).toBe(3)
  })

  it('reads every time from a database that does not count its writes', async () => {
    const db = countingDb(false)
    expect([await readN(db), await readN(db)]).toEqual([1, 2])
  })

  it('does not keep a failed read', async () => {
    const db = countingDb(true)
    await expect(cachedRead(db, 'k', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone')
    expect(await readN(db)).toBe(1)
  })
})
