// Two explorers on one page, each in its own shadow root with its view in memory (the test page
// test-pages/two-explorers.html): they show their own tables, a change in one leaves the other's
// rows, requests and view alone, and neither touches the page's URL or history.
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { ckanAction, isProfileSample, searchParams } from './pages/explorer-page'

const PAGE = '/test-build/test-pages/two-explorers.html'

function explorer(page: Page, host: string) {
  const root = page.locator(host)
  const grid = root.getByRole('grid', { name: 'Records' })
  return {
    grid,
    firstRow: grid.getByRole('row').nth(1),
    header: (name: RegExp): Locator => grid.getByRole('columnheader').getByRole('button', { name }),
    search: root.getByRole('searchbox', { name: 'Search' }),
  }
}

/** The resource of every datastore_search the page sends, in order (not the column overviews' sample). */
function searchedResources(page: Page): string[] {
  const resources: string[] = []
  page.on('request', (request) => {
    if (ckanAction(request.url()) === 'datastore_search' && !isProfileSample(request))
      resources.push(String(searchParams(request).resource_id))
  })
  return resources
}

test('two explorers show their own tables and change alone, without touching the page URL or history', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  const searched = searchedResources(page)
  await page.goto(PAGE)
  const first = explorer(page, '#explorer-a')
  const second = explorer(page, '#explorer-b')
  await expect(first.firstRow).toContainText('2012')
  await expect(first.grid.getByRole('columnheader', { name: /temp_max/ })).toBeVisible()
  await expect(second.grid.getByRole('columnheader', { name: /Species/ })).toBeVisible()
  await expect(second.firstRow).toContainText('Adelie')

  const url = page.url()
  const historyLength = await page.evaluate(() => history.length)
  const secondFirstRow = (await second.firstRow.textContent()) ?? ''
  const before = searched.length

  // a sort in the first: one request for its own table, its rows and view change, the second's do not
  await first.header(/^temp_max/).click()
  await expect(page.locator('#view-a')).toHaveText('resource_id=seattle-weather&sort=temp_max')
  await expect(first.firstRow).toContainText('-1.6')
  expect(searched.slice(before)).toEqual(['seattle-weather'])
  await expect(second.firstRow).toHaveText(secondFirstRow)
  await expect(page.locator('#view-b')).toHaveText('resource_id=penguins')

  // a search in the second: the first stays as it is
  const firstFirstRow = (await first.firstRow.textContent()) ?? ''
  const beforeSearch = searched.length
  await second.search.fill('Gentoo')
  await expect(page.locator('#view-b')).toHaveText('resource_id=penguins&q=Gentoo')
  await expect(second.firstRow).toContainText('Gentoo')
  expect(new Set(searched.slice(beforeSearch))).toEqual(new Set(['penguins']))
  await expect(first.firstRow).toHaveText(firstFirstRow)
  await expect(page.locator('#view-a')).toHaveText('resource_id=seattle-weather&sort=temp_max')

  // neither wrote to the page's address or history
  expect(page.url()).toBe(url)
  expect(await page.evaluate(() => history.length)).toBe(historyLength)
})
