// Requests whose client has gone (an aborted fetch: the explorer abandons the pages it scrolled
// past) must not keep the database busy: their queries are dropped before they run. A query that
// already runs is left to finish (PGlite cannot cancel one without replacing its worker).
import type { Db } from '../ckan/types.ts'

/** Thrown for a query that was not run because the client of its request disconnected. */
export class QueryAbortedError extends Error {
  constructor() {
    super('the client disconnected before the query ran')
    this.name = 'QueryAbortedError'
  }
}

export interface QueryOptions {
  /** Once aborted, the query is not started (dropped from the queue if it waits there). */
  signal?: AbortSignal
}

/** A Db whose queries can be dropped while they wait (PgliteWorkerDb). */
export interface AbortableDb extends Db {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[] }>
}

/** The database as one request sees it: after `signal` aborts, none of its queries starts. */
export function abortableDb(db: Db, signal: AbortSignal): Db {
  const abortable = db as AbortableDb
  return {
    query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []) {
      if (signal.aborted) return Promise.reject(new QueryAbortedError())
      return abortable.query<Row>(sql, params, { signal })
    },
    exec(sql: string) {
      if (signal.aborted) return Promise.reject(new QueryAbortedError())
      return db.exec(sql)
    },
  }
}
