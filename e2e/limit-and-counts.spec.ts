// Limit (acceptance 5) and counts (acceptance 7): the "Limit" choice, paging past the portal's
// rows_max, exact and estimated totals, and the live region that announces them.
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countText } from './expected'
import { searchOffset, searchParams } from './pages/explorer-page'
import { E2E_ROWS, E2E_ROWS_MAX, FIXTURE_ORIGIN } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

test('Limit is 100 by default, and 500 or All change the rows, the count and the URL', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await expect(explorer.limit).toHaveValue('100')
  await expect(explorer.limit.getByRole('option', { selected: true })).toHaveText('100')
  await explorer.expectRowCount(100)

  let since = explorer.searchRequests.length
  await explorer.limit.selectOption({ label: '500' })
  await expect(page).toHaveURL(/limit=500/)
  await expect(explorer.count).toHaveText(countText(E2E_ROWS, 500))
  await expect(explorer.liveCount).toHaveText(countText(E2E_ROWS, 500))
  await explorer.expectRowCount(500)
  expect(explorer.searchesSince(since).map((request) => searchParams(request).limit)).toEqual(['500'])

  since = explorer.searchRequests.length
  await explorer.limit.selectOption({ label: 'All' })
  await expect(page).toHaveURL(/limit=all/)
  await explorer.expectRowCount(E2E_ROWS)
  await expect(explorer.count).toContainText(E2E_ROWS.toLocaleString('en'))
  // "All" loads pages as the user scrolls: never 20,000 rows at once
  await explorer.expectLoaded()
  expect(explorer.searchesSince(since).length).toBeLessThanOrEqual(2)
  for (const request of explorer.searchesSince(since))
    expect(Number(searchParams(request).limit)).toBeLessThan(E2E_ROWS)
  await page.reload()
  await expect(explorer.limit.getByRole('option', { selected: true })).toHaveText('All')
  await explorer.expectRowCount(E2E_ROWS)
})

test('a limit above the portal’s rows_max is fetched in pages', async ({ explorer, page }) => {
  // the fixture portal allows 50 rows a request; paged-numbers has 120 rows
  await explorer.openResource('paged-numbers', {}, FIXTURE_ORIGIN)
  await expect(explorer.count).toHaveText(countText(120))
  await explorer.expectRowCount(100)
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight))
  await expect.poll(async () => (await explorer.rowNumbers()).at(-1)).toBe(100)
  const pages = explorer.searchRequests.map((request) => searchParams(request))
  expect(pages.map((params) => Number(params.offset ?? 0)).sort((a, b) => a - b)).toEqual([0, E2E_ROWS_MAX])
  // the row numbers show at once; the records once their page has arrived
  await expect.poll(() => explorer.columnTexts('n', 100)).toContain('100')

  // All's first page asks for 100 rows, like the limit of 100 before it: it comes from the cache.
  // The new result starts at the top when it arrives: scroll only once it is here (120 rows).
  await explorer.limit.selectOption({ label: 'All' })
  await expect(page).toHaveURL(/limit=all/)
  await explorer.expectRowCount(120)
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight))
  await expect.poll(async () => (await explorer.rowNumbers()).at(-1)).toBe(120)
  await expect.poll(async () => (await explorer.columnTexts('n', 100)).at(-1)).toBe('120')
  const offsets = explorer.searchRequests.map(searchOffset)
  expect(offsets).toContain(2 * E2E_ROWS_MAX)
  // no page was asked for twice
  const keys = explorer.searchRequests.map((request) => request.url())
  expect(new Set(keys).size).toBe(keys.length)
})

test('an estimated total reads "about", and the live region follows changes', async ({ explorer, page }) => {
  await page.route('**/api/3/action/datastore_search?**', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { result: { total_was_estimated?: boolean } }
    body.result.total_was_estimated = true
    await route.fulfill({ response, json: body })
  })
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await expect(explorer.count).toHaveText(`1–100 of about ${E2E_ROWS.toLocaleString('en')} records`)
  await expect(explorer.liveCount).toHaveText(`1–100 of about ${E2E_ROWS.toLocaleString('en')} records`)
  await expect(
    page.getByText('The portal estimated the total: counting exactly would be slow on a table this large.'),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'estimated count')
  await explorer.searchFor('Toronto')
  await expect(explorer.liveCount).toHaveText(/^1–100 of about [\d,]+ records$/)
  await expect(explorer.liveCount).not.toHaveText(`1–100 of about ${E2E_ROWS.toLocaleString('en')} records`)
})

test('an estimated total that is too low grows to the real count at the end of the table', async ({
  explorer,
  page,
}) => {
  // the portal estimates 100 records where paged-numbers has 120 (in pages of 50, its rows_max)
  await page.route('**/api/3/action/datastore_search?**', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { result: { total?: number; total_was_estimated?: boolean } }
    if (typeof body.result.total === 'number') {
      body.result.total = 100
      body.result.total_was_estimated = true
    }
    await route.fulfill({ response, json: body })
  })
  await explorer.openResource('paged-numbers', { limit: 'all' }, FIXTURE_ORIGIN)
  await explorer.expectRowCount(100)
  await expect(explorer.count).toHaveText('1–100 of about 100 records')
  // at the end, the full last page shows there is more; the next, short one where it really ends
  await expect
    .poll(async () => {
      await explorer.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight))
      return (await explorer.rowNumbers()).at(-1)
    })
    .toBe(120)
  await explorer.expectRowCount(120)
  await expect.poll(async () => (await explorer.columnTexts('n', 100)).at(-1)).toBe('120')
  // the count now says the real total, no longer "about"
  await expect(explorer.count).toHaveText(countText(120, 120))
  await expect(page.getByText('The portal estimated the total', { exact: false })).toBeHidden()
  const offsets = explorer.searchRequests.map(searchOffset)
  expect(offsets.sort((a, b) => a - b)).toEqual([0, E2E_ROWS_MAX, 2 * E2E_ROWS_MAX])
})

test('with All, a portal that caps its pages under 500 rows still shows every row in place', async ({
  explorer,
  page,
}) => {
  // This portal caps every answer at 200 rows (CKAN's rows_max), and says so in the `limit` it
  // echoes. All's first page asks for 100, so only the first page of 500 after it shows the cap.
  const CAP = 200
  await page.route('**/api/3/action/datastore_search?**', async (route) => {
    const url = new URL(route.request().url())
    if (Number(url.searchParams.get('limit')) > CAP) url.searchParams.set('limit', String(CAP))
    await route.continue({ url: url.toString() })
  })
  // hidden= (empty): every column shown, _id included, so the row's identity can be read
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all', hidden: '' })
  await explorer.expectRowCount(E2E_ROWS)
  // rows 300 and on: past the 200 rows the capped page brought
  for (const row of [300, 650]) {
    await explorer.grid.evaluate((grid, top) => grid.scrollTo(0, top), row * 32)
    await expect.poll(async () => (await explorer.rowNumbers())[0] ?? 0).toBeGreaterThan(row - 20)
    await explorer.expectLoaded()
    const numbers = await explorer.expectGeneratedRows()
    expect(numbers[0]).toBeLessThan(row + 20)
  }
  await expect(explorer.count).toContainText(E2E_ROWS.toLocaleString('en'))
  // once the cap showed, pages are asked for at the cap: at most the first few asked for 500
  const limits = explorer.searchRequests.map((request) => Number(searchParams(request).limit))
  expect(limits[0]).toBe(100)
  expect(limits.filter((limit) => limit === 500).length).toBeLessThanOrEqual(3)
  expect(limits.filter((limit) => limit === CAP).length).toBeGreaterThan(0)
})
