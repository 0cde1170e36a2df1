// Windowed loading (next issue: big resources). The generated resource of the main test server,
// opened with limit=all: the grid is as tall as the whole table, but only the pages around the
// visible rows are asked for and only a window of rows is in the DOM.
//
// Size: the main server's E2E_ROWS (20,000), 200 pages of 100 rows, in the natural (unscaled)
// scroll space. The scaled scroll space (above 250,000 rows) is covered by big-table.spec.ts on
// its own server.
import { expect, expectNoAxeViolations, test } from './fixtures'
import { searchOffset } from './pages/explorer-page'
import { E2E_ROWS } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

test('a jump to the middle and to the end shows the right rows, with few requests and few DOM rows', async ({
  explorer,
  page,
}) => {
  // hidden= (empty): every column shown, _id included, so the row's identity can be read
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all', hidden: '' })
  await explorer.expectRowCount(E2E_ROWS)
  await expect(explorer.columnHeader('_id')).toBeVisible()
  const first = explorer.searchRequests.length
  expect(first).toBeLessThanOrEqual(2)

  // the middle: drag the scrollbar to 50 %
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, (grid.scrollHeight - grid.clientHeight) / 2))
  await expect
    .poll(async () => (await explorer.rowNumbers())[0] ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(E2E_ROWS * 0.4)
  await expect(explorer.grid.getByText('Loading', { exact: true })).toHaveCount(0, { timeout: 20_000 })
  const middle = await explorer.expectGeneratedRows()
  expect(middle[0]).toBeLessThan(E2E_ROWS * 0.6)
  expect(await explorer.dataRows().count()).toBeLessThanOrEqual(100)
  const middleRequests = explorer.searchRequests.slice(first)
  expect(middleRequests.length).toBeGreaterThan(0)
  expect(middleRequests.length).toBeLessThanOrEqual(4)
  // the pages of a leap leave from its scroll event and are joined by the render: none asked twice
  expect(new Set(middleRequests.map((request) => request.url())).size).toBe(middleRequests.length)
  for (const request of middleRequests)
    expect(Math.abs(searchOffset(request) - middle[0]!)).toBeLessThan(1_000)
  await expectNoAxeViolations(page, 'middle of a big table')

  // the end
  const beforeEnd = explorer.searchRequests.length
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight))
  await expect.poll(async () => (await explorer.rowNumbers()).at(-1), { timeout: 20_000 }).toBe(E2E_ROWS)
  await expect(explorer.grid.getByText('Loading', { exact: true })).toHaveCount(0, { timeout: 20_000 })
  await explorer.expectGeneratedRows()
  expect(await explorer.dataRows().count()).toBeLessThanOrEqual(100)
  const endRequests = explorer.searchRequests.slice(beforeEnd)
  expect(endRequests.length).toBeLessThanOrEqual(4)
  for (const request of endRequests) expect(searchOffset(request)).toBeGreaterThan(E2E_ROWS - 1_000)
  // nothing between the windows was ever asked for
  expect(explorer.searchRequests.length).toBeLessThanOrEqual(10)
})

test('Ctrl+End and Ctrl+Home move the focus to the last and first rows', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all' })
  await explorer.dataRows().first().getByRole('gridcell').first().click()
  await page.keyboard.press('Control+End')
  const last = explorer.grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: E2E_ROWS.toLocaleString('en'), exact: true }) })
  await expect(last).toHaveAttribute('aria-rowindex', String(E2E_ROWS + 1), { timeout: 20_000 })
  await expect(explorer.focusedInGrid()).toHaveCount(1)
  await expect(last.getByRole('gridcell').last()).toBeFocused()
  expect(await explorer.dataRows().count()).toBeLessThanOrEqual(100)
  await page.keyboard.press('Control+Home')
  // the first row's first cell: its row number
  await expect(explorer.dataRows().first().getByRole('rowheader')).toBeFocused({ timeout: 20_000 })
  await expect(explorer.dataRows().first()).toHaveAttribute('aria-rowindex', '2')
})
