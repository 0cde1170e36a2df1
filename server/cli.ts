// Command-line flags of `server/main.ts`. Pure: parsing never touches files or the network, so
// every bad input becomes one readable line (main.ts prints it and exits with code 2).

import { CKAN_VERSIONS, type CkanVersion, DEFAULT_CKAN_VERSION, isCkanVersion } from './ckan/ckan-version.ts'
import { readAllowedOrigin } from './proxy/target.ts'

export interface CliOptions {
  port: number
  host: string
  load: string[]
  /** Load CSV rows with too few or too many cells, or a broken quote, instead of refusing the file. */
  lenient: boolean
  tokens: string[]
  rows: number
  rowsMax: number
  rowsDefault: number
  timeoutMs: number
  dataDir: string | undefined
  buildIfNeeded: boolean
  /** Seed of the generated resource. */
  seed: number
  /** Request body limit in bytes. */
  maxBodyBytes: number
  quiet: boolean
  help: boolean
  /** The read-only portal proxy at /proxy (on unless --no-proxy). */
  proxy: boolean
  /** Origins the proxy reaches although they are http: or private (--proxy-allow). */
  proxyAllow: string[]
  /** The address readers reach this server at, for the embed snippets (--public-url); default: the request's. */
  publicUrl: string | undefined
  /** Read-only database workers beside the primary (the embedded database). */
  dbReaders: number
  /** Requests one client address may have in progress at once (0: no limit). */
  maxClientRequests: number
  /** Show the SQL, its parameters and PostgreSQL's message in 409 answers, as CKAN does. */
  debugErrors: boolean
  /** The CKAN whose datastore_search answers the server gives (--ckan-version). */
  ckanVersion: CkanVersion
}

export const DEFAULTS: CliOptions = {
  port: 8080,
  host: '127.0.0.1',
  load: [],
  lenient: false,
  tokens: [],
  rows: 100_000,
  rowsMax: 32_000,
  rowsDefault: 100,
  timeoutMs: 60_000,
  dataDir: undefined,
  buildIfNeeded: false,
  seed: 42,
  maxBodyBytes: 1024 * 1024,
  quiet: false,
  help: false,
  proxy: true,
  proxyAllow: [],
  publicUrl: undefined,
  dbReaders: 1,
  maxClientRequests: 32,
  debugErrors: false,
  ckanVersion: DEFAULT_CKAN_VERSION,
}

export const USAGE = `Usage: node --import tsx server/main.ts [options]

A CKAN-compatible DataStore API (datastore_search, resource_show, package_search, status_show)
on PostgreSQL (embedded PGlite, or an external server when DATABASE_URL is set), plus the
Datastore Explorer app.

Options:
  --port N            port to listen on (default 8080; 0 picks a free port)
  --host H            address to listen on (default 127.0.0.1)
  --load FILE         serve this .json or .csv file as a resource (repeatable); with --load,
                      only the loaded resources are served. A CSV row with more or fewer
                      cells than the header, or a quote that never closes, is an error naming
                      its line
  --lenient           load such CSV files anyway: short rows padded with empty cells, long rows
                      cut to the header's width, a broken quote read as a plain character up
                      to the end of its line; prints how many rows were fixed
  --token T           an API token: requests whose Authorization header equals T may read
                      private resources (repeatable)
  --rows N            rows of the generated resource (default 100000)
  --seed N            seed of the generated resource (default 42)
  --rows-max N        ckan.datastore.search.rows_max (default 32000)
  --rows-default N    ckan.datastore.search.rows_default (default 100)
  --timeout-ms N      statement timeout in ms (default 60000, as CKAN); 0 disables it
  --data-dir DIR      keep the embedded database in DIR between runs
  --max-body-kb N     request body limit in KiB (default 1024)
  --build-if-needed   run \`npm run build\` (the app and the embed) when one of them is missing
                      or older than its sources (\`npm start\` does)
  --ckan-version V    answer as CKAN V does: 2.12 (default: filter operators, next_page, no
                      _links, timestamps with milliseconds) or 2.11 (exactly as CKAN 2.11.5)
  --no-proxy          turn off the read-only portal proxy at /proxy (on by default: it lets the
                      explorer read public https portals that block other websites)
  --proxy-allow ORIGIN
                      let the proxy also reach this origin (repeatable), e.g. an intranet portal
                      or http://127.0.0.1:9000 for tests; otherwise http: and private addresses
                      are refused
  --public-url URL    the address readers reach this server at, when it is not the one they
                      ask (behind a reverse proxy): "Embed this view" writes it into its
                      snippets, e.g. https://data.example.org/explorer
  --db-readers N      read-only database workers beside the main one (default 1, at most 8):
                      a slow search then does not hold up the others; each costs about
                      250 MB of memory, and 0 keeps one worker for everything
  --max-client-requests N
                      requests one client address may have in progress at once (default 32,
                      0 for no limit); more are answered with 429 Too Many Requests
  --debug-errors      show the SQL, its parameters and PostgreSQL's message in "Invalid query"
                      answers, as CKAN does (hidden by default: they reveal how queries are built)
  --quiet             do not log requests
  --help              show this help
`

