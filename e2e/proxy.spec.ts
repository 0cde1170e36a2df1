// Real portals from anywhere (issue 15): a portal that sends no CORS headers is read through the
// bundled server's read-only proxy, one request per change, and real portals' quirks (the recorded
// answers of e2e/sample-portal.ts) are shown as a reader expects.
import type { Page, Request } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { SAMPLE_PORTAL_ORIGIN, SAMPLE_PORTAL_REFUSED_ORIGIN } from './ports'

const PORTAL = `${SAMPLE_PORTAL_ORIGIN}/en`

// the browser blocks the first, direct call (no CORS headers): that is how the explorer learns
test.use({ allowedConsoleErrors: /has been blocked by CORS policy|net::ERR_FAILED/ })

/** Calls that went through the proxy, and the action URL each asked for. */
function proxyCalls(page: Page): { request: Request; target: URL }[] {
  const calls: { request: Request; target: URL }[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname !== '/proxy') return
    calls.push({ request, target: new URL(url.searchParams.get('url') ?? '') })
  })
  return calls
}

function searchesIn(calls: { request: Request; target: URL }[]): Request[] {
  return calls
    .filter((call) => call.target.pathname.endsWith('/datastore_search'))
    .map((call) => call.request)
}

test('a portal without CORS headers is read through the proxy: records, search, filter, sort, one request each', async ({
  explorer,
  page,
}) => {
  const calls = proxyCalls(page)
  await explorer.openResource('datos-hcdn-gob-ar__empleados__4345-rows', { portal: PORTAL })
  await expect(page.getByText('Read through this explorer’s server')).toBeVisible()
  await expect(explorer.count).toHaveText('1–100 of 4,345 records')
  await expectNoAxeViolations(page, 'through the proxy')

  // a search: one request, through the proxy, none straight to the portal
  let since = searchesIn(calls).length
  const direct = explorer.searchRequests.length
  await explorer.searchFor('GARCIA')
  await expect(explorer.count).not.toHaveText('1–100 of 4,345 records')
  await expect.poll(() => searchesIn(calls).length - since).toBe(1)
  const lastSearch = calls.filter((call) => call.target.pathname.endsWith('/datastore_search')).at(-1)!
  expect(lastSearch.target.searchParams.get('q')).toMatch(/GARCIA/i)

  // a sort of the whole table: one request (the portal sorts)
  await explorer.searchFor('')
  await expect(explorer.count).toHaveText('1–100 of 4,345 records')
  since = searchesIn(calls).length
  await explorer.sortButton('agente_nombre').click()
  await expect(explorer.columnHeader('agente_nombre')).toHaveAttribute('aria-sort', 'ascending')
  await expect.poll(() => searchesIn(calls).length - since).toBe(1)
  await expect
    .poll(async () => {
      const names = await explorer.columnTexts('agente_nombre')
      return names.length > 0 && names.every((name, i) => i === 0 || names[i - 1]!.localeCompare(name) <= 0)
    })
    .toBe(true)

  // a filter, from the filter dialog: one request when it is applied
  await explorer.startFilter('agente_apellido')
  await explorer.typeValues(['GARCIA'])
  since = searchesIn(calls).length
  await explorer.applyFilter.click()
  await expect(explorer.filterDialog).toBeHidden()
  await expect.poll(() => searchesIn(calls).length - since).toBe(1)
  // the request leaves before its answer is drawn: wait for the rows, not for the request
  await expect
    .poll(async () => [...new Set(await explorer.columnTexts('agente_apellido'))])
    .toEqual(['GARCIA'])

  // after the first blocked call, nothing went straight to the portal again
  for (const request of explorer.searchRequests.slice(direct))
    expect(new URL(request.url()).pathname).toBe('/proxy')
})

test.describe('a portal the server may not reach', () => {
  test.use({
    allowedConsoleErrors:
      /has been blocked by CORS policy|net::ERR_FAILED|status of 403 \(Forbidden\).*\/proxy\?/,
  })

  test('the same portal, on an origin the server was not allowed to reach, is refused in plain words', async ({
    explorer,
    page,
  }) => {
    await explorer.open({
      portal: `${SAMPLE_PORTAL_REFUSED_ORIGIN}/en`,
      resource_id: 'data-gov-sg__vaccination-by-age__8-rows',
    })
    await expect(explorer.errorPanel).toContainText('This explorer’s server would not read from the portal')
    await expect(explorer.errorPanel).toContainText(
      'This server only reads portals whose address starts with https.',
    )
    await expectNoAxeViolations(page, 'proxy refusal')
  })
})

