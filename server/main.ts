// Starts the CKAN-compatible datastore server: parses flags, loads the data into PostgreSQL
// (PGlite in a worker thread, or DATABASE_URL), serves the API and the built app.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { actions } from './ckan/actions.ts'
import { createResource, initDatastore, type RowSource } from './ckan/datastore-create.ts'
import type { Db, ResourceDefinition } from './ckan/types.ts'
import { CliError, parseCli, USAGE, type CliOptions } from './cli.ts'
import { PRIVATE_RESOURCE_ID, privateResource, vegaResources } from './data/demo-datasets.ts'
import { GENERATOR_VERSION, generatedResourceInfo, generatedRowSource } from './data/generated.ts'
import { loadFile, LoadError } from './data/load-file.ts'
import { cacheKey, sourceFingerprint } from './data/data-key.ts'
import { buildStaleness } from './app-build.ts'
import { claimDataDir, isAlive, isLockFile, LOCK_FILE } from './data/data-dir-lock.ts'
import { PgDb } from './db/pg-db.ts'
import { PgliteWorkerDb } from './db/pglite-worker-db.ts'
import { createDatastoreServer } from './http/server.ts'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const print = (line: string): void => void process.stdout.write(`${line}\n`)
const log = (line: string): void => void process.stderr.write(`${line}\n`)

const seconds = (since: number): string => ((Date.now() - since) / 1000).toFixed(1)

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`)
  process.exit(2)
}

/**
 * Runs `npm run build` (every build, in its order: the app's empties dist/, the embed's follows)
 * when an output is missing or older than its sources; runs beside the database's opening. Its
 * file lists are not shown; warnings and errors are.
 */
async function buildIfNeeded(): Promise<void> {
  const reason = buildStaleness(repoRoot)
  if (!reason) {
    print('The app in dist/ is up to date.')
    return
  }
  print(`Building the app and the embed with \`npm run build\` (${reason})…`)
  const started = Date.now()
  // npm's own script when started by npm (`npm start`), else npm from the PATH
  const npm = process.env.npm_execpath
  const child = spawn(npm ? process.execPath : 'npm', [...(npm ? [npm] : []), 'run', '--silent', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: !npm && process.platform === 'win32',
  })
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null))
    child.on('exit', (code) => resolve(code))
  })
  if (status !== 0) fail('`npm run build` failed (see the messages above)')
  print(`Built the app and the embed in ${seconds(started)} s.`)
}

/** A resource to load; big generated rows come as a RowSource, made batch by batch while loading. */
interface Loadable {
  definition: ResourceDefinition
  rows?: RowSource
  /** Loaded once the server answers, listed meanwhile with its progress (the big generated table). */
  later?: boolean
}

/**
 * The resources to load, made only when a load starts: a start from an existing database reads none
 * of them. `--load` files are read beforehand (see sourcesFor).
 */
type Sources = () => Promise<Loadable[]>

/** From this many rows on, a bundled table is loaded once the server answers. */
const LATER_FROM_ROWS = 10_000

async function sourcesFor(options: CliOptions): Promise<Sources> {
  if (options.load.length > 0) {
    // Read and check --load files now, before starting the database, so mistakes show at once.
    const lists = await Promise.all(
      options.load.map((file) => loadFile(file, { lenient: options.lenient, report: print })),
    )
    const loadables = lists.flat().map((definition) => ({ definition }))
    return () => Promise.resolve(loadables)
  }
  return async () => [
    // tables of tens of thousands of rows (US zip codes) load after the server answers, as the generated one
    ...(await vegaResources()).map((definition) => ({
      definition,
      later: definition.records.length >= LATER_FROM_ROWS,
    })),
    { definition: privateResource() },
    {
      definition: generatedResourceInfo(options.seed, options.rows),
      rows: generatedRowSource(options.seed, options.rows),
      later: true,
    },
  ]
}

async function load(db: Db, loadables: Loadable[], listWhileLoading: boolean): Promise<void> {
  // taken out one by one, so each resource's records can be freed once it is loaded
  while (loadables.length > 0) {
    const { definition, rows } = loadables.shift()!
    try {
      // while serving, the plain INSERT load in the one worker: no helper databases beside it, so the
      // peak stays under 1 GB, and on 2 cores it is even faster than COPY (21 s against 25–27 s)
      const inOneWorker = listWhileLoading ? { copyMinRows: Number.POSITIVE_INFINITY } : {}
      await createResource(db, definition, { rows, listWhileLoading, ...inOneWorker })
    } catch (error) {
      throw new LoadError(
        `cannot load resource ${JSON.stringify(definition.resource_id)}: ${(error as Error).message}`,
      )
    }
  }
}

