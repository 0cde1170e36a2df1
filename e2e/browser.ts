// Which Chromium the browser tests launch: CHROMIUM_PATH if set, else Playwright's own browser
// if one is installed, else the Debian package's /usr/bin/chromium.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

export function resolveChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`)
  }
  try {
    const own = chromium.executablePath()
    if (own && existsSync(own)) return undefined // Playwright's own browser: no executablePath needed
  } catch {
    // no browser of Playwright's own
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  throw new Error(
    'No Chromium found for the browser tests: install the Debian package (apt-get install chromium), set CHROMIUM_PATH, or run "npx playwright install chromium" where the network allows it.',
  )
}
