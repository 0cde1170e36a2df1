// Choosing a table (acceptance 2): by name (package_search), by id, by a resource page link, by a
// datastore_search API link (its q, filters, limit and sort taken over); recent tables remembered
// across reload; a portal that answers only datastore_search.
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countRows, countText, fieldIndex } from './expected'
import { MAIN_PORTAL } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

test('a table found by name opens, and recent tables are remembered across reload', async ({
  explorer,
  page,
}) => {
  await explorer.open()
  await expectNoAxeViolations(page, 'initial')
  await explorer.table.fill('penguin')
  const option = page.getByRole('option', { name: /penguins/i })
  await expect(option).toBeVisible()
  await expect(explorer.table).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page, 'table suggestions')
  expect(explorer.apiRequests.some((request) => request.url().includes('package_search'))).toBe(true)
  await option.click()
  await expect(page).toHaveURL(/resource_id=penguins/)
  await explorer.expectLoaded()
  await expect(explorer.count).toHaveText(countText(344))

  await explorer.chooseTable('seattle-weather')
  await expect(page).toHaveURL(/resource_id=seattle-weather/)
  await explorer.expectLoaded()

  await explorer.open()
  await page.reload()
  // the start page lists the recent tables first, marked as such
  const recent = page
    .getByRole('region', { name: /^Tables on / })
    .getByRole('button')
    .filter({ hasText: 'Opened recently' })
  await expect(recent).toHaveCount(2)
  await expect(recent.first()).toContainText(/seattle/i)
  await expectNoAxeViolations(page, 'recent tables')
  await recent.nth(1).click()
  await expect(page).toHaveURL(/resource_id=penguins/)
  await explorer.expectLoaded()
})

test('a table opened by its id is named from the catalogue once its rows are on screen', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.expectLoaded()
  // the name comes from resource_show, asked for after the first rows are painted
  await expect(page.getByRole('heading', { level: 2, name: 'Generated cities' })).toBeVisible()
  const actions = explorer.apiRequests.map((request) => new URL(request.url()).pathname.split('/').pop())
  expect(actions.indexOf('resource_show')).toBeGreaterThan(actions.indexOf('datastore_search'))
  expect(actions.indexOf('datastore_search')).toBeGreaterThanOrEqual(0)
})

test('a table opened by an alias is named like the same table opened by its id', async ({
  explorer,
  page,
}) => {
  await explorer.openResource('generated')
  await explorer.expectLoaded()
  await expect(page.getByRole('heading', { level: 2, name: 'Generated cities' })).toBeVisible()
  await expect(page).toHaveTitle(/^Generated cities/)
  // the catalogue is asked by the table's own id, which the search answered with: an alias is no resource id
  const shown = explorer.apiRequests
    .map((request) => new URL(request.url()))
    .filter((url) => url.pathname.endsWith('/resource_show'))
  expect(shown.map((url) => url.searchParams.get('id'))).toEqual([GENERATED_RESOURCE_ID])
})

test('a resource page link opens its table', async ({ explorer, page }) => {
  await explorer.open()
  await explorer.chooseTable(`${MAIN_PORTAL}/dataset/vega-penguins/resource/penguins`)
  await expect(page).toHaveURL(/resource_id=penguins/)
  await explorer.expectLoaded()
  await expect(explorer.count).toHaveText(countText(344))
})

test('a datastore_search API link opens the table with its q, filters, limit and sort', async ({
  explorer,
  page,
}) => {
  await explorer.open()
  const api = new URL(`${MAIN_PORTAL}/api/3/action/datastore_search`)
  api.searchParams.set('resource_id', GENERATED_RESOURCE_ID)
  api.searchParams.set('q', 'Nairobi')
  api.searchParams.set('filters', JSON.stringify({ country: ['Kenya'] }))
  api.searchParams.set('limit', '7')
  api.searchParams.set('sort', 'population desc')
  await explorer.chooseTable(api.toString())
  await expect(page).toHaveURL(/resource_id=generated-cities/)
  await explorer.expectLoaded()
  await expect(explorer.search).toHaveValue('Nairobi')
  await expect(page.getByText('Showing records where Country is Kenya.')).toBeVisible()
  await expect(explorer.columnHeader('population')).toHaveAttribute('aria-sort', 'descending')
  const expected = countRows((row) => String(row[fieldIndex('name')]).startsWith('Nairobi '))
  await expect(explorer.count).toHaveText(countText(expected, 7))
  const populations = (await explorer.columnTexts('population'))
    .filter((text) => /\d/.test(text))
    .map((text) => Number(text.replace(/,/g, '')))
  expect(populations).toEqual([...populations].sort((a, b) => b - a))
})

test.describe('a portal that answers only datastore_search', () => {
  // The list of tables counts the first ones shown; the private table's count is refused without a
  // token (the list then shows no count), and Chromium logs every refused request.
  test.use({
    allowedConsoleErrors:
      /status of 400 \(Bad Request\).*(package_search|resource_show)|status of 403 \(Forbidden\).*resource_id=private-budget&limit=0/i,
  })

  test('opens tables by id and lists them from _table_metadata', async ({ explorer, page }) => {
    await page.route(/\/api\/3\/action\/(package_search|resource_show|package_show)/, (route) => {
      const action = /action\/(\w+)/.exec(route.request().url())![1]
      return route.fulfill({
        status: 400,
        contentType: 'application/json;charset=utf-8',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify(`Bad request - Action name not known: ${action}`),
      })
    })
    await explorer.open()
    await explorer.chooseTable('penguins')
    await expect(page).toHaveURL(/resource_id=penguins/)
    await explorer.expectLoaded()
    await expect(explorer.count).toHaveText(countText(344))
    await expect(explorer.errorPanel).toHaveCount(0)

    await explorer.table.fill('seattle')
    const option = page.getByRole('option', { name: /seattle-weather/ })
    await expect(option).toBeVisible()
    expect(
      explorer.searchRequests.some((request) => request.url().includes('resource_id=_table_metadata')),
    ).toBe(true)
    await option.click()
    await expect(page).toHaveURL(/resource_id=seattle-weather/)
    await explorer.expectLoaded()
  })
})
