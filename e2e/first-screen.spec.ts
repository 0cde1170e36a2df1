// The first screen (issue 16): the data gets the room. An open table fills the window under one
// compact bar, the page itself does not scroll, the portal settings wait behind a button, and the
// keyboard reaches the grid at once.
import { expect, expectNoAxeViolations, test } from './fixtures'
import { E2E_PORT } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

/** Rows of the grid whose whole box is inside the browser window. */
async function rowsFullyOnScreen(explorer: import('./pages/explorer-page').ExplorerPage): Promise<number> {
  return explorer.grid.evaluate((grid) => {
    const gridBox = grid.getBoundingClientRect()
    return [...grid.querySelectorAll('[role="row"]')].filter((row) => {
      if (row.querySelector('[role="columnheader"]')) return false
      const box = row.getBoundingClientRect()
      return box.height > 0 && box.top >= gridBox.top && box.bottom <= Math.min(gridBox.bottom, innerHeight)
    }).length
  })
}

test.describe('on a 1280×800 screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('an open table shows at least 15 rows, and the page itself does not scroll', async ({
    explorer,
    page,
  }) => {
    await explorer.openResource(GENERATED_RESOURCE_ID)
    expect(await rowsFullyOnScreen(explorer)).toBeGreaterThanOrEqual(15)
    const scroll = await page.evaluate(() => ({
      height: document.scrollingElement!.scrollHeight,
      client: document.scrollingElement!.clientHeight,
      width: document.scrollingElement!.scrollWidth,
      clientWidth: document.scrollingElement!.clientWidth,
    }))
    expect(scroll.height).toBeLessThanOrEqual(scroll.client)
    expect(scroll.width).toBeLessThanOrEqual(scroll.clientWidth)
  })

  test('the portal settings open from the header and close again; they start closed', async ({
    explorer,
    page,
  }) => {
    await explorer.openResource(GENERATED_RESOURCE_ID)
    await expect(explorer.portalAddress).toBeHidden()
    await expect(explorer.dataFrom).toHaveAccessibleName(`Data from 127.0.0.1:${E2E_PORT}`)
    await explorer.dataFrom.click()
    await expect(explorer.portalAddress).toBeVisible()
    await expect(explorer.token).toBeVisible()
    await expectNoAxeViolations(page, 'portal panel')
    await page.keyboard.press('Escape')
    await expect(explorer.portalAddress).toBeHidden()
  })

  test('the keyboard reaches the grid within 3 presses of Tab', async ({ explorer, page }) => {
    await explorer.openResource(GENERATED_RESOURCE_ID)
    await page.locator('body').focus()
    const skip = page.getByRole('button', { name: 'Skip to the table' })
    await page.keyboard.press('Tab')
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(explorer.focusedInGrid()).toHaveCount(1)
    await expectNoAxeViolations(page, 'skip link')
  })
})

// A phone's first screen (cards, the one-line toolbar, the table at 320 px): e2e/phone.spec.ts.

test.describe('the start page', () => {
  test('lists every bundled table with its title and row count before anything is typed', async ({
    explorer,
    page,
  }) => {
    const catalogue = await (await page.request.get('/en/api/3/action/package_search?q=*:*&rows=100')).json()
    const tables: { id: string; name: string }[] = catalogue.result.results.flatMap(
      (dataset: { resources: { id: string; name: string; datastore_active: boolean }[] }) =>
        dataset.resources.filter((resource) => resource.datastore_active),
    )
    expect(tables.length).toBeGreaterThan(3)
    await explorer.open()
    const list = page.getByRole('region', { name: /^Tables on / })
    for (const table of tables) {
      const answer = await (
        await page.request.get(`/en/api/3/action/datastore_search?resource_id=${table.id}&limit=0`)
      ).json()
      const rows = new Intl.NumberFormat('en').format(answer.result.total)
      const card = list.getByRole('button').filter({ hasText: table.name })
      await expect(card).toContainText(`${rows} row`)
    }
    await expect(explorer.table).toHaveValue('')
    // titles and counts came with the catalogue: the start page asked no table for its count
    expect(explorer.searchRequests).toHaveLength(0)
    await expectNoAxeViolations(page, 'start page')
  })

  test('filters its list as you type, and opens a table with a click', async ({ explorer, page }) => {
    await explorer.open()
    const list = page.getByRole('region', { name: /^Tables on / })
    await expect(list.getByRole('button')).not.toHaveCount(0)
    await explorer.table.fill('penguin')
    await expect(list.getByRole('button')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await list.getByRole('button').first().click()
    await expect(page).toHaveURL(/resource_id=penguins/)
    await explorer.expectLoaded()
  })

  test('speaks plain words: no jargon on the start page or an open table', async ({ explorer, page }) => {
    const jargon = /resource id|datastore_search|CORS/i
    await explorer.open()
    await expect(
      page
        .getByRole('region', { name: /^Tables on / })
        .getByRole('button')
        .first(),
    ).toBeVisible()
    await expect(page.locator('body')).not.toContainText(jargon, { useInnerText: true })
    await explorer.openResource(GENERATED_RESOURCE_ID)
    await expect(page.locator('body')).not.toContainText(jargon, { useInnerText: true })
  })
})

test('a field’s data dictionary notes are read with its header', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await expect(explorer.sortButton('country')).toHaveAccessibleDescription(/One of ten countries\./)
  await expect(explorer.sortButton('country')).toHaveAccessibleName(/Country/)
})

test('an empty result says what was searched and offers the way out', async ({ explorer, page }) => {
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID, q: 'Düsseld', search: 'plain' })
  await expect(explorer.count).toHaveText('No records match')
  const empty = page.getByText('Nothing in this table matches “Düsseld”.').locator('..')
  await expect(empty).toBeVisible()
  await expectNoAxeViolations(page, 'empty result')
  // whole words found nothing: the start of words finds the city
  await empty.getByRole('button', { name: 'Match the start of words instead' }).click()
  await expect(empty).toHaveCount(0)
  await expect(explorer.dataRows().first()).toContainText('Düsseldorf')
  await expect(explorer.plainSearch).not.toBeChecked()
})
