// URL state (acceptance 8) and requests (acceptance 9): the whole view lives in the URL, reload and
// back/forward reproduce it, a CKAN API query string opens the same view, broken links degrade to
// a notice; one request per change, none on back (cache), stale requests aborted.
import type { Request } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countRows, countText, fieldIndex } from './expected'
import { searchParams } from './pages/explorer-page'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

/** Requests for table pages (the filter dialog's value suggestions are separate `distinct` queries). */
const pageRequests = (requests: Request[]) => requests.filter((request) => !searchParams(request).distinct)

test('every change is one request and one history entry; reload, back and forward reproduce the view', async ({
  explorer,
  page,
}) => {
  // the page's clock, so the test can let time pass without waiting for it
  await page.clock.install()
  await explorer.openResource(GENERATED_RESOURCE_ID)
  const step = async (change: () => Promise<unknown>, url: RegExp) => {
    const since = explorer.searchRequests.length
    await change()
    await expect(page).toHaveURL(url)
    await explorer.expectLoaded()
    await expect(explorer.count).not.toHaveText(/Loading/)
    await expect.poll(() => pageRequests(explorer.searchesSince(since)).length).toBe(1)
  }
  await step(() => explorer.limit.selectOption({ label: '500' }), /limit=500/)
  await step(() => explorer.sortButton('population').click(), /sort=population/)
  await step(() => explorer.searchFor('Köln'), /q=K%C3%B6ln/)
  await step(() => explorer.filterBy('year', ['2001'], 'typed'), /filters=/)
  await explorer.columnsButton.click()
  await page.getByRole('checkbox', { name: 'notes' }).uncheck()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/hidden=/)

  const full = page.url()
  const params = new URL(full).searchParams
  expect(params.get('resource_id')).toBe(GENERATED_RESOURCE_ID)
  expect(params.get('q')).toBe('Köln')
  expect(JSON.parse(params.get('filters')!)).toEqual({ year: 2001 })
  expect(params.get('limit')).toBe('500')
  expect(params.get('sort')).toBe('population')
  expect(params.get('hidden')).toContain('notes')

  const expected = countRows(
    (row) => String(row[fieldIndex('name')]).startsWith('Köln ') && row[fieldIndex('year')] === 2001,
  )
  const expectFullView = async () => {
    await expect(explorer.search).toHaveValue('Köln')
    await expect(page.getByText('Showing records where year is 2001.')).toBeVisible()
    await expect(explorer.limit.getByRole('option', { selected: true })).toHaveText('500')
    await expect(explorer.columnHeader('population')).toHaveAttribute('aria-sort', 'ascending')
    await expect(explorer.columnHeader('notes')).toHaveCount(0)
    await expect(explorer.count).toHaveText(countText(expected, 500))
  }
  await page.reload()
  await expectFullView()

  // back steps through the changes, newest first, from the cache
  const beforeBack = explorer.searchRequests.length
  await page.goBack()
  await expect(explorer.columnHeader('notes')).toBeVisible()
  await page.goBack()
  await expect(page.getByText('Showing records where year is 2001.')).toBeHidden()
  await expect(explorer.search).toHaveValue('Köln')
  await expect(explorer.columnHeader('population')).toHaveAttribute('aria-sort', 'ascending')
  const köln = countRows((row) => String(row[fieldIndex('name')]).startsWith('Köln '))
  await expect(explorer.count).toHaveText(countText(köln, 500)) // loaded, so now in the cache
  // Typing replaces the current entry instead of adding one per keystroke (the search is folded
  // into the entry it was typed on), so the next step back is the view before the sort.
  await page.goBack()
  await expect(explorer.search).toHaveValue('')
  await expect(explorer.columnHeader('population')).not.toHaveAttribute('aria-sort', /ascending|descending/)
  await expect(explorer.limit.getByRole('option', { selected: true })).toHaveText('500')
  await expect(explorer.count).toHaveText(countText(20_000, 500))
  await page.goForward()
  await page.goForward()
  await page.goForward()
  await expect(page).toHaveURL(full)
  await expectFullView()
  // Only the views that were never loaded since the reload need a request: at most the three
  // intermediate ones (the reload emptied the cache); the newest is cached from the reload.
  expect(pageRequests(explorer.searchesSince(beforeBack)).length).toBeLessThanOrEqual(3)
  // Half a minute reading the table, then back twice: those views were loaded a moment ago (and
  // the app keeps results fresh for 5 minutes), so they come from the cache.
  await page.clock.fastForward(30_000)
  const afterFirstRound = explorer.searchRequests.length
  await page.goBack()
  await expect(explorer.columnHeader('notes')).toBeVisible()
  await page.goBack()
  await expect(explorer.search).toHaveValue('Köln')
  await expect(explorer.count).toHaveText(countText(köln, 500))
  await page.goBack()
  await expect(explorer.search).toHaveValue('')
  await expect(explorer.count).toHaveText(countText(20_000, 500))
  expect(pageRequests(explorer.searchesSince(afterFirstRound))).toHaveLength(0)
})

