// Windowed loading on a resource big enough for the scaled scroll space: above 250,000 rows
// (MAX_SCROLL_HEIGHT / ROW_HEIGHT) the grid's spacer is capped and the scrollbar maps linearly onto
// row positions. The third test server (E2E_BIG_PORT) serves E2E_BIG_ROWS generated rows; the table
// is opened with limit=all, jumped to its middle and to its end, and each time the rows shown must
// be the right ones, only a window of them in the DOM, asked for with a few requests near them.
import { expect, test } from './fixtures'
import { searchOffset, searchParams } from './pages/explorer-page'
import { BIG_ORIGIN, E2E_BIG_ROWS } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'
import { ROW_HEIGHT } from '../src/features/table/grid-geometry'
import { MAX_SCROLL_HEIGHT } from '../src/features/table/scroll-scale-fns'

const rows = E2E_BIG_ROWS
const formatted = rows.toLocaleString('en')

test.describe.configure({ timeout: 90_000 })

test(`${formatted} rows: the total, a jump to the middle and to the end, few requests and DOM rows`, async ({
  explorer,
}) => {
  expect(rows * ROW_HEIGHT, 'the resource is big enough for the scaled scroll space').toBeGreaterThan(
    MAX_SCROLL_HEIGHT,
  )
  // hidden= (empty): every column shown, _id included, so each row's identity can be read
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all', hidden: '' }, BIG_ORIGIN)

  // The total: CKAN 2.12 ignores the explorer's request for an estimate above 100,000 rows and
  // counts an unfiltered table from its cached row count (exact here), so every row is reachable.
  await explorer.expectRowCount(rows)
  await expect(explorer.count).toHaveText(`All ${formatted} records`)
  const scrollHeight = await explorer.grid.evaluate((grid) => grid.scrollHeight)
  expect(scrollHeight).toBeLessThanOrEqual(MAX_SCROLL_HEIGHT + 1_000)
  const opening = explorer.searchRequests.length
  expect(opening).toBeLessThanOrEqual(2)

  const settle = async (): Promise<void> => {
    await expect(explorer.grid.getByText('Loading', { exact: true })).toHaveCount(0, { timeout: 20_000 })
  }

  // The middle: the scrollbar dragged to 50 % of its range shows the rows around the middle row.
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, (grid.scrollHeight - grid.clientHeight) / 2))
  await expect
    .poll(async () => (await explorer.rowNumbers())[0] ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(rows * 0.49)
  await settle()
  const middle = await explorer.expectGeneratedRows()
  expect(middle[0]).toBeLessThan(rows * 0.51)
  expect(await explorer.dataRows().count()).toBeLessThanOrEqual(100)
  const middleRequests = explorer.searchRequests.slice(opening)
  expect(middleRequests.length).toBeGreaterThan(0)
  expect(middleRequests.length).toBeLessThanOrEqual(4)
  // the pages of a leap leave from its scroll event and are joined by the render: none asked twice
  expect(new Set(middleRequests.map((request) => request.url())).size).toBe(middleRequests.length)
  for (const request of middleRequests)
    expect(Math.abs(searchOffset(request) - middle[0]!)).toBeLessThan(1_000)
  // the server speaks 2.12 and the ids run 1…N: the deep pages are keyset pages, not offsets
  for (const request of middleRequests) expect(searchParams(request).offset).toBeUndefined()
  expect(explorer.densityChecks.length).toBeGreaterThan(0)

  // The end: the last row is the last _id.
  const beforeEnd = explorer.searchRequests.length
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight))
  await expect.poll(async () => (await explorer.rowNumbers()).at(-1), { timeout: 20_000 }).toBe(rows)
  await settle()
  const end = await explorer.expectGeneratedRows()
  expect(end.at(-1)).toBe(rows)
  expect(await explorer.dataRows().count()).toBeLessThanOrEqual(100)
  const endRequests = explorer.searchRequests.slice(beforeEnd)
  expect(endRequests.length).toBeGreaterThan(0)
  expect(endRequests.length).toBeLessThanOrEqual(4)
  for (const request of endRequests) expect(searchOffset(request)).toBeGreaterThan(rows - 1_000)

  // nothing between the windows was ever asked for
  expect(explorer.searchRequests.length).toBeLessThanOrEqual(opening + 8)
})

test(`${formatted} rows: a sort, a search and a filter are one request each, first screen included`, async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all' }, BIG_ORIGIN)
  await explorer.expectRowCount(rows)
  /** Makes one change and checks it asked the portal exactly once, and its first screen came with it. */
  const oneRequestFor = async (change: () => Promise<void>, url: RegExp): Promise<void> => {
    const since = explorer.searchRequests.length
    await change()
    await expect(page).toHaveURL(url)
    // the previous result stays on screen, marked as updating, until the new one arrives
    await expect(page.getByText('Updating…', { exact: true })).toHaveCount(0, { timeout: 20_000 })
    await expect(explorer.grid.getByText('Loading', { exact: true })).toHaveCount(0, { timeout: 20_000 })
    expect(await explorer.dataRows().count()).toBeGreaterThan(0)
    expect(explorer.searchesSince(since)).toHaveLength(1)
  }
  // the sort first: on the narrowed result every record is loaded, and the browser would sort it
  await oneRequestFor(() => explorer.sortButton('population').click(), /sort=population/)
  const populations = (await explorer.columnTexts('population', 10)).map((text) =>
    Number(text.replace(/,/g, '')),
  )
  expect(populations.length).toBeGreaterThan(1)
  expect(populations).toEqual([...populations].sort((a, b) => a - b))

  await oneRequestFor(() => explorer.searchFor('Nairobi'), /q=Nairobi/)
  for (const name of await explorer.columnTexts('name', 20)) expect(name).toMatch(/^Nairobi \d+$/)

  // the dialog may ask for value suggestions while it is open: only applying the filter counts
  await explorer.startFilter('year')
  await explorer.typeValues(['2013'])
  await oneRequestFor(() => explorer.applyFilter.click(), /filters=/)
  for (const year of await explorer.columnTexts('year', 20)) expect(year).toBe('2013')
})
