// Range filters (issue 25, points 2–4): built in the dialog or on a histogram, said in words in
// English and French, kept in the link in CKAN 2.12's syntax; on a CKAN 2.12 portal they go to the
// portal, and each view shows exactly the rows a direct datastore_search with the same filters gives.
// On a CKAN 2.11 portal (the fixture server runs with --ckan-version 2.11) a table small enough is
// filtered in the browser, labelled, and a bigger one is refused in plain words, never widened.
import { readFileSync } from 'node:fs'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countText } from './expected'
import { ckanAction, searchParams, type ExplorerPage } from './pages/explorer-page'
import { E2E_ROWS_MAX, FIXTURE_PORTAL, MAIN_PORTAL } from './ports'

interface Answer {
  total: number
  records: Record<string, unknown>[]
}

/** What a direct datastore_search answers with these filters (CKAN 2.12 JSON), in the table's order. */
async function datastoreSearch(
  request: APIRequestContext,
  portal: string,
  resourceId: string,
  filters: unknown,
  limit = 100,
): Promise<Answer> {
  const params = new URLSearchParams({
    resource_id: resourceId,
    filters: JSON.stringify(filters),
    limit: String(limit),
    sort: '_id',
  })
  const response = await request.get(`${portal}/api/3/action/datastore_search?${params}`)
  expect(response.ok(), await response.text()).toBe(true)
  return ((await response.json()) as { result: Answer }).result
}

/** The link's filters, parsed. */
function linkFilters(page: Page): unknown {
  const text = new URL(page.url()).searchParams.get('filters')
  return text === null ? null : JSON.parse(text)
}

/** The rows the grid shows now (it draws those on screen) are the first of `records`, in order. */
async function expectFirstRows(explorer: ExplorerPage, column: string, records: Record<string, unknown>[]) {
  const shown = await explorer.columnTexts(column)
  expect(shown.length).toBeGreaterThan(5)
  expect(shown).toEqual(records.slice(0, shown.length).map((record) => String(record[column])))
}

/** Runs `change` and asserts that it asked for the new first page in one datastore_search. */
async function oneRequestFor(explorer: ExplorerPage, change: () => Promise<void>): Promise<void> {
  const since = explorer.searchRequests.length
  await change()
  await expect(explorer.page.getByText('Updating…', { exact: true })).toHaveCount(0)
  await expect(explorer.grid.getByText('Loading', { exact: true })).toHaveCount(0)
  expect(explorer.searchesSince(since).map((request) => searchParams(request).filters)).toHaveLength(1)
}

function conditionBox(explorer: ExplorerPage): Locator {
  return explorer.filterDialog.getByRole('combobox', { name: 'Keep records whose value is' })
}