export class CliError extends Error {}

type Flag = keyof typeof FLAGS
const FLAGS = {
  '--port': 'value',
  '--host': 'value',
  '--load': 'value',
  '--lenient': 'switch',
  '--token': 'value',
  '--rows': 'value',
  '--seed': 'value',
  '--rows-max': 'value',
  '--rows-default': 'value',
  '--timeout-ms': 'value',
  '--data-dir': 'value',
  '--max-body-kb': 'value',
  '--build-if-needed': 'switch',
  '--quiet': 'switch',
  '--no-proxy': 'switch',
  '--proxy-allow': 'value',
  '--public-url': 'value',
  '--db-readers': 'value',
  '--max-client-requests': 'value',
  '--debug-errors': 'switch',
  '--ckan-version': 'value',
  '--help': 'switch',
} as const

function wholeNumber(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(text)) throw new CliError(`${flag} expects a whole number, got ${JSON.stringify(text)}`)
  const value = Number(text)
  if (value < min || value > max) throw new CliError(`${flag} must be between ${min} and ${max}, got ${text}`)
  return value
}

/** Parses argv (without `node` and the script). Throws CliError with a one-line message. */
export function parseCli(argv: string[]): CliOptions {
  const options: CliOptions = { ...DEFAULTS, load: [], tokens: [], proxyAllow: [] }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const name = eq > 0 ? arg.slice(0, eq) : arg
    if (!Object.hasOwn(FLAGS, name)) {
      throw new CliError(
        arg.startsWith('-')
          ? `unknown option ${name} (see --help)`
          : `unexpected argument ${JSON.stringify(arg)} (see --help)`,
      )
    }
    const flag = name as Flag
    let value: string | undefined
    if (FLAGS[flag] === 'switch') {
      if (eq > 0) throw new CliError(`${flag} takes no value`)
    } else if (eq > 0) {
      value = arg.slice(eq + 1)
    } else {
      value = argv[++i]
      if (value === undefined || (value.startsWith('--') && value.length > 2)) {
        throw new CliError(`${flag} expects a value`)
      }
    }
    applyFlag(options, flag, value ?? '')
  }
  if (options.rowsDefault > options.rowsMax) {
    throw new CliError(
      `--rows-default (${options.rowsDefault}) must not exceed --rows-max (${options.rowsMax})`,
    )
  }
  return options
}

function applyFlag(options: CliOptions, flag: Flag, value: string): void {
  switch (flag) {
    case '--port':
      options.port = wholeNumber(flag, value, 0, 65535)
      break
    case '--host':
      if (value === '') throw new CliError('--host expects a value')
      options.host = value
      break
    case '--load':
      if (!/\.(json|csv)$/i.test(value))
        throw new CliError(`--load expects a .json or .csv file, got ${JSON.stringify(value)}`)
      options.load.push(value)
      break
    case '--lenient':
      options.lenient = true
      break
    case '--token':
      if (value === '') throw new CliError('--token expects a non-empty value')
      options.tokens.push(value)
      break
    case '--rows':
      options.rows = wholeNumber(flag, value, 0, 20_000_000)
      break
    case '--seed':
      options.seed = wholeNumber(flag, value, 0, 2 ** 32 - 1)
      break
    case '--rows-max':
      options.rowsMax = wholeNumber(flag, value, 1)
      break
    case '--rows-default':
      options.rowsDefault = wholeNumber(flag, value, 1)
      break
    case '--timeout-ms':
      options.timeoutMs = wholeNumber(flag, value, 0)
      break
    case '--data-dir':
      if (value === '') throw new CliError('--data-dir expects a directory')
      options.dataDir = value
      break
    case '--max-body-kb':
      options.maxBodyBytes = wholeNumber(flag, value, 1, 1024 * 1024) * 1024
      break
    case '--build-if-needed':
      options.buildIfNeeded = true
      break
    case '--quiet':
      options.quiet = true
      break
    case '--no-proxy':
      options.proxy = false
      break
    case '--proxy-allow': {
      const origin = readAllowedOrigin(value)
      if (origin === null)
        throw new CliError(
          `--proxy-allow expects an origin such as https://intranet.example or http://127.0.0.1:9000, got ${JSON.stringify(value)}`,
        )
      options.proxyAllow.push(origin)
      break
    }
    case '--public-url': {
      const url = URL.canParse(value) ? new URL(value) : null
      if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
        throw new CliError(
          `--public-url expects an http(s) address such as https://data.example.org/explorer, got ${JSON.stringify(value)}`,
        )
      options.publicUrl = url.href.replace(/\/+$/, '')
      break
    }
    case '--db-readers':
      options.dbReaders = wholeNumber(flag, value, 0, 8)
      break
    case '--max-client-requests':
      options.maxClientRequests = wholeNumber(flag, value, 0)
      break
    case '--debug-errors':
      options.debugErrors = true
      break
    case '--ckan-version':
      if (!isCkanVersion(value))
        throw new CliError(
          `--ckan-version expects ${CKAN_VERSIONS.join(' or ')}, got ${JSON.stringify(value)}`,
        )
      options.ckanVersion = value
      break
    case '--help':
      options.help = true
      break
  }
}
