// Contracts between the parts of the server. Owned jointly: change only with care,
// because server/ckan (query semantics) and server/http + server/db (runtime) both rely on them.
import type { CkanVersion } from './ckan-version.ts'

/** A JSON value as parsed from a request or produced for a response. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The data dict of an action call, as CKAN's `_get_request_data` builds it (before validation). */
export type DataDict = Record<string, Json>

/** A column of a datastore table, as CKAN reports it in `result.fields`. */
export interface FieldDescriptor {
  id: string
  /** PostgreSQL type name (`text`, `int4`, `numeric`, `timestamp`, `_text`, ...), `json` for nested. */
  type: string
  info?: Record<string, Json>
}

/** Input of `createResource`, shaped like CKAN's `datastore_create`. */
export interface ResourceDefinition {
  resource_id: string
  /** Column definitions, in table order. `_id` is never listed: it is added. */
  fields: FieldDescriptor[]
  /** Either objects keyed by field id, or (fast path for generated data) arrays in field order. */
  records: Array<Record<string, Json>> | Json[][]
  aliases?: string[]
  /** Columns to index with a btree (CKAN's `indexes`), so sorts on big tables stay fast. */
  indexes?: string[]
  private?: boolean
  /** Catalogue metadata, served by resource_show / package_search. */
  name?: string
  description?: string
  package_title?: string
  package_id?: string
  /**
   * Build the GIN index on `_full_text` (default true; CKAN builds one too). Building it costs about as much as
   * computing `_full_text` itself (~150 µs per 220-character row in PGlite); without it a `q` search
   * scans the table (~2 ms per 1,000 rows), so skipping it only pays off for very large tables.
   */
  full_text_index?: boolean
}

export interface QueryOptions {
  /**
   * Once aborted, the query is not started (PgliteWorkerDb drops it from its queue if it waits
   * there), and one already running is stopped (see server/db). A Db that cannot ignores it.
   */
  signal?: AbortSignal
  /** Who asks (the client's address): a Db with a queue serves clients in turn. */
  client?: string
}

export interface CursorOptions {
  /** Rows per FETCH. */
  chunkRows: number
  /** Once aborted, no further chunk is fetched (QueryAbortedError) and the cursor is closed. */
  signal?: AbortSignal
  client?: string
}

export interface CopyOutOptions {
  /** Field delimiter of the CSV: ',' or a tab. */
  delimiter: ',' | '\t'
  /** Once aborted, the COPY is cancelled and the stream ends with QueryAbortedError. */
  signal?: AbortSignal
  client?: string
}

/** Executes SQL with bound parameters. Implemented by the PGlite worker and by node-postgres. */
export interface Db {
  /**
   * The database this one is a view of (one request's, see server/db/abort.ts): the same for every
   * request, so what is cached per database is keyed on it.
   */
  readonly base?: Db
  /**
   * A number that changes whenever something may have been written (PgliteWorkerDb counts its
   * writes): what was read about the catalogue may be kept while it stays the same (read-cache.ts).
   * A Db without it is read every time.
   */
  version?(): number
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: Row[] }>
  /** Runs several statements (DDL, no parameters). */
  exec(sql: string): Promise<void>
  /**
   * The rows of a SELECT, chunk by chunk, through a server-side cursor: the next chunk is fetched
   * only when the loop asks for it, so a result of any size is never in memory at once. Leaving the
   * loop closes the cursor. (The datastore dump needs it; Dbs made for other tests may lack it.)
   */
  cursor?<Row = Record<string, unknown>>(
    sql: string,
    params: unknown[],
    options: CursorOptions,
  ): AsyncIterable<Row[]>
  /**
   * `COPY (select) TO STDOUT` as CSV, streamed as PostgreSQL writes it and read only as fast as the
   * loop asks (the connection's backpressure; on PGlite, a chunk of rows from a cursor at a time).
   */
  copyOut?(select: string, params: unknown[], options: CopyOutOptions): AsyncIterable<Uint8Array>
}

/** A Db that can bulk-load with COPY and open scratch databases (PgliteWorkerDb). */
export interface BulkLoadDb extends Db {
  /** `COPY … FROM '/dev/blob'` with `data` as the blob (text, or bytes for FORMAT binary). */
  copyFrom(sql: string, data: string | Uint8Array): Promise<void>
  /** `COPY … TO '/dev/blob'`: what it wrote. */
  copyTo(sql: string): Promise<Uint8Array>
  openScratch(): Promise<BulkLoadDb & { close(): Promise<void> }>
}

/** Thrown by a Db when the statement timeout fires. Mapped to 409 "Search took too long". */
export class QueryTimeoutError extends Error {
  constructor() {
    super('canceling statement due to statement timeout')
    this.name = 'QueryTimeoutError'
  }
}

/** Thrown by a Db for any PostgreSQL error. Mapped to 409 "Invalid query". */
export class QueryError extends Error {
  constructor(
    message: string,
    readonly statement: string,
    readonly params: unknown[],
  ) {
    super(message)
    this.name = 'QueryError'
  }
}

/** Server-wide settings that change query semantics (CKAN config options). */
export interface SearchConfig {
  /** ckan.datastore.search.rows_default */
  rowsDefault: number
  /** ckan.datastore.search.rows_max */
  rowsMax: number
  /** ckan.datastore.default_fts_lang */
  defaultFtsLang: string
  /** The CKAN whose answers the server gives (`--ckan-version`); the current one, 2.12, when absent. */
  ckanVersion?: CkanVersion
}

/** Who is calling. CKAN reads the raw `Authorization` header; JSONP calls are always anonymous. */
export interface Caller {
  /** Tokens granted with `--token`; a caller is authorised when its token is one of them. */
  authorised: boolean
  /** Username for the 403 message; empty for anonymous, as in CKAN. */
  name: string
}

/** The outcome of an action, before the HTTP layer wraps it in CKAN's envelope. */
export type ActionOutcome =
  | { ok: true; result: Record<string, Json> }
  | { ok: false; status: 400 | 403 | 404 | 409 | 500; error: Record<string, Json> }

export interface SearchContext {
  db: Db
  config: SearchConfig
  caller: Caller
  /**
   * CKAN-internal path plus query string of the current request, without mount or locale prefix,
   * e.g. `/api/3/action/datastore_search?resource_id=x&limit=5`. Used to build `_links`
   * (empty query string for POST JSON, as in CKAN).
   */
  currentPath: string
  currentQuery: string
  /** Whether the call arrived over HTTP (CKAN adds `_links` only then). */
  overHttp: boolean
  /** `http://host:port` of the request, for `status_show`'s `site_url` (none in-process). */
  origin?: string
}

/**
 * A piece of JSON text produced inside PostgreSQL (CKAN's `LazyJSONObject`), e.g. the `records` of
 * datastore_search, so numbers keep PostgreSQL's exact digits.
 *
 * It may appear as a value inside `ActionOutcome.result` (typed as `Json` by a cast). The HTTP layer
 * must write `text` verbatim where the value goes instead of serialising the object: use
 * `toCkanJson` from server/ckan/ckan-json.ts, which does this and mimics CKAN's envelope formatting.
 * `JSON.stringify` would print `{"text": ...}` instead, so never use it on an action result.
 */
export class RawJson {
  constructor(readonly text: string) {}
  /** Parsed value, for in-process callers and tests. */
  parse(): Json {
    return JSON.parse(this.text) as Json
  }
}