test('the query string of a CKAN datastore_search link opens the same view', async ({ explorer, page }) => {
  await explorer.open({
    resource_id: GENERATED_RESOURCE_ID,
    q: 'Toronto',
    filters: JSON.stringify({ country: 'Canada' }),
    limit: '5',
    sort: 'year desc',
  })
  await explorer.expectLoaded()
  await expect(explorer.search).toHaveValue('Toronto')
  await expect(page.getByText('Showing records where Country is Canada.')).toBeVisible()
  await expect(explorer.columnHeader('year')).toHaveAttribute('aria-sort', 'descending')
  const expected = countRows((row) => String(row[fieldIndex('name')]).startsWith('Toronto '))
  await expect(explorer.count).toHaveText(countText(expected, 5))
  await explorer.expectRowCount(5)
  const years = (await explorer.columnTexts('year')).map(Number)
  expect(years).toEqual([...years].sort((a, b) => b - a))
})

test.describe('broken links', () => {
  test.use({ allowedConsoleErrors: /status of 409 \(Conflict\).*datastore_search/i })

  test('bad filters, limit and sort show the explorer with a notice, never an error screen', async ({
    explorer,
    page,
  }) => {
    await explorer.open({
      resource_id: GENERATED_RESOURCE_ID,
      filters: '{not json',
      limit: 'abc',
      sort: '"year',
    })
    await explorer.expectLoaded()
    await expect(explorer.linkNotice).toContainText('The filters are not valid JSON, so they were ignored.')
    await expect(explorer.linkNotice).toContainText('The number of rows “abc” is not a whole number above 0')
    await expect(explorer.linkNotice).toContainText('The sort order “"year” could not be read')
    await expect(explorer.count).toHaveText(countText(20_000))
    await expectNoAxeViolations(page, 'link notice')
  })

  test('a sort on an unknown column names it and offers to remove it', async ({ explorer, page }) => {
    await explorer.open({ resource_id: GENERATED_RESOURCE_ID, sort: 'no_such_column desc' })
    await expect(explorer.errorPanel).toContainText('The portal did not accept the sort on “no_such_column”')
    await expect(explorer.search).toBeVisible()
    await expectNoAxeViolations(page, 'invalid sort error')
    await page.getByRole('button', { name: 'Remove the sort on no_such_column' }).click()
    await explorer.expectLoaded()
    await expect(page).not.toHaveURL(/sort=/)
    await expect(explorer.errorPanel).toHaveCount(0)
  })
})

test('a superseded search is aborted, and its late answer never shows', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.searchParams.get('q')?.includes('nairobi') === true,
    async (route) => {
      await held
      await route.continue().catch(() => {}) // the browser already gave up on it
    },
  )
  const failed: string[] = []
  page.on('requestfailed', (request) => failed.push(request.failure()?.errorText ?? ''))
  await explorer.searchFor('Nairobi')
  await expect.poll(() => explorer.searchRequests.filter((r) => r.url().includes('nairobi')).length).toBe(1)
  await explorer.searchFor('Mombasa')
  const mombasa = countRows((row) => String(row[fieldIndex('name')]).startsWith('Mombasa '))
  await expect(explorer.count).toHaveText(countText(mombasa))
  await expect.poll(() => failed).toContain('net::ERR_ABORTED')
  release()
  for (const name of await explorer.columnTexts('name', 20)) expect(name).toMatch(/^Mombasa /)
  await expect(explorer.search).toHaveValue('Mombasa')
})

test('the view asks with GET and no Authorization header when there is no token', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  expect(explorer.searchRequests.length).toBeGreaterThan(0)
  for (const request of explorer.apiRequests) {
    expect(request.method()).toBe('GET')
    expect(await request.headerValue('authorization')).toBeNull()
  }
})
