// Summaries of every matching record (issue 30): the Summary tab groups the whole view, not the
// records shown; its figures equal those computed from the portal's own dump; it follows the
// filters, works on a portal without the dump (by pages), can be cancelled, turns a group into a
// filter, keeps itself in the link; that it never holds the page's main thread is
// measured by bench/summary-bench.ts (a timed check is a benchmark, not a test).
import Papa from 'papaparse'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countText } from './expected'
import { searchParams } from './pages/explorer-page'
import { E2E_ROWS, FIXTURE_ORIGIN, MAIN_PORTAL } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

/** Every matching record's country and population, from the dump itself (not through the app). */
async function dumpedTotals(page: Page, filters?: Record<string, string>) {
  const params = new URLSearchParams({ format: 'csv', fields: 'country,population' })
  if (filters) params.set('filters', JSON.stringify(filters))
  const answer = await page.request.get(`${MAIN_PORTAL}/datastore/dump/${GENERATED_RESOURCE_ID}?${params}`)
  // CKAN ends the dump's header with \r\n and its records with \n
  const rows = Papa.parse<string[]>(await answer.text(), { skipEmptyLines: true, newline: '\n' }).data.slice(
    1,
  )
  const totals = new Map<string, { count: number; population: number }>()
  for (const [country, population] of rows.map((row) => row.map((cell) => cell.replace(/\r$/, '')))) {
    const entry = totals.get(country!) ?? { count: 0, population: 0 }
    entry.count++
    if (population !== '') entry.population += Number(population)
    totals.set(country!, entry)
  }
  return totals
}

const summaryPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Summary' })
const groupsTable = (page: Page) => summaryPanel(page).getByRole('table')
const done = (page: Page) =>
  summaryPanel(page)
    .getByRole('status')
    .filter({ hasText: /^Covers / })

/** The groups' table as text, one array per row (header first). */
async function tableText(page: Page): Promise<string[][]> {
  return groupsTable(page)
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    )
}

const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''))

test('a summary by country with the number of records and the total population equals the dump’s own figures, exactly', async ({
  explorer,
  page,
}) => {
  const dumps: string[] = []
  const workers: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/datastore/dump/')) dumps.push(request.url())
    if (/summary\.worker-[\w-]+\.js/.test(request.url())) workers.push(request.url())
  })
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID, view: 'summary', show: 'count,sum:population' })
  await expect(done(page)).toHaveText(`Covers every matching record: ${E2E_ROWS.toLocaleString('en')}.`)
  const expected = await dumpedTotals(page)
  const [header, ...rows] = await tableText(page)
  expect(header).toEqual(['Country', 'Number of records', 'Total population', 'Share'])
  expect(rows).toHaveLength(expected.size)
  for (const [country, count, population, share] of rows) {
    expect({ country, count: number(count!), population: number(population!) }).toEqual({
      country,
      count: expected.get(country!)!.count,
      population: expected.get(country!)!.population,
    })
    expect(share).toBe(`${Math.round((expected.get(country!)!.count / E2E_ROWS) * 1000) / 10}%`)
  }
  // one streamed request of the two columns it needs, folded in a worker
  expect(dumps).toHaveLength(1)
  expect(new URL(dumps[0]!).searchParams.get('fields')).toBe('country,population')
  expect(workers).toHaveLength(1)
  // the chart says the same, in words
  await expect(
    summaryPanel(page).getByRole('img', { name: /^Bar chart of Number of records for 10 groups of Country/ }),
  ).toBeVisible()
})