test('a number range and a date range built in the dialog show the rows datastore_search gives, in words, in the link and after a reload', async ({
  explorer,
  page,
  request,
}) => {
  await explorer.openResource('us-airports')
  await explorer.startFilter('latitude')
  await conditionBox(explorer).selectOption({ label: 'between two numbers' })
  await explorer.filterDialog.getByRole('textbox', { name: 'From' }).fill('41.5')
  await explorer.filterDialog.getByRole('textbox', { name: 'To' }).fill('42')
  await expectNoAxeViolations(page, 'range dialog, light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'range dialog, dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await oneRequestFor(explorer, () => explorer.applyFilter.click())

  const latitude = { latitude: { gte: 41.5, lte: 42 } }
  expect(linkFilters(page)).toEqual(latitude)
  const airports = await datastoreSearch(request, MAIN_PORTAL, 'us-airports', latitude)
  await expect(explorer.count).toHaveText(countText(airports.total))
  await expect(
    explorer.activeFilters.getByRole('button', { name: 'latitude from 41.5 to 42', exact: true }),
  ).toBeVisible()
  await expectFirstRows(explorer, 'iata', airports.records)
  // nothing says "filtered in your browser": a CKAN 2.12 portal applied the range itself
  await expect(page.getByText(/Filtered in your browser/)).toHaveCount(0)

  // a comparison typed in the value box becomes that comparison, beside the range: both hold
  await explorer.startFilter('latitude')
  await explorer.filterDialog.getByRole('textbox', { name: 'Value to add' }).fill('<41.8')
  await explorer.filterDialog.getByRole('button', { name: 'Add value' }).click()
  await expect(conditionBox(explorer)).toHaveValue('lessThan')
  await expect(explorer.filterDialog.getByRole('status')).toHaveText(
    'Read as “less than 41.8”: check it, then apply.',
  )
  await oneRequestFor(explorer, () => explorer.applyFilter.click())
  const both = { latitude: { gte: 41.5, lte: 42 }, $and: [{ latitude: { lt: 41.8 } }] }
  expect(linkFilters(page)).toEqual(both)
  const narrower = await datastoreSearch(request, MAIN_PORTAL, 'us-airports', both)
  expect(narrower.total).toBeLessThan(airports.total)
  await expect(explorer.count).toHaveText(countText(narrower.total))
  await expect(explorer.activeFilters.getByRole('listitem')).toHaveCount(2)
  await expect(
    page.getByText('Showing records where latitude from 41.5 to 42 and latitude less than 41.8.'),
  ).toBeVisible()

  // the link is the view: a reload shows the same chips and records
  await page.reload()
  await explorer.expectLoaded()
  await expect(explorer.count).toHaveText(countText(narrower.total))
  await expectFirstRows(explorer, 'iata', narrower.records)

  // dates: whole days, both included, with the browser's own date inputs
  await explorer.openResource('seattle-weather')
  await explorer.startFilter('date')
  await conditionBox(explorer).selectOption({ label: 'between two dates' })
  await expect(explorer.filterDialog.getByLabel('From', { exact: true })).toHaveAttribute('type', 'date')
  await explorer.filterDialog.getByLabel('From', { exact: true }).fill('2014-03-01')
  await explorer.filterDialog.getByLabel('To', { exact: true }).fill('2014-06-30')
  await oneRequestFor(explorer, () => explorer.applyFilter.click())
  const spring = { date: { gte: '2014-03-01', lte: '2014-06-30' } }
  expect(linkFilters(page)).toEqual(spring)
  const days = await datastoreSearch(request, MAIN_PORTAL, 'seattle-weather', spring, 200)
  expect(days.total).toBe(122)
  await expect(explorer.count).toHaveText(countText(122))
  await expect(page.getByText('Showing records where date from Mar 1, 2014 to Jun 30, 2014.')).toBeVisible()
  const shown = await explorer.columnTexts('date')
  expect(shown.slice(0, 3)).toEqual(['Mar 1, 2014', 'Mar 2, 2014', 'Mar 3, 2014'])

  // the same chips in French
  await page.goto(`${page.url()}&lang=fr`)
  await expect(
    page.getByRole('paragraph').filter({ hasText: /^1–100 sur 122 enregistrements$/ }),
  ).toBeVisible()
  await expect(
    page.getByText('Seuls les enregistrements où date du 1 mars 2014 au 30 juin 2014 sont affichés.'),
  ).toBeVisible()
  await expect(page.getByRole('list', { name: 'Filtres actifs' }).getByRole('listitem')).toHaveText([
    /^date du 1 mars 2014 au 30 juin 2014/,
  ])
})

test('a CKAN 2.12 link pasted into the table box opens the same view, its OR kept as a chip in words', async ({
  explorer,
  page,
  request,
}) => {
  const either = [{ state: 'HI' }, { latitude: { gt: 64 } }]
  await explorer.openResource('seattle-weather')
  const params = new URLSearchParams({ resource_id: 'us-airports', filters: JSON.stringify(either) })
  await explorer.chooseTable(`${MAIN_PORTAL}/api/3/action/datastore_search?${params}`)
  await explorer.expectLoaded()
  const direct = await datastoreSearch(request, MAIN_PORTAL, 'us-airports', either)
  await expect(explorer.count).toHaveText(countText(direct.total))
  await expectFirstRows(explorer, 'iata', direct.records)
  const chip = explorer.activeFilters.getByRole('listitem')
  await expect(chip).toHaveText(/^either state is HI or latitude more than 64/)
  // kept in the link as 2.12 says it, and removable
  expect(linkFilters(page)).toEqual({ $or: either })
  await chip.getByRole('button', { name: /^Remove filter either/ }).click()
  await expect(page).not.toHaveURL(/filters=/)
})

test('a histogram sets a range: dragged across its bars, or one bar chosen with the keyboard', async ({
  explorer,
  page,
  request,
}) => {
  await explorer.openResource('seattle-weather')
  await explorer.columnMenuButton('temp_max').click()
  await page.getByRole('menuitem', { name: 'Profile of this column…' }).click()
  const panel = page.getByRole('dialog', { name: 'Profile of a column' })
  const bars = panel.getByRole('group', { name: 'Filter temp_max on a range' }).getByRole('button')
  await expect(bars).toHaveCount(12)
  const from = (await bars.nth(2).boundingBox())!
  const to = (await bars.nth(5).boundingBox())!
  await oneRequestFor(explorer, async () => {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height - 4)
    await page.mouse.down()
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 6 })
    await page.mouse.up()
    await expect(panel).toBeHidden()
  })
  const dragged = linkFilters(page) as { temp_max: { gte: number; lt: number } }
  expect(Object.keys(dragged.temp_max)).toEqual(['gte', 'lt'])
  const { gte, lt } = dragged.temp_max
  const direct = await datastoreSearch(request, MAIN_PORTAL, 'seattle-weather', dragged)
  await expect(explorer.count).toHaveText(countText(direct.total))
  for (const text of await explorer.columnTexts('temp_max')) {
    expect(Number(text)).toBeGreaterThanOrEqual(gte)
    expect(Number(text)).toBeLessThan(lt)
  }

  // the keyboard: a bar is a button; Enter filters on its range, beside the first range (both hold)
  await explorer.columnMenuButton('wind').click()
  await page.getByRole('menuitem', { name: 'Profile of this column…' }).click()
  const windBar = panel.getByRole('group', { name: 'Filter wind on a range' }).getByRole('button').first()
  await expect(windBar).toHaveAccessibleName(/^[\d.]+ to [\d.]+: \d+ values?\. Filter on this range$/)
  await explorer.tabTo(windBar)
  await oneRequestFor(explorer, () => page.keyboard.press('Enter'))
  await expect(explorer.activeFilters.getByRole('listitem')).toHaveCount(2)
  const both = linkFilters(page)
  const narrowed = await datastoreSearch(request, MAIN_PORTAL, 'seattle-weather', both)
  await expect(explorer.count).toHaveText(countText(narrowed.total))
})

