// Errors (acceptance 10): each failure reads as what happened and what to do, with technical details
// folded away and a working "Try again" where trying again can help. Faults come from the server
// (unknown table, unknown column) or from page.route (timeouts, unreachable, HTML, CORS, bad shape).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page, Route } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import type { ExplorerPage } from './pages/explorer-page'
import { countText } from './expected'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'
import { FIXTURE_ORIGIN } from './ports'

const TABLE_PAGE = /\/api\/3\/action\/datastore_search\?/

/** Fails the table's datastore_search requests with `fault` until the returned function is called. */
async function breakSearches(
  page: Page,
  fault: (route: Route) => Promise<void>,
): Promise<() => Promise<void>> {
  await page.route(TABLE_PAGE, fault)
  return () => page.unroute(TABLE_PAGE, fault)
}

/** The error panel's technical details start folded, and unfold on demand. */
async function expectFoldedDetails(explorer: ExplorerPage, detail: RegExp | string): Promise<void> {
  const details = explorer.errorPanel.getByRole('group')
  await expect(details.getByText(detail)).toBeHidden()
  await details.getByText('Technical details').click()
  await expect(details.getByText(detail).first()).toBeVisible()
}

test.describe('answers from the portal', () => {
  test.use({
    allowedConsoleErrors:
      /status of 404 \(Not Found\).*(datastore_search|resource_show)|status of 409 \(Conflict\).*datastore_search/i,
  })

  test('an unknown table says it was not found', async ({ explorer, page }) => {
    await explorer.open({ resource_id: 'no-such-table' })
    await expect(explorer.errorPanel).toContainText('This table was not found')
    await expect(explorer.errorPanel).toContainText('Check the link or the table’s name.')
    await expectNoAxeViolations(page, 'not found')
    await expectFoldedDetails(explorer, /no-such-table|Not Found/i)
  })

  test('a filter on an unknown column names it, and removing it recovers', async ({ explorer, page }) => {
    await explorer.open({ resource_id: GENERATED_RESOURCE_ID, filters: JSON.stringify({ nosuch: 'x' }) })
    await expect(explorer.errorPanel).toContainText('The portal did not accept the filter on “nosuch”')
    await expectNoAxeViolations(page, 'invalid filter')
    await page.getByRole('button', { name: 'Remove the filter on nosuch' }).click()
    await explorer.expectLoaded()
    await expect(explorer.count).toHaveText(countText(20_000))
    await expect(page).not.toHaveURL(/filters=/)
  })

  test('"Search took too long" explains how to narrow the search, and Try again works', async ({
    explorer,
    page,
  }) => {
    const restore = await breakSearches(page, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json;charset=utf-8',
        json: {
          help: 'http://127.0.0.1/api/3/action/help_show?name=datastore_search',
          success: false,
          error: { query: ['Search took too long'], __type: 'Validation Error' },
        },
      }),
    )
    await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
    await expect(explorer.errorPanel).toContainText('The search took too long')
    await expect(explorer.errorPanel).toContainText('Narrow the search')
    await expectNoAxeViolations(page, 'search took too long')
    await expectFoldedDetails(explorer, /Search took too long/)
    await restore()
    await explorer.retry.click()
    await explorer.expectLoaded()
    await expect(explorer.errorPanel).toHaveCount(0)
  })
})

test.describe('an unreachable portal', () => {
  test.use({ allowedConsoleErrors: /net::ERR_CONNECTION_REFUSED.*datastore_search/ })

  test('says so, and Try again works once it is back', async ({ explorer, page }) => {
    const restore = await breakSearches(page, (route) => route.abort('connectionrefused'))
    await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
    await expect(explorer.errorPanel).toContainText(/could not be reached|blocked or unreachable/, {
      timeout: 30_000,
    })
    await expectNoAxeViolations(page, 'unreachable')
    await restore()
    await explorer.retry.click()
    await explorer.expectLoaded()
  })
})

test.describe('a gateway timeout', () => {
  test.use({ allowedConsoleErrors: /status of 504 \(Gateway Timeout\).*datastore_search/i })

  test('is an error with Try again', async ({ explorer }) => {
    await explorer.page.route(TABLE_PAGE, (route) =>
      route.fulfill({
        status: 504,
        contentType: 'text/html',
        body: '<html><body>504 Gateway Time-out</body></html>',
      }),
    )
    await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
    await expect(explorer.errorPanel).toBeVisible({ timeout: 30_000 })
    await expect(explorer.retry).toBeVisible()
    await explorer.page.unroute(TABLE_PAGE)
    await explorer.retry.click()
    await explorer.expectLoaded()
  })
})

