// Where the two test servers listen and how they are started (shared by playwright.config.ts and specs).

/**
 * The first of the suite's ports. `E2E_PORT_BASE` moves them all, so that two checkouts can run their
 * suites side by side without one reusing the other's servers (`reuseExistingServer` outside CI).
 */
const PORT_BASE = Number(process.env.E2E_PORT_BASE) || 4174
/** The main server: the app plus the bundled samples and the generated resource. */
export const E2E_PORT = PORT_BASE
/** A second portal on another origin, serving only the JSON fixtures of e2e/fixtures. */
export const E2E_FIXTURE_PORT = PORT_BASE + 1
/** A third server whose generated resource is big enough for the scaled scroll space. */
export const E2E_BIG_PORT = PORT_BASE + 2
/** A stand-in for real portals (e2e/sample-portal.ts): no CORS headers, reached through the proxy. */
export const SAMPLE_PORTAL_PORT = PORT_BASE + 3
/** The same stand-in on a port the e2e server's proxy is not allowed to reach. */
export const SAMPLE_PORTAL_REFUSED_PORT = PORT_BASE + 5
/** A portal page on another origin that embeds the explorer, under a strict content security policy. */
export const EMBED_HOST_PORT = PORT_BASE + 4

export const MAIN_ORIGIN = `http://127.0.0.1:${E2E_PORT}`
export const FIXTURE_ORIGIN = `http://127.0.0.1:${E2E_FIXTURE_PORT}`
export const BIG_ORIGIN = `http://127.0.0.1:${E2E_BIG_PORT}`
export const EMBED_HOST_ORIGIN = `http://127.0.0.1:${EMBED_HOST_PORT}`
export const SAMPLE_PORTAL_ORIGIN = `http://127.0.0.1:${SAMPLE_PORTAL_PORT}`
export const SAMPLE_PORTAL_REFUSED_ORIGIN = `http://127.0.0.1:${SAMPLE_PORTAL_REFUSED_PORT}`
/** The app's default portal is its own origin with CKAN's language segment. */
export const MAIN_PORTAL = `${MAIN_ORIGIN}/en`
export const FIXTURE_PORTAL = `${FIXTURE_ORIGIN}/en`

/**
 * Rows of the generated resource: enough that a first page is a small part of it (20k+ records, as
 * the acceptance asks) while the server still loads it in well under a minute on two cores.
 */
export const E2E_ROWS = 20_000
/**
 * Rows of the big server's generated resource: above 250,000 (MAX_SCROLL_HEIGHT / ROW_HEIGHT) the
 * grid's scroll space is scaled. Sized so that a cold load (CI has no cache) takes about a minute
 * on two cores; see docs/server.md for the load figures.
 */
export const E2E_BIG_ROWS = 300_000
/** Where the big server keeps its database between local runs (git-ignored; CI starts without it). */
export const E2E_BIG_DATA_DIR = '.data/e2e-big'
/** Seed of the generated resource (the server's default). */
export const E2E_SEED = 42
/** The fixture portal's rows_max: tiny, so a limit of 100 needs several pages. */
export const E2E_ROWS_MAX = 50
/** The API token both servers accept for their private resources. */
export const E2E_TOKEN = 'e2e-token'