test('a date column by month draws a line of every matching record, and sorts and downloads its groups', async ({
  explorer,
  page,
}) => {
  await explorer.open({
    resource_id: 'seattle-weather',
    view: 'summary',
    group: 'date:month',
    show: 'count,avg:temp_max',
  })
  await expect(done(page)).toHaveText('Covers every matching record: 1,461.')
  await expect(
    summaryPanel(page).getByRole('img', {
      name: /^Line chart of Number of records by date, from Jan 2012 to Dec 2015/,
    }),
  ).toBeVisible()
  const [header, first, ...rest] = await tableText(page)
  expect(header).toEqual(['date', 'Number of records', 'Average temp_max', 'Share'])
  expect(rest).toHaveLength(47)
  expect(first!.slice(0, 2)).toEqual(['Jan 2012', '31'])
  // February 2012 has 29 days: sorted by the number of records, ascending, it comes first
  await groupsTable(page).getByRole('button', { name: 'Number of records' }).click()
  await groupsTable(page).getByRole('button', { name: 'Number of records' }).click()
  await expect(groupsTable(page).getByRole('columnheader', { name: 'Number of records' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  const sorted = await tableText(page)
  expect(sorted[1]!.slice(0, 2)).toEqual(['Feb 2013', '28'])

  const downloading = page.waitForEvent('download')
  await summaryPanel(page).getByRole('button', { name: 'Download the summary (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^seattle-weather-2012-2015-summary-\d{4}-\d{2}-\d{2}\.csv$/)
})

test('a filtered view’s summary covers only the filtered records, and choosing a group filters the table to it', async ({
  explorer,
  page,
}) => {
  await explorer.open({
    resource_id: GENERATED_RESOURCE_ID,
    filters: JSON.stringify({ country: 'Japan' }),
    view: 'summary',
    group: 'active',
    show: 'count,sum:population',
  })
  const japan = (await dumpedTotals(page, { country: 'Japan' })).get('Japan')!
  await expect(done(page)).toHaveText(`Covers every matching record: ${japan.count.toLocaleString('en')}.`)
  const [, ...rows] = await tableText(page)
  expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(['true', 'false', '(empty)']))
  expect(rows.reduce((sum, row) => sum + number(row[1]!), 0)).toBe(japan.count)
  expect(rows.reduce((sum, row) => sum + number(row[2]!), 0)).toBe(japan.population)

  const yes = rows.find((row) => row[0] === 'true')!
  await groupsTable(page).getByRole('button', { name: 'true', exact: true }).click()
  await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true')
  await expect(explorer.count).toHaveText(`1–100 of ${yes[1]} records`)
  expect(JSON.parse(new URL(page.url()).searchParams.get('filters')!)).toEqual({
    country: 'Japan',
    active: true,
  })
  // the empty group is its own group, but no filter can select it: it is not a button
  await page.getByRole('tab', { name: 'Summary' }).click()
  await expect(groupsTable(page).getByRole('button', { name: '(empty)' })).toHaveCount(0)
})

test.describe('a portal without the dump endpoint', () => {
  test.use({ allowedConsoleErrors: /status of 404 \(Not Found\).*datastore\/dump/ })

  test('summarises every record by datastore_search pages, within its row cap', async ({
    explorer,
    page,
  }) => {
    await page.route('**/datastore/dump/**', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: '<html><body>Not found</body></html>' }),
    )
    // the fixture portal sends at most 50 records a call; paged-numbers has n = 1…120
    await explorer.open(
      { resource_id: 'paged-numbers', view: 'summary', group: 'n:50', show: 'count,sum:n' },
      FIXTURE_ORIGIN,
    )
    await expect(done(page)).toHaveText('Covers every matching record: 120.')
    expect((await tableText(page)).slice(1).map((row) => row.slice(0, 3))).toEqual([
      ['0 to under 50', '49', '1225'],
      ['50 to under 100', '50', '3725'],
      ['100 to under 150', '21', '2310'],
    ])
    const pages = explorer.searchRequests
      .map(searchParams)
      .filter((params) => params.fields !== undefined && Number(params.limit) > 0)
    expect(pages.map((params) => Number(params.offset ?? 0))).toEqual([0, 50, 100])
    expect(pages.every((params) => JSON.stringify(params.fields) === '["n"]' || params.fields === 'n')).toBe(
      true,
    )
  })
})

test('a month chosen in a summary becomes a range filter, and the table shows exactly its records', async ({
  explorer,
  page,
}) => {
  await explorer.open({ resource_id: 'seattle-weather', view: 'summary', group: 'date:month' })
  await expect(done(page)).toHaveText('Covers every matching record: 1,461.')
  await groupsTable(page).getByRole('button', { name: 'Feb 2013', exact: true }).click()
  await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true')
  // a range of days, as the filter dialog writes one on a date column, not an equality
  expect(JSON.parse(new URL(page.url()).searchParams.get('filters')!)).toEqual({
    date: { gte: '2013-02-01', lte: '2013-02-28' },
  })
  await expect(explorer.count).toHaveText(countText(28))
})

test.describe('on a CKAN 2.11 portal, which has no ranges', () => {
  test('a summary of a ranged view covers the records the table shows: values sent, the range matched in the browser, a range group chosen adds a range', async ({
    explorer,
    page,
  }) => {
    const dumps: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/datastore/dump/')) dumps.push(request.url())
    })
    // paged-numbers has n = 1…120 and labels "item n"; the first 20 labels, and n from 15: 15…20
    const labels = Array.from({ length: 20 }, (_, index) => `item ${index + 1}`)
    await explorer.open(
      {
        resource_id: 'paged-numbers',
        filters: JSON.stringify({ label: labels, n: { gte: 15 } }),
        view: 'summary',
        group: 'n:5',
        show: 'count,sum:n',
      },
      FIXTURE_ORIGIN,
    )
    await expect(done(page)).toHaveText('Covers every matching record: 6.')
    expect((await tableText(page)).slice(1).map((row) => row.slice(0, 3))).toEqual([
      ['15 to under 20', '5', '85'],
      ['20 to under 25', '1', '20'],
    ])
    // the portal was never sent the range (2.11 would refuse it), nor asked for its dump (which cannot apply it)
    expect(explorer.searchRequests.map((request) => searchParams(request).filters ?? '').join()).not.toMatch(
      /gte/,
    )
    expect(dumps).toEqual([])

    await groupsTable(page).getByRole('button', { name: '15 to under 20', exact: true }).click()
    await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true')
    expect(JSON.parse(new URL(page.url()).searchParams.get('filters')!)).toEqual({
      label: labels,
      n: { gte: 15 },
      $and: [{ n: { gte: 15, lt: 20 } }],
    })
    await expect(explorer.count).toHaveText(countText(5))
    expect(await explorer.columnTexts('n')).toEqual(['15', '16', '17', '18', '19'])
  })
})