test.describe('the error panel, loaded on first use', () => {
  test.use({
    allowedConsoleErrors:
      /status of 404 \(Not Found\).*datastore_search|ERR_FAILED.*table-error|Failed to fetch dynamically imported module.*table-error/i,
  })

  test('when its code cannot be fetched either, a plain error still shows', async ({ explorer, page }) => {
    await page.route(/\/assets\/table-error-[\w-]+\.js$/, (route) => route.abort('failed'))
    await explorer.open({ resource_id: 'no-such-table' })
    await expect(explorer.errorPanel).toContainText('This part of the page stopped working')
    await expect(explorer.errorPanel).toContainText('Try again, or reload the page.')
    await expectNoAxeViolations(page, 'error panel not loaded')
  })
})

test('an address that answers with a web page is "not a CKAN portal"', async ({ explorer, page }) => {
  await page.route(TABLE_PAGE, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Welcome</title><p>Hello',
    }),
  )
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
  await expect(explorer.errorPanel).toContainText('This address does not look like a CKAN portal')
  await expectNoAxeViolations(page, 'not CKAN')
})

test('JSON without records is "an unexpected format"', async ({ explorer, page }) => {
  await page.route(TABLE_PAGE, (route) =>
    route.fulfill({ json: { success: true, result: { fields: [{ id: 'a', type: 'text' }], total: 3 } } }),
  )
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
  await expect(explorer.errorPanel).toContainText('The portal sent data in an unexpected format')
  await expectNoAxeViolations(page, 'unexpected shape')
})

test.describe('a portal on another origin without CORS headers', () => {
  // A real HTTP server, not page.route: Playwright adds CORS headers to the responses it fulfils,
  // so only a real answer without Access-Control-Allow-Origin makes the browser block the read.
  let server: Server
  let portal = ''
  test.beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ success: true, result: { fields: [], records: [], total: 0 } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    portal = `http://127.0.0.1:${(server.address() as AddressInfo).port}/en`
  })
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  test.use({ allowedConsoleErrors: /has been blocked by CORS policy|net::ERR_FAILED/ })

  test('without a proxy, is reported as blocked with the way around it, and the browser really blocked it', async ({
    explorer,
    page,
  }) => {
    // the app as served by a server without the proxy (--no-proxy)
    await explorer.open({ portal, resource_id: 'paged-numbers' }, FIXTURE_ORIGIN)
    await expect(explorer.errorPanel).toContainText('The portal is blocked or unreachable from this page')
    await expect(explorer.errorPanel).toContainText('“npm start”')
    await expectNoAxeViolations(page, 'CORS blocked')
    const outcome = await page.evaluate(
      (url) =>
        fetch(url).then(
          () => 'read',
          () => 'blocked',
        ),
      `${portal}/api/3/action/datastore_search?resource_id=paged-numbers`,
    )
    expect(outcome).toBe('blocked')
  })
})

test('an answer cut off on the way says so, not "a web page", and Try again works', async ({
  explorer,
  page,
}) => {
  const restore = await breakSearches(page, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json;charset=utf-8',
      body: '{"help": "h", "success": true, "result": {"fields": [{"id": "_id", "type": "int"}], "records": [{"_id": 1}, {"_i',
    }),
  )
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
  await expect(explorer.errorPanel).toContainText('The portal’s answer was cut off')
  await expect(explorer.errorPanel).not.toContainText('web page')
  await expectNoAxeViolations(page, 'cut-off answer')
  await restore()
  await explorer.retry.click()
  await explorer.expectLoaded()
})

test.describe('a portal that hangs, then drops the connection', () => {
  test.use({ allowedConsoleErrors: /net::ERR_CONNECTION_RESET.*datastore_search/ })

  test('says why it is waiting, then reports the failure at once without trying again', async ({
    explorer,
    page,
  }) => {
    let requests = 0
    // the portal's behaviour, not the test's waiting: it answers nothing for 9 s, then hangs up
    const restore = await breakSearches(page, async (route) => {
      requests++
      await new Promise((resolve) => setTimeout(resolve, 9_000))
      await route.abort('connectionreset')
    })
    await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
    await expect(page.getByText('Still waiting for the portal: it is slow to answer.')).toBeVisible({
      timeout: 15_000,
    })
    await expect(explorer.errorPanel).toContainText('The portal could not be reached', { timeout: 15_000 })
    await expect(page.getByText('Still waiting for the portal')).toHaveCount(0)
    expect(requests).toBe(1)
    await expectNoAxeViolations(page, 'hung portal')
    await restore()
  })
})