test.describe('what the proxy passes on', () => {
  test.use({
    allowedConsoleErrors:
      /has been blocked by CORS policy|net::ERR_FAILED|status of 502 \(Bad Gateway\).*\/proxy\?/,
  })

  test('a portal that answers a web page is refused in plain words, naming what it sent', async ({
    explorer,
    page,
  }) => {
    await explorer.open({ portal: PORTAL, resource_id: 'hostile-html' })
    await expect(explorer.errorPanel).toContainText('This explorer’s server would not read from the portal')
    await expect(explorer.errorPanel).toContainText('The portal answered with text/html (status 200)')
    await expectNoAxeViolations(page, 'type refused')
  })

  test.describe('opened as a page', () => {
    // the browser reports the 502s, and the scripts it blocked in the sandboxed document (its own,
    // for showing JSON)
    test.use({
      allowedConsoleErrors:
        /^Blocked script execution in '[^']*\/proxy\?url=[^']*' because the document's frame is sandboxed and the 'allow-scripts' permission is not set|status of 502 \(Bad Gateway\).*\/proxy\?/,
    })

    for (const [id, status] of [
      ['hostile-html', 502],
      ['hostile-svg', 502],
      ['hostile-json-lie', 200],
    ] as const) {
      test(`${id} runs nothing on this origin`, async ({ page, consoleErrors }) => {
        void consoleErrors
        const dialogs: string[] = []
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message())
          void dialog.dismiss()
        })
        const target = `${PORTAL}/api/3/action/datastore_search?resource_id=${id}`
        const response = await page.goto(`/proxy?url=${encodeURIComponent(target)}`)
        expect(response?.status()).toBe(status)
        const headers = response!.headers()
        expect(headers['content-type']).toBe('application/json;charset=utf-8')
        expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox")
        expect(headers['x-content-type-options']).toBe('nosniff')
        expect(headers['cross-origin-resource-policy']).toBe('same-origin')
        // what came is shown as text, if at all; nothing of it ran or was loaded
        if (status === 200)
          await expect(page.locator('body')).toContainText('<script>alert("script ran")</script>')
        else await expect(page.locator('body')).toContainText('Proxy Error')
        await expect(page.locator('img, svg, script')).toHaveCount(0)
        // sandboxed: even a script that ran would have no origin, so none of the explorer's storage
        expect(await page.evaluate(() => window.origin)).toBe('null')
        expect(dialogs).toEqual([])
      })
    }
  })
})

test.describe('real portals’ quirks', () => {
  test('Hebrew rows read right to left, at their own start', async ({ explorer }) => {
    await explorer.openResource('data-gov-il__localities__hebrew-total_was_estimated', { portal: PORTAL })
    const cell = explorer.dataRows().nth(1).getByRole('gridcell').filter({ hasText: 'סנסנה' })
    await expect(cell).toBeVisible()
    const [cellBox, textBox] = [
      await cell.boundingBox(),
      await cell.evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const box = range.getBoundingClientRect()
        return { x: box.x, width: box.width }
      }),
    ]
    // the words end at the cell's right edge, not its left
    expect(cellBox!.x + cellBox!.width - (textBox.x + textBox.width)).toBeLessThan(16)
  })

  test('the total the portal estimated reads "about"', async ({ explorer }) => {
    await explorer.openResource('data-gov-il__localities__hebrew-total_was_estimated', { portal: PORTAL })
    await expect(explorer.count).toHaveText('1–100 of about 1,270 records')
  })

  test('numbers sent as text are right-aligned and sorted as numbers, not as text', async ({ explorer }) => {
    // 16 records, all in the browser: the table sorts them itself ("13" after "4", not before "2")
    await explorer.openResource('data-kcg-gov-tw__q-search__full_count-rank', { portal: PORTAL })
    const header = explorer.columnHeader('Class1')
    await explorer.sortButton('Class1').click()
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
    const values = (await explorer.columnTexts('Class1')).map(Number)
    expect(values).toEqual([1, 1, 2, 2, 3, 4, 4, 4, 4, 4, 4, 12, 12, 13, 14, 18])
    const cell = explorer.dataRows().first().getByRole('gridcell').filter({ hasText: /^1$/ }).first()
    await expect(cell).toHaveClass(/dse-grid__cell--end/)
  })

  test('_full_count and rank are CKAN’s own columns, not shown', async ({ explorer }) => {
    await explorer.openResource('data-ca-gov__q-search__rank-in-fields', { portal: PORTAL })
    await expect(explorer.columnHeader('water_system_name')).toBeVisible()
    await expect(explorer.columnHeader('rank')).toHaveCount(0)
    await explorer.openResource('data-kcg-gov-tw__q-search__full_count-rank', { portal: PORTAL })
    await expect(explorer.columnHeader('Name')).toBeVisible()
    await expect(explorer.columnHeader('_full_count')).toHaveCount(0)
    await expect(explorer.columnHeader('rank')).toHaveCount(0)
  })

  test('an int4 and a timestamp are shown by their types', async ({ explorer }) => {
    await explorer.openResource('odaa-dk__citizen-service-queue__int4-timestamp', { portal: PORTAL })
    const [row] = await explorer.readRows(['WaitingCustomersSQ', 'AvgWaitingSQ'], 1)
    expect(row!.texts[0]).toMatch(/^\d[\d,]*$/)
    // a timestamp reads as a date and a time, not as the ISO text the portal sent
    expect(row!.texts[1]).not.toMatch(/T\d\d:/)
    expect(row!.texts[1]).toMatch(/\d{4}/)
  })

  test('a portal that caps limit at 100 is paged through to its last row', async ({ explorer, page }) => {
    await explorer.openResource('data-gov-il__kinneret-level__10083-rows', { portal: PORTAL, limit: 'all' })
    await explorer.dataRows().first().getByRole('gridcell').first().click()
    await page.keyboard.press('Control+End')
    const last = explorer.grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '10,083', exact: true }) })
    await expect(last).toBeVisible({ timeout: 20_000 })
    await expect(explorer.count).toHaveText('All 10,083 records', { timeout: 20_000 })
  })
})