test.describe('a summary cancelled', () => {
  test.use({ allowedConsoleErrors: /status of 404 \(Not Found\).*datastore\/dump/ })

  test('Cancel stops the requests and says exactly how many records the summary covers', async ({
    explorer,
    page,
  }) => {
    // pages of 50 records come at once, until the third, which waits for the test
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/datastore/dump/**', (route) => route.fulfill({ status: 404, body: 'no dump here' }))
    await page.route('**/api/3/action/datastore_search**', async (route) => {
      const params = searchParams(route.request())
      if (params.fields !== undefined && Number(params.offset ?? 0) >= 100) await held
      await route.continue().catch(() => undefined)
    })
    await explorer.open({ resource_id: 'paged-numbers', view: 'summary', group: 'label' }, FIXTURE_ORIGIN)
    const panel = summaryPanel(page)
    await expect(panel.getByText('Counted 100 of 120 matching records…')).toBeVisible()
    const before = explorer.searchRequests.length
    await panel.getByRole('button', { name: 'Cancel' }).click()
    await expect(panel.getByRole('status')).toHaveText(
      'Cancelled: covers only the first 100 of 120 matching records.',
    )
    release()
    await expect(groupsTable(page).getByRole('row')).toHaveCount(101)
    await expect(panel.getByRole('button', { name: 'Start again' })).toBeVisible()
    // nothing more was asked for
    await page.waitForLoadState('networkidle')
    expect(explorer.searchRequests.length).toBe(before)
  })
})

test('the link keeps the tab, the grouping and the figures, and brings them back', async ({
  explorer,
  page,
}) => {
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID, view: 'summary' })
  const panel = summaryPanel(page)
  await expect(done(page)).toBeVisible()
  await panel.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'founded' })
  await panel.getByRole('combobox', { name: 'Groups of' }).first().selectOption({ label: 'Year' })
  await panel.getByRole('combobox', { name: 'Then by' }).selectOption({ label: 'Country' })
  await panel.getByRole('combobox', { name: 'Figure' }).selectOption({ label: 'Average' })
  await panel.getByRole('combobox', { name: 'Of', exact: true }).selectOption({ label: 'score' })
  await panel.getByRole('button', { name: 'Add' }).click()
  await expect(done(page)).toBeVisible()
  const url = new URL(page.url())
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    view: 'summary',
    group: 'founded:year,country',
    show: 'count,avg:score',
  })
  await expect(panel.getByRole('img', { name: /split by Country/ })).toBeVisible()
  await page.reload()
  await expect(done(page)).toBeVisible()
  await expect(panel.getByRole('combobox', { name: 'Group by' })).toHaveValue('founded')
  await expect(panel.getByRole('combobox', { name: 'Then by' })).toHaveValue('country')
  await expect(panel.getByRole('listitem').filter({ hasText: 'Average score' })).toBeVisible()
  // Back returns to the summary as it was before the figure was added
  await page.goBack()
  await expect(panel.getByRole('combobox', { name: 'Then by' })).toHaveValue('country')
  await expect(panel.getByRole('listitem').filter({ hasText: 'Average score' })).toHaveCount(0)
})

test('the Summary tab has no axe violations while it runs and once done, in both themes', async ({
  explorer,
  page,
}) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/datastore/dump/**', async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  await explorer.open({
    resource_id: GENERATED_RESOURCE_ID,
    view: 'summary',
    group: 'country,active',
    show: 'count',
  })
  await expect(summaryPanel(page).getByRole('button', { name: 'Cancel' })).toBeVisible()
  await expectNoAxeViolations(page, 'summary running')
  release()
  await expect(done(page)).toBeVisible()
  await expectNoAxeViolations(page, 'summary done')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'summary done, dark')
  await summaryPanel(page).getByRole('button', { name: 'Copy as code…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Copy the summary as code' })
  await expect(dialog.getByRole('tab', { name: 'Python (pandas)' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.locator('code')).toContainText('groupby(["country", "active"], dropna=False)')
  await expectNoAxeViolations(page, 'summary code, dark')
})
