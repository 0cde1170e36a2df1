// The map (issue 31): a table with a latitude/longitude pair gets a Map tab with every matching
// record, the count, a point's record on click, and an area that becomes a range filter (the Table
// then shows exactly what a direct datastore_search with that filter gives). Tiles come from a
// stand-in in the page's routing (no network); blocked, the bundled outline stays and nothing fails.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { OSM_TILE_PATTERN, serveStandInTiles } from './map-tiles'
import { MAIN_PORTAL } from './ports'

interface Answer {
  total: number
  records: Record<string, unknown>[]
}

async function datastoreSearch(request: APIRequestContext, filters: unknown, limit = 0): Promise<Answer> {
  const params = new URLSearchParams({
    resource_id: 'us-airports',
    filters: JSON.stringify(filters),
    limit: String(limit),
  })
  const response = await request.get(`${MAIN_PORTAL}/api/3/action/datastore_search?${params}`)
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { result: Answer }).result
}

type Range = { gte: number; lte: number }

/** The link's filters, parsed. */
function linkFilters(page: Page): { latitude?: Range; longitude?: Range } & Record<string, unknown> {
  const text = new URL(page.url()).searchParams.get('filters')
  return text === null ? {} : JSON.parse(text)
}

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of the matching records' })
const mapCount = (page: Page) => page.getByRole('tabpanel', { name: 'Map' }).getByRole('status')

test('US airports: a Map tab with all 3,376 points; a box drawn becomes a range filter that Table applies exactly', async ({
  explorer,
  page,
  request,
}) => {
  const tiles = await serveStandInTiles(page)
  await explorer.openResource('us-airports')
  await page.getByRole('tab', { name: 'Map' }).click()
  await expect(mapCount(page)).toHaveText('3,376 records on the map')
  expect(tiles()).toBeGreaterThan(0)
  await expectNoAxeViolations(page, 'map')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'dark map')
  await page.emulateMedia({ colorScheme: 'light' })

  // a box from a quarter to three quarters of the map
  await page.getByRole('button', { name: 'Draw an area' }).click()
  await mapRegion(page).scrollIntoViewIfNeeded()
  const box = (await mapRegion(page).boundingBox())!
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 })
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 5 })
  await page.mouse.up()
  await expect(page.getByRole('listitem').filter({ hasText: 'In the area you drew' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove filter In the area you drew' })).toBeVisible()
  const filters = linkFilters(page)
  expect(Object.keys(filters).sort()).toEqual(['latitude', 'longitude'])
  const { latitude, longitude } = filters as { latitude: Range; longitude: Range }
  expect(latitude.gte).toBeLessThan(latitude.lte)
  expect(longitude.gte).toBeLessThan(longitude.lte)

  const direct = await datastoreSearch(request, filters, 5000)
  expect(direct.total).toBeGreaterThan(0)
  expect(direct.total).toBeLessThan(3376)
  for (const record of direct.records) {
    expect(Number(record.latitude)).toBeGreaterThanOrEqual(latitude.gte)
    expect(Number(record.latitude)).toBeLessThanOrEqual(latitude.lte)
  }
  // the map shows those records, and so does the table
  await expect(mapCount(page)).toHaveText(`${direct.total.toLocaleString('en-US')} records on the map`)
  await page.getByRole('tab', { name: 'Table' }).click()
  await expect(
    page.getByRole('paragraph').filter({ hasText: `of ${direct.total.toLocaleString('en-US')} records` }),
  ).toBeVisible()
  await explorer.expectLoaded()
  const shown = await explorer.columnTexts('iata', Math.min(direct.total, 20))
  expect(shown).toEqual(direct.records.slice(0, shown.length).map((record) => String(record.iata)))

  // the chip removes both ranges
  await page.getByRole('button', { name: 'Remove filter In the area you drew' }).click()
  await expect(page.getByRole('paragraph').filter({ hasText: 'of 3,376 records' })).toBeVisible()
})

test('a known airport is drawn where it is: one point, in view, and a click on it shows its record', async ({
  explorer,
  page,
}) => {
  await serveStandInTiles(page)
  await explorer.openResource('us-airports', { filters: JSON.stringify({ iata: 'LAX' }) })
  await page.getByRole('tab', { name: 'Map' }).click()
  await expect(mapCount(page)).toHaveText('1 record on the map')
  // the map centres on its only point: the current view is an area around Los Angeles airport
  await page.getByRole('button', { name: 'Filter to this view' }).click()
  await expect(page.getByRole('button', { name: 'Remove filter In the area you drew' })).toBeVisible()
  const { latitude, longitude } = linkFilters(page) as { latitude: Range; longitude: Range }
  expect(latitude.gte).toBeLessThan(33.94254)
  expect(latitude.lte).toBeGreaterThan(33.94254)
  expect(longitude.gte).toBeLessThan(-118.40807)
  expect(longitude.lte).toBeGreaterThan(-118.40807)
  expect(latitude.lte - latitude.gte).toBeLessThan(1)
  await expect(mapCount(page)).toHaveText('1 record on the map')

  await mapRegion(page).scrollIntoViewIfNeeded()
  const box = (await mapRegion(page).boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  const record = page.getByRole('region', { name: /^Record \d+$/ })
  await expect(record).toContainText('Los Angeles International')
  await expect(record).toContainText('LAX')
  // the list of points in view says the same in text
  await page.getByText('Points in view (1)').click()
  await expect(
    page.getByRole('button', { name: /^Los Angeles International at 33\.94254, -118\.40807$/ }),
  ).toBeVisible()
})

test('a search narrows the points', async ({ explorer, page }) => {
  await serveStandInTiles(page)
  await explorer.openResource('us-airports', { q: 'Chicago' })
  const status = page.getByRole('paragraph').filter({ hasText: /^All [\d,]+ records$/ })
  await expect(status).toBeVisible()
  const count = Number(/([\d,]+)/.exec((await status.textContent())!)![1]!.replace(/,/g, ''))
  await page.getByRole('tab', { name: 'Map' }).click()
  expect(count).toBeLessThan(100)
  await expect(mapCount(page)).toHaveText(count === 1 ? '1 record on the map' : `${count} records on the map`)
})

test.describe('with the tiles blocked', () => {
  test.use({ allowedConsoleErrors: /net::ERR_FAILED https:\/\/tile\.openstreetmap\.org\// })
  test('the outline shows, the points are drawn, and nothing fails', async ({ explorer, page }) => {
    await page.route(OSM_TILE_PATTERN, (route) => route.abort('failed'))
    await explorer.openResource('us-airports')
    await page.getByRole('tab', { name: 'Map' }).click()
    await expect(mapCount(page)).toHaveText('3,376 records on the map')
    await expect(
      page.getByText('The map tiles could not be loaded: showing coastlines and borders only.'),
    ).toBeVisible()
    await expectNoAxeViolations(page, 'map without tiles')
  })
})

test('a table without coordinates has no Map tab', async ({ explorer, page }) => {
  await explorer.openResource('penguins')
  await expect(page.getByRole('tab', { name: 'Chart' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Map' })).toHaveCount(0)
})
