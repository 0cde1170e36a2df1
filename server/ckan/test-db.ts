// A Db over an in-process PGlite, for tests. Maps PostgreSQL errors to the contract's error classes
// like the runtime's adapters do.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { createResource, initDatastore } from './datastore-create.ts'
import {
  type Db,
  QueryError,
  QueryTimeoutError,
  type ResourceDefinition,
  type SearchContext,
} from './types.ts'

const queryCanceled = '57014'

function mapError(error: unknown, statement: string, params: unknown[]): Error {
  const code = (error as { code?: unknown }).code
  const message = error instanceof Error ? error.message : String(error)
  if (code === queryCanceled) return new QueryTimeoutError()
  return new QueryError(message, statement, params)
}

export function pgliteDb(pg: PGlite): Db {
  return {
    async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []) {
      try {
        const result = await pg.query<Row>(sql, params)
        return { rows: result.rows }
      } catch (error) {
        throw mapError(error, sql, params)
      }
    },
    async exec(sql: string) {
      try {
        await pg.exec(sql)
      } catch (error) {
        throw mapError(error, sql, [])
      }
    },
  }
}

/** A fresh in-memory PGlite wrapped as a Db, with `close` to release it. */
export async function createTestDb(): Promise<Db & { close(): Promise<void> }> {
  const pg = await PGlite.create()
  return { ...pgliteDb(pg), close: () => pg.close() }
}

const fixturesDir = fileURLToPath(new URL('../test/fixtures/', import.meta.url))

/** The resource definitions in server/test/fixtures (each file holds one or a list). */
export function fixtureDefinitions(): ResourceDefinition[] {
  return readdirSync(fixturesDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const parsed = JSON.parse(readFileSync(fixturesDir + name, 'utf8')) as
        ResourceDefinition | ResourceDefinition[]
      return Array.isArray(parsed) ? parsed : [parsed]
    })
}

/** A test database with the datastore initialised and every fixture loaded. */
export async function createFixtureDb(): Promise<Db & { close(): Promise<void> }> {
  const db = await createTestDb()
  await initDatastore(db)
  for (const def of fixtureDefinitions()) await createResource(db, def)
  return db
}

/** An anonymous datastore_search over `db`, with the server's default settings (as the API's GET). */
export function searchContext(db: Db, overrides: Partial<SearchContext> = {}): SearchContext {
  return {
    db,
    config: { rowsDefault: 100, rowsMax: 32000, defaultFtsLang: 'english' },
    caller: { authorised: false, name: '' },
    currentPath: '/api/3/action/datastore_search',
    currentQuery: '',
    overHttp: false,
    ...overrides,
  }
}
