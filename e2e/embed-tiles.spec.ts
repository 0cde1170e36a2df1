// The element's `tiles` attribute (issue 31): the map's tiles from the host's own template, none at
// all, or (for a value that is not a tile address) the default ones. The element sits in a blank
// portal page on another origin, under the host's strict content security policy
// (e2e/embed-host-server.ts); the host's tiles are answered in the page's routing (e2e/map-tiles.ts).
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { serveStandInTiles } from './map-tiles'
import { EMBED_HOST_ORIGIN, MAIN_ORIGIN } from './ports'

/** The host's tile server: an address its policy lets the page fetch, answered by the page's routing. */
const HOST_TILES = `${MAIN_ORIGIN}/{z}/{x}/{y}.png`
const HOST_TILE_URL = new RegExp(`^${MAIN_ORIGIN.replace(/[.]/g, '\\.')}/\\d+/\\d+/\\d+\\.png$`)
const BAD_TILES = `${MAIN_ORIGIN}/tiles.png`

/** A blank portal page with one element on US airports, its `tiles` attribute as given. */
async function openHostPage(page: Page, name: string, tiles: string): Promise<void> {
  const snippet = `<script type="module" src="${MAIN_ORIGIN}/embed/datastore-explorer.js"></script>
<datastore-explorer resource-id="us-airports" height="600" tiles="${tiles}"></datastore-explorer>`
  const stored = await page.request.put(`${EMBED_HOST_ORIGIN}/pasted/${name}.html`, { data: snippet })
  expect(stored.status()).toBe(204)
  await page.goto(`${EMBED_HOST_ORIGIN}/pasted/${name}.html`)
}

const element = (page: Page) => page.locator('datastore-explorer')
const mapCount = (page: Page) => element(page).getByRole('tabpanel', { name: 'Map' }).getByRole('status')
const tilesFailed = (page: Page) => element(page).getByText(/^The map tiles could not be loaded/)

async function openMap(page: Page): Promise<void> {
  await element(page).getByRole('tab', { name: 'Map' }).click()
  await expect(mapCount(page)).toHaveText('3,376 records on the map')
}

/** Whether the outline's canvas (Natural Earth's coasts and borders, under the tiles) has any pixel drawn. */
async function outlineDrawn(page: Page): Promise<boolean> {
  return element(page)
    .locator('.leaflet-dseOutline-pane canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
      for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] !== 0) return true
      return false
    })
}

test('tiles="…/{z}/{x}/{y}.png": the map fetches its tiles from that template; changed to "none" and back, it follows', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  const defaultTiles = await serveStandInTiles(page)
  const hostTiles = await serveStandInTiles(page, HOST_TILE_URL)
  await openHostPage(page, 'host-tiles', HOST_TILES)
  await openMap(page)
  await expect.poll(hostTiles).toBeGreaterThan(0)
  expect(defaultTiles()).toBe(0)
  await expect(tilesFailed(page)).toHaveCount(0)

  // changed at run time: no tiles, the outline alone; then the host's tiles again
  await element(page).evaluate((explorer) => explorer.setAttribute('tiles', 'none'))
  await expect.poll(() => outlineDrawn(page)).toBe(true)
  await expect(mapCount(page)).toHaveText('3,376 records on the map')
  const whileNone = hostTiles()
  await element(page).evaluate((explorer, tiles) => explorer.setAttribute('tiles', tiles), HOST_TILES)
  await expect.poll(hostTiles).toBeGreaterThan(whileNone)
  expect(defaultTiles()).toBe(0)
})

test('tiles="none": no tile is fetched, and the outline and the points are drawn', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  const defaultTiles = await serveStandInTiles(page)
  const hostTiles = await serveStandInTiles(page, HOST_TILE_URL)
  const tileRequests: string[] = []
  page.on('request', (request) => {
    if (/\/\d+\/\d+\/\d+\.png$/.test(new URL(request.url()).pathname)) tileRequests.push(request.url())
  })
  await openHostPage(page, 'no-tiles', 'none')
  await openMap(page)
  await expect.poll(() => outlineDrawn(page)).toBe(true)
  expect(defaultTiles() + hostTiles()).toBe(0)
  expect(tileRequests).toEqual([])
  await expect(tilesFailed(page)).toHaveCount(0)
})

test.describe('a tiles value that is not a tile address', () => {
  // the default tiles are OpenStreetMap's, which this host's policy does not let the page fetch
  test.use({
    allowedConsoleErrors: /^(Connecting to '|Fetch API cannot load )https:\/\/tile\.openstreetmap\.org\//,
  })

  test('keeps the default tiles', async ({ page, consoleErrors }) => {
    void consoleErrors
    const hostTiles = await serveStandInTiles(page, HOST_TILE_URL)
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(BAD_TILES)) asked.push(request.url())
    })
    await openHostPage(page, 'bad-tiles', BAD_TILES)
    await openMap(page)
    // the default tiles were asked for (and refused by the page's policy): the map says so
    await expect(tilesFailed(page)).toBeVisible()
    expect(hostTiles()).toBe(0)
    expect(asked).toEqual([])
  })

  test('is explained in the notice of ignored settings', async ({ page, consoleErrors }) => {
    // The element hands the problem to the explorer (environment.ignoredSettings), which shows it
    // beside the view's own ignored parts
    void consoleErrors
    await openHostPage(page, 'bad-tiles-notice', BAD_TILES)
    await expect(element(page).getByText('Some settings of this table were ignored:')).toBeVisible()
    await expect(
      element(page).getByText(
        `The map tiles’ address “${BAD_TILES}” is not an http(s) address with the tile’s zoom, x and y in it, so the default tiles are used.`,
      ),
    ).toBeVisible()
  })
})

test('the iframe page takes tiles= in its link, as the element’s attribute', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  const defaultTiles = await serveStandInTiles(page)
  const hostTiles = await serveStandInTiles(page, HOST_TILE_URL)
  await page.goto(`${MAIN_ORIGIN}/embed.html?resource_id=us-airports&tiles=${encodeURIComponent(HOST_TILES)}`)
  await openMap(page)
  await expect.poll(hostTiles).toBeGreaterThan(0)
  expect(defaultTiles()).toBe(0)
})
