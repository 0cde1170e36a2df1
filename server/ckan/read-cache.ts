// What the catalogue says about a table (its alias, its access, its columns) is read for every
// search, and changes only when something is written. A database that counts what it writes
// (`Db.version`) lets such reads be kept until the next write; one that does not (PostgreSQL, where
// others may write) is read every time. Measured on a 100-row GET: these reads were 3 of 5 round
// trips to the database and about 60% of its time (bench/RESULTS.md).
import type { Db } from './types.ts'

interface Cache {
  version: number
  entries: Map<string, Promise<unknown>>
}

const caches = new WeakMap<Db, Cache>()
/** Lookups of names that do not exist are kept too: a bound, so they cannot fill the memory. */
const MAX_ENTRIES = 1000

/**
 * `read`'s answer for `key`, read once per version of the database. `read` gets the database
 * itself, not the request's view: the answer is shared, and must not fail for the others when the
 * client who asked first goes away. The answer is shared: never change it.
 */
export function cachedRead<T>(db: Db, key: string, read: (db: Db) => Promise<T>): Promise<T> {
  const base = db.base ?? db
  const version = base.version?.()
  if (version === undefined) return read(db)
  let cache = caches.get(base)
  if (!cache || cache.version !== version || cache.entries.size >= MAX_ENTRIES) {
    cache = { version, entries: new Map() }
    caches.set(base, cache)
  }
  const kept = cache.entries.get(key) as Promise<T> | undefined
  if (kept) return kept
  const entries = cache.entries
  const entry = read(base)
  entries.set(key, entry)
  entry.catch(() => entries.delete(key))
  return entry
}
