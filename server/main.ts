// Starts the CKAN-compatible datastore server: parses flags, loads the data into PostgreSQL
// (PGlite in a worker thread, or DATABASE_URL), serves the API and the built app.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { actions } from './ckan/actions.ts'
import { createResource, initDatastore, type RowSource } from './ckan/datastore-create.ts'
import type { Db, ResourceDefinition } from './ckan/types.ts'
import { CliError, parseCli, USAGE, type CliOptions } from './cli.ts'
import { PRIVATE_RESOURCE_ID, privateResource, vegaResources } from './data/demo-datasets.ts'
import { GENERATOR_VERSION, generatedResourceInfo, generatedRowSource } from './data/generated.ts'
import { loadFile, LoadError } from './data/load-file.ts'
import { cacheKey, SnapshotCache, sourceFingerprint } from './data/snapshot-cache.ts'
import { PgDb } from './db/pg-db.ts'
import { PgliteWorkerDb } from './db/pglite-worker-db.ts'
import { createDatastoreServer } from './http/server.ts'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const print = (line: string): void => void process.stdout.write(`${line}\n`)
const log = (line: string): void => void process.stderr.write(`${line}\n`)

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`)
  process.exit(2)
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const info = statSync(target)
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))))
}

function buildIfNeeded(): void {
  const built = path.join(repoRoot, 'dist', 'index.html')
  const sources = ['src', 'index.html', 'public', 'vite.config.ts'].map((p) => path.join(repoRoot, p))
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  const reason =
    builtAt === 0
      ? 'dist/ is missing'
      : Math.max(...sources.map(newestMtime)) > builtAt
        ? 'src/ changed since the last build'
        : ''
  if (!reason) {
    print('The app in dist/ is up to date.')
    return
  }
  print(`Building the app with \`vite build\` (${reason})…`)
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (result.status !== 0) fail('`vite build` failed (see the messages above)')
  print('Build finished.')
}

/** A resource to load; big generated rows come as a RowSource, made batch by batch while loading. */
interface Loadable {
  definition: ResourceDefinition
  rows?: RowSource
}

/**
 * The resources to load, made only when a load starts: a start from a cached database reads none
 * of them. `--load` files are read beforehand (see sourcesFor).
 */
type Sources = () => Promise<Loadable[]>

async function sourcesFor(options: CliOptions): Promise<Sources> {
  if (options.load.length > 0) {
    // Read and check --load files now, before starting the database, so mistakes show at once.
    const lists = await Promise.all(options.load.map((file) => loadFile(file)))
    const loadables = lists.flat().map((definition) => ({ definition }))
    return () => Promise.resolve(loadables)
  }
  return async () => [
    ...(await vegaResources()).map((definition) => ({ definition })),
    { definition: privateResource() },
    {
      definition: generatedResourceInfo(options.seed, options.rows),
      rows: generatedRowSource(options.seed, options.rows),
    },
  ]
}

async function loadInto(db: Db, sources: Sources): Promise<void> {
  await initDatastore(db)
  const loadables = await sources()
  // taken out one by one, so each resource's records can be freed once it is loaded
  while (loadables.length > 0) {
    const { definition, rows } = loadables.shift()!
    try {
      await createResource(db, definition, { rows })
    } catch (error) {
      throw new LoadError(
        `cannot load resource ${JSON.stringify(definition.resource_id)}: ${(error as Error).message}`,
      )
    }
  }
}

/** From this many generated rows on, the embedded database is kept on disk instead of in memory. */
export const ON_DISK_ROWS = 500_000

/** What decides the loaded database: the cache key of the default data. */
async function dataKey(options: CliOptions): Promise<string> {
  // The code that decides the database's content: table layout and the bundled data.
  const fingerprint = await sourceFingerprint(
    [path.join(repoRoot, 'server', 'ckan')],
    ['generated.ts', 'demo-datasets.ts'].map((name) => path.join(repoRoot, 'server', 'data', name)),
  )
  const loaded = await Promise.all(
    options.load.map(async (file) => (await readFile(file)).toString('base64').length + file),
  )
  return cacheKey({
    generator: GENERATOR_VERSION,
    rows: options.rows,
    seed: options.seed,
    fingerprint,
    loaded: loaded.join('|'),
  })
}

