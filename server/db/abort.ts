// Requests whose client has gone (an aborted fetch: the explorer abandons the pages it scrolled
// past) must not keep the database busy: their queries are dropped before they run. A query that
// already runs is left to finish (PGlite cannot cancel one without replacing its worker).
import type { CopyOutOptions, CursorOptions, Db } from '../ckan/types.ts'

/** Thrown for a query that was not run because the client of its request disconnected. */
export class QueryAbortedError extends Error {
  constructor() {
    super('the client disconnected before the query ran')
    this.name = 'QueryAbortedError'
  }
}

/** The database as one request sees it: after `signal` aborts, none of its queries starts. */
export function abortableDb(db: Db, signal: AbortSignal): Db {
  return {
    query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []) {
      if (signal.aborted) return Promise.reject(new QueryAbortedError())
      return db.query<Row>(sql, params, { signal })
    },
    exec(sql: string) {
      if (signal.aborted) return Promise.reject(new QueryAbortedError())
      return db.exec(sql)
    },
    ...(db.cursor && {
      cursor<Row = Record<string, unknown>>(sql: string, params: unknown[], options: CursorOptions) {
        // a client that disconnects mid-stream stops the fetching too
        const both = options.signal ? AbortSignal.any([signal, options.signal]) : signal
        return db.cursor!<Row>(sql, params, { ...options, signal: both })
      },
    }),
    ...(db.copyOut && {
      copyOut(select: string, params: unknown[], options: CopyOutOptions) {
        const both = options.signal ? AbortSignal.any([signal, options.signal]) : signal
        return db.copyOut!(select, params, { ...options, signal: both })
      },
    }),
  }
}