async function loadInto(db: Db, sources: Sources): Promise<void> {
  await initDatastore(db)
  await load(db, await sources(), false)
}

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

type ServedDb = Db & { close(): Promise<void> }

/** The database to serve, and the loading left to do once the server answers. */
interface Opened {
  db: ServedDb
  finishLoading?: () => Promise<void>
  /** What runs once every table is loaded, before ALL_READY: opening the readers of a directory. */
  whenReady?: () => Promise<void>
}

/** Opens the database and makes sure it holds the data (or will: see `finishLoading`). */
async function openDatabase(options: CliOptions, sources: Sources): Promise<Opened> {
  const started = Date.now()
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const db = new PgDb(databaseUrl, 0)
    await loadInto(db, sources)
    await db.close()
    print(`Loaded the data into DATABASE_URL in ${seconds(started)} s.`)
    return { db: new PgDb(databaseUrl, options.timeoutMs) }
  }
  const dataRoot = path.join(repoRoot, '.data')
  const key = await dataKey(options)
  const automatic = !options.dataDir
  if (options.load.length > 0 && !options.dataDir) {
    await removeStaleData(dataRoot)
    return { db: await openLoadedFiles(options, sources, dataRoot) }
  }
  const dataDir = path.resolve(options.dataDir ?? path.join(dataRoot, `pgdata-${key}`))

  // The default data, or --data-dir: one worker on a database directory kept between runs. It holds
  // the only copy of the data (in memory, each worker would hold its own), and a second start opens
  // it in a few seconds.
  const marker = path.join(dataDir, 'datastore-explorer-data-key')
  await mkdir(dataDir, { recursive: true })
  // A --data-dir is emptied only when it is ours: it has our key file or lock (read before we add ours).
  const ours = automatic || existsSync(marker) || existsSync(path.join(dataDir, LOCK_FILE))
  // Before anything is read or removed in it: a server that is still loading it has no key file yet.
  await holdDataDir(dataDir)
  await removeStaleData(dataRoot, dataDir)
  const upToDate = existsSync(marker) && (await readFile(marker, 'utf8')) === key
  // A database of other data or code (or a half-finished load) would answer with its stale tables
  // until the reload replaced them: begin afresh.
  if (!upToDate && ours) await emptyDataDir(dataDir)
  await mkdir(dataRoot, { recursive: true })
  const db = await PgliteWorkerDb.open({
    timeoutMs: 0,
    dataDir,
    readers: options.dbReaders,
    // the readers' copies of the directory, removed on exit (or by the next start: removeStaleData)
    snapshotDir: await mkdtemp(path.join(dataRoot, `run-${process.pid}-`)),
    log,
  })
  if (upToDate) {
    print(
      `Using the database in ${path.relative(repoRoot, dataDir) || dataDir} (opened in ${seconds(started)} s).`,
    )
    db.timeoutMs = options.timeoutMs
    return { db, whenReady: () => openReaders(db, options.dbReaders) }
  }
  print(
    `Loading ${options.load.length > 0 ? 'the files' : 'the demo data'} into ${path.relative(repoRoot, dataDir) || dataDir} (the next start reuses it)…`,
  )
  await initDatastore(db)
  const loadables = await sources()
  await load(
    db,
    loadables.filter((loadable) => !loadable.later),
    false,
  )
  const later = loadables.filter((loadable) => loadable.later)
  print(`Loaded the small tables in ${seconds(started)} s.`)
  db.timeoutMs = options.timeoutMs
  return {
    db,
    finishLoading: async () => {
      const since = Date.now()
      const total = later.reduce(
        (sum, loadable) => sum + (loadable.rows?.count ?? loadable.definition.records.length),
        0,
      )
      if (later.length > 0)
        print(`Loading the big tables (${total.toLocaleString('en')} rows) while serving…`)
      await load(db.untimed(), later, true)
      await writeFile(marker, key)
      if (later.length > 0) print(`Loaded the big tables in ${seconds(since)} s.`)
    },
    whenReady: () => openReaders(db, options.dbReaders),
  }
}

/**
 * Opens the readers of a database directory (each on a copy of it), so that one slow statement
 * never holds up the others: see "Threads and the statement timeout" in docs/server.md.
 */
async function openReaders(db: PgliteWorkerDb, count: number): Promise<void> {
  if (count === 0) return
  const started = Date.now()
  await db.openReaders()
  print(`Opened ${count} reader worker(s) in ${seconds(started)} s.`)
}

/** Other databases kept beside the one in use (other row counts, seeds or code versions). */
const KEEP_OTHER_DATA = 2

