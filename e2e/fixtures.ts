// Shared fixtures: every test gets an `explorer` page object, and fails on any console error or
// uncaught page error (checked after the test body, so the failure names the message).
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { ExplorerPage } from './pages/explorer-page'

interface Fixtures {
  explorer: ExplorerPage
  consoleErrors: string[]
}

interface Options {
  /**
   * Console errors a test causes on purpose and expects, as one narrow pattern matched against the
   * message followed by the URL it is about (e.g. /status of 409 \(Conflict\).*datastore_search/i).
   * The browser logs every failed resource load itself; anything not matched still fails the test.
   * Page errors are never allowed. (One RegExp rather than a list: Playwright reads an array given
   * to test.use as a [value, options] pair.)
   */
  allowedConsoleErrors: RegExp | undefined
}

export const test = base.extend<Fixtures & Options>({
  allowedConsoleErrors: [undefined, { option: true }],
  consoleErrors: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = message.text()
      const where = message.location().url
      if (allowedConsoleErrors?.test(`${text} ${where}`)) return
      errors.push(where ? `${text} (${where})` : text)
    })
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
    await use(errors)
    expect(errors, 'console errors during the test').toEqual([])
  },
  explorer: async ({ page, consoleErrors }, use) => {
    void consoleErrors // registered first, so it sees everything the page logs
    await use(new ExplorerPage(page))
  },
})

export { expect }

/**
 * Runs axe-core on the page as it is now and asserts there is no WCAG 2.2 A/AA violation.
 * `embedded`: the page holds a <datastore-explorer>, whose shadow root links its stylesheet. axe then
 * reads that sheet by adding a <style> of its own, which the page's style-src refuses, and the refusal
 * is logged as a console error that would fail the test; so it does not read style sheets (which only
 * its orientation-lock rule needs).
 */
export async function expectNoAxeViolations(
  page: Page,
  context = '',
  { embedded = false }: { embedded?: boolean } = {},
): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Same rules, same verdicts, about 3× faster on this 2-core machine (measured 3 s against
    // 10–13 s on the results page): only violations are reported back (passes are never read),
    // and axe runs in the page's own frame in one go (the explorer has no iframes to walk into).
    .options({ resultTypes: ['violations'], ...(embedded ? { preload: false } : {}) })
    .setLegacyMode(true)
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary, `axe violations ${context}`).toEqual([])
}
