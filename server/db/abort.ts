// Requests whose client has gone (an aborted fetch: the explorer abandons the pages it scrolled
// past) must not keep the database busy: their queries are dropped before they run, and a query
// that runs on stops soon after (PGlite: its worker is replaced once it has run a while, see
// pglite-worker-db.ts; PostgreSQL: the backend is cancelled).
import type { CopyOutOptions, CursorOptions, Db } from '../ckan/types.ts'

/** Thrown for a query that was not run, or was stopped, because the client of its request left. */
export class QueryAbortedError extends Error {
  constructor() {
    super('the client disconnected: its query was not run, or was stopped')
    this.name = 'QueryAbortedError'
  }
}

/**
 * The database as one request sees it: after `signal` aborts, none of its queries starts, and
 * every query says who asks (`client`, the address), so a database with a queue can serve each
 * client in turn.
 */
export function abortableDb(db: Db, signal: AbortSignal, client?: string): Db {
  const who = client === undefined ? {} : { client }
  return {
    base: db.base ?? db,
    query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []) {
      if (signal.aborted) return Promise.reject(new QueryAbortedError())
      return db.query<Row>(sql, params, { signal, ...who })
    },
    exec(sql: string) {
      if (signal.aborted) return Promise.reject(new QueryAbortedError())
      return db.exec(sql)
    },
    ...(db.cursor && {
      cursor<Row = Record<string, unknown>>(sql: string, params: unknown[], options: CursorOptions) {
        // a client that disconnects mid-stream stops the fetching too
        const both = options.signal ? AbortSignal.any([signal, options.signal]) : signal
        return db.cursor!<Row>(sql, params, { ...options, ...who, signal: both })
      },
    }),
    ...(db.copyOut && {
      copyOut(select: string, params: unknown[], options: CopyOutOptions) {
        const both = options.signal ? AbortSignal.any([signal, options.signal]) : signal
        return db.copyOut!(select, params, { ...options, ...who, signal: both })
      },
    }),
  }
}
