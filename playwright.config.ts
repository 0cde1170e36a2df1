import { defineConfig, devices } from '@playwright/test'
import { resolveChromium } from './e2e/browser'
import {
  E2E_BIG_DATA_DIR,
  E2E_BIG_PORT,
  E2E_BIG_ROWS,
  E2E_FIXTURE_PORT,
  E2E_PORT,
  E2E_ROWS,
  E2E_ROWS_MAX,
  E2E_TOKEN,
  EMBED_HOST_PORT,
  SAMPLE_PORTAL_ORIGIN,
  SAMPLE_PORTAL_PORT,
} from './e2e/ports'

const executablePath = resolveChromium()
const server = 'node --import tsx server/main.ts --quiet'

export default defineConfig({
  testDir: './e2e',
  // 2 cores: one browser at a time keeps timings honest and the machine responsive.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          // the network is closed here: background services would only fill the logs with refusals
          args: [
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  // Ports are non-default (not 8080/5173/4173) and the server binds them strictly (it exits when the
  // port is taken instead of moving to another one), so a stray dev server can never be what the
  // suite tests, and `reuseExistingServer` only ever reuses one of ours.
  webServer: [
    {
      // The production build, served with the API from one origin, as `npm start` does: the bundled
      // samples plus the generated resource (big enough to need windowed loading), and a token that
      // opens the private sample.
      // The test pages (test-pages/*.html, e.g. two explorers on one page) are built apart, into
      // dist/test-build/, so that the app's own build stays exactly as shipped.
      command: `npm run -s build && npx vite build --config vite.test-pages.config.ts --logLevel error && ${server} --port ${E2E_PORT} --rows ${E2E_ROWS} --token ${E2E_TOKEN} --proxy-allow ${SAMPLE_PORTAL_ORIGIN}`,
      // ready once the generated table is loaded: the server answers before that (404 for it until then)
      url: `http://127.0.0.1:${E2E_PORT}/api/3/action/datastore_search?resource_id=generated-cities&limit=0`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: 'ignore',
    },
    {
      // A second portal on another origin: only the fixtures of e2e/fixtures (hostile field names,
      // a private resource, a resource bigger than its tiny rows_max) so tests can prove paging
      // past the cap, a token sent only to the portal's own origin, and cross-origin reads (CORS).
      // It serves the same build, so tests can also open the app from this origin, where it has no
      // proxy (--no-proxy): the explorer as a page on a server without one. It answers as CKAN 2.11.5
      // does (--ckan-version 2.11: no filter operators), so the suite drives both generations; its
      // tiny rows_max lets a range be filtered in the browser on a small table and refused on a big one.
      command: `${server} --port ${E2E_FIXTURE_PORT} --no-proxy --ckan-version 2.11 --rows-max ${E2E_ROWS_MAX} --rows-default ${E2E_ROWS_MAX} --token ${E2E_TOKEN} --load e2e/fixtures/hostile-fields.json --load e2e/fixtures/private-notes.json --load e2e/fixtures/paged-numbers.json`,
      url: `http://127.0.0.1:${E2E_FIXTURE_PORT}/api/3/action/datastore_search?resource_id=_table_metadata&limit=0`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'ignore',
    },
    {
      // A big generated resource, for windowed loading in the scaled scroll space (e2e/big-table.spec.ts).
      // Kept in a data directory: one worker, no snapshot to write and reopen, and a local rerun
      // reuses it; a cold start (always, in CI) loads it in about a minute.
      command: `${server} --port ${E2E_BIG_PORT} --rows ${E2E_BIG_ROWS} --data-dir ${E2E_BIG_DATA_DIR}`,
      url: `http://127.0.0.1:${E2E_BIG_PORT}/api/3/action/datastore_search?resource_id=generated-cities&limit=0`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: 'ignore',
    },
    {
      // Recorded answers of real portals, without CORS headers (e2e/sample-portal.ts): the main
      // server's proxy may reach its first port, and not its second.
      command: 'node --import tsx e2e/sample-portal.ts',
      url: `http://127.0.0.1:${SAMPLE_PORTAL_PORT}/api/3/action/package_search`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      // A portal page on another origin that embeds the explorer (e2e/embed.spec.ts), with a strict
      // content security policy; it only serves static files.
      command: 'node --import tsx e2e/embed-host-server.ts',
      url: `http://127.0.0.1:${EMBED_HOST_PORT}/two-elements.html`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      stdout: 'ignore',
    },
  ],
})
