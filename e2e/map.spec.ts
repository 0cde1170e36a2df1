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

/** "Filter to this view": the area's latitude and longitude ranges, as the link keeps them. */
async function filterToView(page: Page): Promise<{ latitude: Range; longitude: Range }> {
  await page.getByRole('button', { name: 'Filter to this view' }).click()
  await expect(page.getByRole('button', { name: 'Remove filter In the area you drew' })).toBeVisible()
  return linkFilters(page) as { latitude: Range; longitude: Range }
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
  // the positions are read in a worker of their own, as the summaries' records are
  const worker = page.waitForEvent('worker', (started) => /points\.worker/.test(started.url()))
  await page.getByRole('tab', { name: 'Map' }).click()
  await worker
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
  const { latitude, longitude } = await filterToView(page)
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

test('the link keeps where the map looks: it opens there, and zooming writes the new place', async ({
  explorer,
  page,
}) => {
  await serveStandInTiles(page)
  // John F. Kennedy International, zoom 10
  await explorer.open({ resource_id: 'us-airports', view: 'map', at: '40.64,-73.78,10' })
  await expect(mapCount(page)).toHaveText('3,376 records on the map')
  // the map did not fit itself to every point: the view is the link's, around JFK
  const { latitude, longitude } = await filterToView(page)
  expect(latitude.gte).toBeLessThan(40.64)
  expect(latitude.lte).toBeGreaterThan(40.64)
  expect(longitude.gte).toBeLessThan(-73.78)
  expect(longitude.lte).toBeGreaterThan(-73.78)
  expect(longitude.lte - longitude.gte).toBeLessThan(2)
  // a new filter fits the map to its points: the link's place no longer holds, and goes
  await expect(page).not.toHaveURL(/[?&]at=/)

  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect(page).toHaveURL(/[?&]at=[\d.-]+%2C[\d.-]+%2C\d+/)
  const at = new URL(page.url()).searchParams.get('at')!
  const [lat, lon, zoom] = at.split(',').map(Number) as [number, number, number]
  await page.reload()
  await expect(mapCount(page)).toContainText('on the map')
  await expect(page).toHaveURL(new RegExp(`at=${encodeURIComponent(at).replace(/\./g, '\\.')}`))
  expect(Math.abs(lat - 40.64)).toBeLessThan(0.5)
  expect(Math.abs(lon + 73.78)).toBeLessThan(0.5)
  expect(zoom).toBeGreaterThanOrEqual(2)
})

test('the reader chooses the position columns; the link keeps them; "Find them for me" goes back', async ({
  explorer,
  page,
}) => {
  await serveStandInTiles(page)
  await explorer.open({ resource_id: 'us-airports', view: 'map' })
  await expect(mapCount(page)).toHaveText('3,376 records on the map')
  await page.getByText('Position from').click()
  const latitude = page.getByRole('combobox', { name: 'Latitude column' })
  const longitude = page.getByRole('combobox', { name: 'Longitude column' })
  await expect(latitude).toHaveValue('latitude')
  await expect(longitude).toHaveValue('longitude')
  await expectNoAxeViolations(page, 'choosing the map columns')

  // the same column twice is refused, in words
  await longitude.selectOption('latitude')
  await page.getByRole('button', { name: 'Use these columns' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Choose two different columns: one for the latitude, one for the longitude.',
  )
  await expect(page).not.toHaveURL(/[?&]place=/)

  // swapped: most longitudes are not latitudes, and those are counted as unusable
  await latitude.selectOption('longitude')
  await page.getByRole('button', { name: 'Use these columns' }).click()
  await expect(page).toHaveURL(/[?&]place=longitude%2Clatitude/)
  await expect(page.getByText(/^[\d,]+ records have no usable position/)).toBeVisible()
  await expect(mapCount(page)).not.toHaveText('3,376 records on the map')
  await page.reload()
  await expect(page.getByText(/^[\d,]+ records have no usable position/)).toBeVisible()

  await page.getByText('Position from').click()
  await page.getByRole('button', { name: 'Find them for me' }).click()
  await expect(page).not.toHaveURL(/[?&]place=/)
  await expect(mapCount(page)).toHaveText('3,376 records on the map')
  await expect(page.getByText(/records? ha(s|ve) no usable position/)).toHaveCount(0)
})

test('from the keyboard: a point in the list is ringed with its label; its record opens in the table', async ({
  explorer,
  page,
}) => {
  await serveStandInTiles(page)
  await explorer.open({
    resource_id: 'us-airports',
    view: 'map',
    filters: JSON.stringify({ iata: ['SFO', 'LAX', 'SAN'] }),
  })
  await expect(mapCount(page)).toHaveText(/^\d+ records on the map$/)
  await page.getByText(/^Points in view \(\d+\)$/).click()
  const lax = page.getByRole('button', { name: /^Los Angeles International at / })
  await lax.focus()
  // its label beside its point on the map, while the keyboard is on it
  await expect(page.getByText('Los Angeles International', { exact: true })).toBeVisible()
  await page.keyboard.press('Enter')
  const record = page.getByRole('region', { name: /^Record \d+$/ })
  await expect(record).toContainText('LAX')
  await record.getByRole('button', { name: 'Show in table' }).click()
  await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true')
  await explorer.expectLoaded()
  expect(await explorer.columnTexts('iata', 1)).toEqual(['LAX'])
  await expect(page.getByRole('paragraph').filter({ hasText: /^All 1 record$|^1 record$/ })).toBeVisible()
  // the view's filter stays; the record's _id is one more condition
  expect(Object.keys(linkFilters(page)).sort()).toEqual(['_id', 'iata'])
})

test('the map fits every point once they are all read, the first ones at once', async ({
  explorer,
  page,
}) => {
  await serveStandInTiles(page)
  await explorer.open({ resource_id: 'us-zipcodes', view: 'map' })
  await expect(mapCount(page)).toHaveText('42,049 records on the map')
  // the dump's first records are the north-east's: the view takes in every one in the end
  await expect(page.getByText(/^Points in view \([\d,]+\)$/)).toHaveText('Points in view (42,049)')
  await expect(page).not.toHaveURL(/[?&]at=/)
})

test('US zip codes: too many points in view are drawn as counted cells; selecting one zooms in', async ({
  explorer,
  page,
}) => {
  await serveStandInTiles(page)
  // the north-east at zoom 6: thousands of zip codes in view, New York City in the middle
  await explorer.open({ resource_id: 'us-zipcodes', view: 'map', at: '40.75,-73.99,6' })
  await expect(mapCount(page)).toHaveText('42,049 records on the map')
  await expect(page.getByText(/^Points in view \([\d,]+\)$/)).toHaveText(/\(([5-9]|\d\d),\d{3}\)/)
  await mapRegion(page).scrollIntoViewIfNeeded()
  const box = (await mapRegion(page).boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  const cell = page.getByText(/^[\d,]+ records here: select to zoom in$/)
  await expect(cell).toBeVisible()
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await expect(page).toHaveURL(/[?&]at=[\d.-]+%2C[\d.-]+%2C8(&|$)/)
  await expectNoAxeViolations(page, 'map with counted cells')
})