/** Opens the database and makes sure it holds the data; returns it ready to serve. */
async function openDatabase(options: CliOptions, sources: Sources): Promise<Db & { close(): Promise<void> }> {
  const started = Date.now()
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const db = new PgDb(databaseUrl, 0)
    await loadInto(db, sources)
    await db.close()
    print(`Loaded the data into DATABASE_URL in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
    return new PgDb(databaseUrl, options.timeoutMs)
  }

  const key = await dataKey(options)
  // Big generated data lives on disk, in a directory kept between runs: in memory, a 1M-row
  // database is held by two workers (about 10 GB), and loading it again takes minutes.
  const automaticDir =
    !options.dataDir && options.load.length === 0 && options.rows >= ON_DISK_ROWS
      ? path.join(repoRoot, '.data', `pgdata-${key}`)
      : undefined
  if (options.dataDir || automaticDir) {
    const dataDir = path.resolve(options.dataDir ?? automaticDir!)
    const marker = path.join(dataDir, 'datastore-explorer-data-key')
    const upToDate = existsSync(marker) && (await readFile(marker, 'utf8')) === key
    // our own directory may hold a half-finished load from an interrupted start: begin afresh
    if (automaticDir && !upToDate) await rm(dataDir, { recursive: true, force: true })
    await mkdir(dataDir, { recursive: true })
    if (automaticDir && !upToDate) {
      print(
        `Loading the demo data with ${options.rows.toLocaleString('en')} generated rows into ${path.relative(repoRoot, dataDir)} (the next start reuses it)…`,
      )
    }
    const db = await PgliteWorkerDb.open({ timeoutMs: 0, dataDir, log })
    if (upToDate) print(`Using the database in ${dataDir}.`)
    else {
      await loadInto(db, sources)
      await writeFile(marker, key)
      print(`Loaded the data into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
    }
    db.timeoutMs = options.timeoutMs
    return db
  }

  // Without --load, reuse a snapshot of the same data from an earlier start.
  const cache = new SnapshotCache(path.join(repoRoot, '.data'))
  const snapshotDir = await cache.runDir()
  const cached = options.load.length === 0 ? await cache.checkout(key, snapshotDir) : undefined
  let snapshotFile = cached
  if (cached) {
    print(
      `Using the cached database .data/pglite-snapshot-${key}.tar (opened in ${((Date.now() - started) / 1000).toFixed(1)} s).`,
    )
  } else {
    print(
      options.load.length > 0
        ? `Loading ${options.load.length} file(s)…`
        : `Loading the demo data with ${options.rows.toLocaleString('en')} generated rows (the next start reuses it from .data/)…`,
    )
    // Loaded in a data directory, then served from memory: PGlite's in-memory files grow by copying,
    // so an in-memory load slows down as the table grows (300k rows: twice as slow), while a
    // directory takes every batch in the same time.
    const loadDir = path.join(snapshotDir, 'load')
    const loader = await PgliteWorkerDb.open({ timeoutMs: 0, dataDir: loadDir, log })
    try {
      await loadInto(loader, sources)
      snapshotFile = path.join(snapshotDir, 'loaded.tar')
      const bytes = await loader.dumpTo(snapshotFile)
      print(
        `Loaded the data in ${((Date.now() - started) / 1000).toFixed(1)} s (snapshot ${(bytes / 1e6).toFixed(0)} MB).`,
      )
    } finally {
      await loader.close()
      await rm(loadDir, { recursive: true, force: true })
    }
    if (options.load.length === 0) {
      await cache
        .store(key, snapshotFile)
        .catch((error: Error) => log(`could not cache the database: ${error.message}`))
    }
  }
  // The reader lane opens beside the primary; wait for it, so that from the first request on, reads
  // are answered while a slow query runs and a timeout is recovered from at once.
  const db = await PgliteWorkerDb.open({ timeoutMs: 0, snapshotFile, snapshotDir, standby: true, log })
  db.timeoutMs = options.timeoutMs
  await db.standbyReady()
  return db
}

function publicUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/`
}

async function main(): Promise<void> {
  let options: CliOptions
  try {
    options = parseCli(process.argv.slice(2))
  } catch (error) {
    if (error instanceof CliError) fail(error.message)
    throw error
  }
  if (options.help) {
    print(USAGE)
    return
  }
  for (const file of options.load) if (!existsSync(file)) fail(`cannot read ${file}: no such file`)
  if (options.buildIfNeeded) buildIfNeeded()

  const db = await openDatabase(options, await sourcesFor(options))
  const server = createDatastoreServer({
    db,
    actions,
    config: { rowsDefault: options.rowsDefault, rowsMax: options.rowsMax, defaultFtsLang: 'english' },
    tokens: options.tokens,
    staticRoot: path.join(repoRoot, 'dist'),
    maxBodyBytes: options.maxBodyBytes,
    log: options.quiet ? () => undefined : log,
    proxy: options.proxy ? { allowedOrigins: new Set(options.proxyAllow) } : undefined,
  })
  server.listen(options.port, options.host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : options.port
    print(`Datastore Explorer is running at ${publicUrl(options.host, port)}`)
    if (options.load.length === 0) {
      print(
        `Private resource "${PRIVATE_RESOURCE_ID}" ${options.tokens.length > 0 ? 'is readable with the --token value(s)' : 'needs --token to be readable'}.`,
      )
    }
  })
  server.on('error', (error: NodeJS.ErrnoException) => {
    fail(
      error.code === 'EADDRINUSE' ? `port ${options.port} is already in use (try --port 0)` : error.message,
    )
  })

  const shutdown = (): void => {
    server.close()
    server.closeAllConnections()
    void db.close().finally(() => process.exit(0))
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

// The server keeps serving whatever happens in one request.
process.on('uncaughtException', (error) => log(`uncaught: ${error.stack ?? error.message}`))
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`))

main().catch((error: unknown) => {
  if (error instanceof LoadError) fail(error.message)
  fail((error as Error).message ?? String(error))
})
