// The `Db` of an external PostgreSQL (DATABASE_URL): a node-postgres pool whose connections carry
// `statement_timeout`, so PostgreSQL cancels slow statements itself (SQLSTATE 57014).
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import {
  type CopyOutOptions,
  type CursorOptions,
  type Db,
  QueryError,
  type QueryOptions,
  QueryTimeoutError,
} from '../ckan/types.ts'
import { QueryAbortedError } from './abort.ts'
import { copyCsvOptions, inlineParamsAsSettings, settingName } from './copy-params.ts'

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

  constructor(
    private readonly connectionString: string,
    private readonly timeoutMs: number,
    maxConnections = 4,
  ) {
    this.pool = new pg.Pool({
      connectionString,
      max: maxConnections,
      statement_timeout: timeoutMs > 0 ? timeoutMs : undefined,
      types: { getTypeParser } as pg.CustomTypesConfig,
    })
    // An idle client losing its connection must not crash the server.
    this.pool.on('error', () => undefined)
  }

  /**
   * Runs a statement; with `signal`, one whose client goes away is not started, or is cancelled
   * (QueryAbortedError), and its connection is dropped (a late cancel must not hit the next one).
   */
  async query<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    { signal }: QueryOptions = {},
  ): Promise<{ rows: Row[] }> {
    if (!signal) {
      try {
        const result = await this.pool.query(sql, params)
        return { rows: result.rows as Row[] }
      } catch (error) {
        throw mapError(error, sql, params)
      }
    }
    if (signal.aborted) throw new QueryAbortedError()
    const client = await this.pool.connect()
    let cancelled = false
    const cancel = (): void => {
      cancelled = true
      this.cancelBackend(client)
    }
    signal.addEventListener('abort', cancel, { once: true })
    try {
      if (signal.aborted) throw new QueryAbortedError()
      const result = await client.query(sql, params)
      return { rows: result.rows as Row[] }
    } catch (error) {
      if (signal.aborted) throw new QueryAbortedError()
      throw mapError(error, sql, params)
    } finally {
      signal.removeEventListener('abort', cancel)
      client.release(cancelled)
    }
  }

  /**
   * Cancels what `client`'s backend runs, through a connection of its own: the pool's may all be
   * busy (with the very statements to cancel), and the busy one cannot send anything meanwhile.
   */
  private cancelBackend(client: pg.PoolClient): void {
    // node-postgres keeps the backend's pid from BackendKeyData; its types leave it out
    const pid = (client as unknown as { processID: number }).processID
    const canceller = new pg.Client({ connectionString: this.connectionString })
    canceller
      .connect()
      .then(() => canceller.query('SELECT pg_cancel_backend($1)', [pid]))
      .catch(() => undefined)
      .finally(() => void canceller.end().catch(() => undefined))
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

  /**
   * COPY of a parameterised SELECT, on a connection of its own in a read-only transaction: the
   * parameters' types are learnt from a PREPARE of the SELECT, their values set as settings (see
   * copy-params.ts). The statement timeout holds until the first bytes; after that the COPY lasts as
   * long as the client takes to read. Stopping early cancels the query and drops the connection.
   */
  async *copyOut(
    select: string,
    params: unknown[],
    { delimiter, signal }: CopyOutOptions,
  ): AsyncGenerator<Uint8Array> {
    if (signal?.aborted) throw new QueryAbortedError()
    const client = await this.pool.connect()
    let copying: ReturnType<typeof copyTo> | undefined
    let finished = false
    let timedOut = false
    const cancel = (): void => this.cancelBackend(client)
    const timer =
      this.timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true
            cancel()
          }, this.timeoutMs)
        : undefined
    signal?.addEventListener('abort', cancel, { once: true })
    try {
      await client.query('BEGIN READ ONLY')
      const types = await parameterTypes(client, select)
      const isNull = (n: number): boolean => params[n - 1] === null || params[n - 1] === undefined
      const settings = params.flatMap((value, i) => (isNull(i + 1) ? [] : [settingName(i + 1), value]))
      if (settings.length > 0) {
        const calls = Array.from(
          { length: settings.length / 2 },
          (_, k) => `set_config($${2 * k + 1}, $${2 * k + 2}, true)`,
        )
        await client.query(`SELECT ${calls.join(', ')}`, settings)
      }
      await client.query('SET LOCAL statement_timeout = 0')
      copying = client.query(
        copyTo(
          `COPY (${inlineParamsAsSettings(select, types, isNull)}) TO STDOUT WITH (${copyCsvOptions(delimiter)})`,
        ),
      )
      for await (const chunk of copying as AsyncIterable<Buffer>) {
        clearTimeout(timer)
        if (signal?.aborted) throw new QueryAbortedError()
        yield chunk
      }
      finished = true
    } catch (error) {
      if (error instanceof QueryAbortedError || signal?.aborted) throw new QueryAbortedError()
      if (timedOut) throw new QueryTimeoutError()
      throw mapError(error, select, params)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
      if (finished || !copying) {
        try {
          await client.query('ROLLBACK')
          client.release()
        } catch {
          client.release(true)
        }
      } else {
        // a COPY left half-read cannot be reused: it is cancelled and the connection dropped
        cancel()
        copying.destroy()
        client.release(true)
      }
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

/** The types PostgreSQL infers for the parameters of `select`, as `format_type` names them. */
async function parameterTypes(client: pg.PoolClient, select: string): Promise<string[]> {
  await client.query(`PREPARE dse_copy_probe AS ${select}`)
  try {
    const { rows } = await client.query<{ type: string }>(
      `SELECT format_type(t::oid, NULL) AS type
       FROM pg_prepared_statements, unnest(parameter_types) WITH ORDINALITY AS u(t, n)
       WHERE name = 'dse_copy_probe' ORDER BY n`,
    )
    return rows.map((row) => row.type)
  } finally {
    await client.query('DEALLOCATE dse_copy_probe')
  }
}