test.describe('on a CKAN 2.11 portal, which has no ranges', () => {
  const hostile = JSON.parse(
    readFileSync(new URL('./fixtures/hostile-fields.json', import.meta.url), 'utf8'),
  ) as {
    records: Record<string, unknown>[]
  }

  test('a small table is filtered in the browser and says so; a big one is refused in plain words, never widened', async ({
    explorer,
    page,
  }) => {
    const sent: unknown[] = []
    page.on('request', (request) => {
      if (ckanAction(request.url()) === 'datastore_search') sent.push(searchParams(request).filters)
    })
    // a small table: every record its other filters let through fits in one answer
    await explorer.openResource('hostile-fields', { portal: FIXTURE_PORTAL })
    await explorer.startFilter('größe')
    await conditionBox(explorer).selectOption({ label: 'at least' })
    await explorer.filterDialog.getByRole('textbox', { name: 'Number' }).fill('25')
    await oneRequestFor(explorer, () => explorer.applyFilter.click())
    const kept = hostile.records.filter((record) => Number(record['größe']) >= 25)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThan(hostile.records.length)
    await expect(explorer.count).toHaveText(countText(kept.length))
    await expect(
      page.getByText('Filtered in your browser: this portal cannot filter by range.'),
    ).toBeVisible()
    expect(await explorer.columnTexts('größe')).toEqual(kept.map((record) => String(record['größe'])))
    // the range never went to the portal: it would have refused it, or answered wrong
    expect(JSON.stringify(sent)).not.toMatch(/gte/)
    // the code the view copies asks as CKAN 2.12 does, and says that this portal cannot apply it
    await page.getByRole('button', { name: 'Export' }).click()
    await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Copy as code…' }).click()
    const copy = page.getByRole('dialog', { name: 'Copy as code' })
    // the page link opens here, where the browser filters: only the code needs the warning
    await expect(copy.getByRole('tab', { name: 'Page link' })).toHaveAttribute('aria-selected', 'true')
    await expect(copy.getByText(/older than 2\.12, which cannot filter by range/)).toHaveCount(0)
    await copy.getByRole('tab', { name: 'Python' }).click()
    await expect(copy.getByText(/older than 2\.12, which cannot filter by range/)).toBeVisible()
    await page.keyboard.press('Escape')

    // a table bigger than the portal's cap: refused, with a way out that keeps the other filters
    await page.goto(
      `/?${new URLSearchParams({ portal: FIXTURE_PORTAL, resource_id: 'paged-numbers', filters: JSON.stringify({ n: { gte: 100 } }) })}`,
    )
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'This portal cannot filter this table by range' })
    await expect(refusal).toBeVisible()
    await expect(refusal).toContainText(
      `120 records match your search and other filters: more than the ${E2E_ROWS_MAX} it sends at once`,
    )
    await expect(explorer.dataRows()).toHaveCount(0)
    await expectNoAxeViolations(page, 'a range refused')
    await refusal.getByRole('button', { name: 'Sort by n instead' }).click()
    await explorer.expectLoaded()
    await expect(page).toHaveURL(/sort=n\+desc/)
    await expect(page).not.toHaveURL(/filters=/)
    expect((await explorer.columnTexts('n', 3)).slice(0, 3)).toEqual(['120', '119', '118'])

    // with values that narrow it under the cap, the same range is filtered in the browser
    const labels = Array.from({ length: 20 }, (_, index) => `item ${index + 1}`)
    await page.goto(
      `/?${new URLSearchParams({ portal: FIXTURE_PORTAL, resource_id: 'paged-numbers', filters: JSON.stringify({ label: labels, n: { gte: 15 } }) })}`,
    )
    await explorer.expectLoaded()
    await expect(explorer.count).toHaveText(countText(6))
    await expect(
      page.getByText('Filtered in your browser: this portal cannot filter by range.'),
    ).toBeVisible()
    expect(await explorer.columnTexts('n')).toEqual(['15', '16', '17', '18', '19', '20'])
  })
})
