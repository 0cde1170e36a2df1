// The databases the server's conformance tests run on: the embedded PGlite always, and a real
// PostgreSQL server when DSE_TEST_PG_URL names one (.ci/run starts a throwaway cluster and sets it;
// there, a missing server fails the run instead of skipping it). Each server started gets a database
// of its own, so suites that load different data never meet.
import pg from 'pg'

export interface Backend {
  name: string
  /** The environment of one server process on this backend. */
  serverEnv(): Promise<NodeJS.ProcessEnv>
}

const adminUrl = process.env.DSE_TEST_PG_URL
let databases = 0

/** A new, empty database on the PostgreSQL server of `admin` (an admin URL); its URL. */
export async function freshDatabase(admin: string, prefix = 'dse_test'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${databases++}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.href
}

export function testBackends(): Backend[] {
  const backends: Backend[] = [{ name: 'PGlite', serverEnv: async () => ({ DATABASE_URL: '' }) }]
  if (adminUrl) {
    backends.push({
      name: 'PostgreSQL',
      serverEnv: async () => ({ DATABASE_URL: await freshDatabase(adminUrl) }),
    })
  } else if (process.env.DSE_REQUIRE_PG) {
    throw new Error(
      'The conformance tests must also run on PostgreSQL here, but DSE_TEST_PG_URL is not set: .ci/run could not start a cluster.',
    )
  }
  return backends
}