/** Removes what earlier starts left in .data/ beyond a few recent databases (each is hundreds of MB). */
async function removeStaleData(dataRoot: string, keep?: string): Promise<void> {
  if (!existsSync(dataRoot)) return
  const others: { dir: string; mtime: number }[] = []
  for (const name of readdirSync(dataRoot)) {
    const entry = path.join(dataRoot, name)
    // the snapshots of earlier versions, which served the default data from memory
    if (/^pglite-snapshot-[0-9a-f]{16}\.tar$/.test(name)) await rm(entry, { force: true })
    if (/^pgdata-[0-9a-f]{16}$/.test(name) && entry !== keep) {
      others.push({ dir: entry, mtime: statSync(entry).mtimeMs })
    }
    // the scratch directory of a --load start that was stopped before it could remove it
    const pid = /^run-(\d+)/.exec(name)?.[1]
    if (pid && Number(pid) !== process.pid && !isAlive(Number(pid))) {
      await rm(entry, { recursive: true, force: true })
    }
  }
  others.sort((a, b) => b.mtime - a.mtime)
  for (const old of others.slice(KEEP_OTHER_DATA)) {
    // only while holding its lock: a server may be using it, or starting to
    if ((await claimDataDir(old.dir)).held) await rm(old.dir, { recursive: true, force: true })
  }
}

/** One server per database directory (see data-dir-lock.ts); a second one exits with this message. */
async function holdDataDir(dataDir: string): Promise<void> {
  const claim = await claimDataDir(dataDir)
  if (!claim.held) {
    fail(
      `another Datastore Explorer server (process ${claim.holder}) is using ${dataDir}: stop it first, or give this one --port and --data-dir of its own`,
    )
  }
}

/** Removes a database directory's content, but not its lock, which this process holds. */
async function emptyDataDir(dataDir: string): Promise<void> {
  for (const name of readdirSync(dataDir)) {
    if (!isLockFile(name)) await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}

/** `--load` files: loaded in a directory, then served from memory with a reader lane beside it. */
async function openLoadedFiles(options: CliOptions, sources: Sources, dataRoot: string): Promise<ServedDb> {
  const started = Date.now()
  await mkdir(dataRoot, { recursive: true })
  const snapshotDir = await mkdtemp(path.join(dataRoot, `run-${process.pid}-`))
  print(`Loading ${options.load.length} file(s)…`)
  // PGlite's in-memory files grow by copying, so an in-memory load slows down as the table grows,
  // while a directory takes every batch in the same time.
  const loadDir = path.join(snapshotDir, 'load')
  const loader = await PgliteWorkerDb.open({ timeoutMs: 0, dataDir: loadDir, log })
  const snapshotFile = path.join(snapshotDir, 'loaded.tar')
  try {
    await loadInto(loader, sources)
    const bytes = await loader.dumpTo(snapshotFile)
    print(`Loaded the data in ${seconds(started)} s (snapshot ${(bytes / 1e6).toFixed(0)} MB).`)
  } finally {
    await loader.close()
    await rm(loadDir, { recursive: true, force: true })
  }
  // The reader lane opens beside the primary; wait for it, so that from the first request on, reads
  // are answered while a slow query runs and a timeout is recovered from at once.
  const db = await PgliteWorkerDb.open({ timeoutMs: 0, snapshotFile, snapshotDir, standby: true, log })
  db.timeoutMs = options.timeoutMs
  await db.standbyReady()
  return db
}

/** Printed once every table can be searched: tools that start the server wait for it. */
const ALL_READY = 'All tables are ready.'

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
  const building = options.buildIfNeeded ? buildIfNeeded() : Promise.resolve()
  const [{ db, finishLoading, whenReady }] = await Promise.all([
    openDatabase(options, await sourcesFor(options)),
    building,
  ])
  const server = createDatastoreServer({
    db,
    actions,
    config: {
      rowsDefault: options.rowsDefault,
      rowsMax: options.rowsMax,
      defaultFtsLang: 'english',
      ckanVersion: options.ckanVersion,
    },
    tokens: options.tokens,
    staticRoot: path.join(repoRoot, 'dist'),
    maxBodyBytes: options.maxBodyBytes,
    log: options.quiet ? () => undefined : log,
    proxy: options.proxy ? { allowedOrigins: new Set(options.proxyAllow) } : undefined,
    publicUrl: options.publicUrl,
    maxClientRequests: options.maxClientRequests,
    debugErrors: options.debugErrors,
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
    const ready = async (): Promise<void> => {
      // the server answers meanwhile, with the primary worker alone
      await whenReady?.().catch((error: Error) =>
        log(`the reader workers could not be opened: ${error.message}`),
      )
      print(ALL_READY)
    }
    if (!finishLoading) void ready()
    else {
      finishLoading().then(ready, (error: Error) => fail(`the data could not be loaded: ${error.message}`))
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
