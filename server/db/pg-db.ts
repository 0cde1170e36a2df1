// The `Db` of an external PostgreSQL (DATABASE_URL): a node-postgres pool whose connections carry
// `statement_timeout`, so PostgreSQL cancels slow statements itself (SQLSTATE 57014).
import pg from 'pg'
import { type CursorOptions, type Db, QueryError, QueryTimeoutError } from '../ckan/types.ts'
import { QueryAbortedError } from './abort.ts'

const QUERY_CANCELED = '57014'
const INT8_OID = 20
const DATE_OID = 1082
const TIMESTAMP_OID = 1114

/**
 * Values are parsed like PGlite parses them, so server/ckan sees the same JS values from both
 * databases: int8 as a number, date and timestamp (without time zone) as UTC instants.
 */
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === INT8_OID) return (value) => Number(value)
  if (oid === DATE_OID) return (value) => new Date(`${value}T00:00:00Z`)
  if (oid === TIMESTAMP_OID) return (value) => new Date(`${value.replace(' ', 'T')}Z`)
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown
}

function mapError(error: unknown, sql: string, params: unknown[]): Error {
  const code = (error as { code?: unknown }).code
  if (code === QUERY_CANCELED) return new QueryTimeoutError()
  // SQLSTATEs are five characters; anything else (connection refused, ...) is not a query error.
  if (typeof code === 'string' && code.length === 5)
    return new QueryError((error as Error).message, sql, params)
  return error instanceof Error ? error : new Error(String(error))
}

export class PgDb implements Db {
  private readonly pool: pg.Pool

  constructor(connectionString: string, timeoutMs: number, maxConnections = 4) {
    this.pool = new pg.Pool({
      connectionString,
      max: maxConnections,
      statement_timeout: timeoutMs > 0 ? timeoutMs : undefined,
      types: { getTypeParser } as pg.CustomTypesConfig,
    })
    // An idle client losing its connection must not crash the server.
    this.pool.on('error', () => undefined)
  }

  async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<{ rows: Row[] }> {
    try {
      const result = await this.pool.query(sql, params)
      return { rows: result.rows as Row[] }
    } catch (error) {
      throw mapError(error, sql, params)
    }
  }

  /**
   * A cursor on a connection of its own, in a transaction (which holds the connection for the whole
   * read: one of the pool's `maxConnections`). Each chunk is one FETCH.
   */
  async *cursor<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    { chunkRows, signal }: CursorOptions,
  ): AsyncGenerator<Row[]> {
    if (signal?.aborted) throw new QueryAbortedError()
    const client = await this.pool.connect()
    let healthy = true
    let statement = sql
    try {
      await client.query('BEGIN READ ONLY')
      await client.query(`DECLARE "cursor" NO SCROLL CURSOR FOR ${sql}`, params)
      statement = `FETCH ${Math.max(1, Math.floor(chunkRows))} FROM "cursor"`
      for (;;) {
        if (signal?.aborted) throw new QueryAbortedError()
        const { rows } = await client.query(statement)
        if (rows.length > 0) yield rows as Row[]
        if (rows.length < chunkRows) return
      }
    } catch (error) {
      if (error instanceof QueryAbortedError) throw error
      throw mapError(error, statement, statement === sql ? params : [])
    } finally {
      try {
        await client.query('ROLLBACK') // ends the transaction and the cursor
      } catch {
        healthy = false
      }
      client.release(!healthy)
    }
  }

  async exec(sql: string): Promise<void> {
    try {
      await this.pool.query(sql)
    } catch (error) {
      throw mapError(error, sql, [])
    }
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
