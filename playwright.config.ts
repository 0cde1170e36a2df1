import { defineConfig, devices } from '@playwright/test'
import { resolveChromium } from './e2e/browser'

// Non-default ports with a strict bind: a stray dev server on 8080 must never be what the suite tests.
export const E2E_PORT = 4174
/** A second server started with --load and --token, for fixtures and error cases. */
export const E2E_FIXTURE_PORT = 4175

const executablePath = resolveChromium()
const server = 'node --import tsx server/main.ts'

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
          args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
        },
      },
    },
  ],
  webServer: [
    {
      // the production build, served with the API from one origin, as `npm start` does
      command: `npm run -s build && ${server} --port ${E2E_PORT} --rows 20000 --token e2e-token`,
      url: `http://127.0.0.1:${E2E_PORT}/api/3/action/datastore_search?resource_id=_table_metadata&limit=0`,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      stdout: 'ignore',
    },
  ],
})
