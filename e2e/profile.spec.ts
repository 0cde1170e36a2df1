// A column's profile (issue 18): exact figures where the portal can count, labelled samples where it
// cannot, a filter one click away, and the view's search followed.
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { searchParams } from './pages/explorer-page'
import { E2E_ROWS } from './ports'

interface Penguin {
  Species: string
  'Flipper Length (mm)': number | null
  Sex: string | null
}

const penguins = JSON.parse(
  readFileSync(new URL('../node_modules/vega-datasets/data/penguins.json', import.meta.url), 'utf8'),
) as Penguin[]

/** Opens a column's profile from its header menu. */
async function openProfile(page: Page, column: string): Promise<Locator> {
  await page
    .getByRole('grid', { name: 'Records' })
    .getByRole('button', { name: `Column menu: ${column}` })
    .click()
  await page.getByRole('menuitem', { name: 'Profile of this column…' }).click()
  const panel = page.getByRole('dialog', { name: 'Profile of a column' })
  await expect(panel.getByRole('combobox', { name: 'Column' })).toHaveValue(column)
  return panel
}

/** The figure after a term of the panel's list ("Smallest" → "172"). */
function figure(panel: Locator, term: string): Locator {
  return panel.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd')
}

test('a small table’s profile is exact: smallest, largest, empty values and top values, as in the file', async ({
  explorer,
  page,
}) => {
  const flippers = penguins
    .map((penguin) => penguin['Flipper Length (mm)'])
    .filter((value): value is number => value !== null)
  const emptySex = penguins.filter((penguin) => penguin.Sex === null || penguin.Sex === '').length

  await explorer.openResource('penguins')
  let panel = await openProfile(page, 'Flipper Length (mm)')
  await expect(figure(panel, 'Records')).toHaveText(String(penguins.length))
  await expect(figure(panel, 'Smallest')).toHaveText(String(Math.min(...flippers)))
  await expect(figure(panel, 'Largest')).toHaveText(String(Math.max(...flippers)))
  await expect(figure(panel, 'Empty values')).toContainText(`${penguins.length - flippers.length} (`)
  await expect(figure(panel, 'Empty values')).toContainText('exact, over every matching record')
  await expect(panel.getByRole('group', { name: /on a range$/ })).toHaveAccessibleDescription(
    /values from 172 to 231/,
  )

  await panel.getByRole('combobox', { name: 'Column' }).selectOption('Sex')
  await expect(figure(panel, 'Empty values')).toContainText(`${emptySex} (`)
  const bySex = new Map<string, number>()
  for (const { Sex } of penguins) if (Sex) bySex.set(Sex, (bySex.get(Sex) ?? 0) + 1)
  for (const [sex, count] of bySex) {
    const row = panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Filter on ${sex}` }) })
    await expect(row).toContainText(String(count))
  }
  await expectNoAxeViolations(page, 'profile panel')

  // a top value is a filter away: one request for the grid's new first page
  const before = explorer.searchRequests.length
  await panel.getByRole('button', { name: 'Filter on FEMALE' }).click()
  await expect(panel).toBeHidden()
  const females = bySex.get('FEMALE')!
  await expect(explorer.count).toHaveText(`1–${Math.min(100, females)} of ${females} records`)
  expect(explorer.searchRequests.length - before).toBe(1)
  panel = await openProfile(page, 'Sex')
  await expect(figure(panel, 'Different values')).toHaveText('1')
})

test('on a big table the sampled figures say so, and the profile follows the search', async ({
  explorer,
  page,
}) => {
  await explorer.openResource('generated-cities')
  const total = new Intl.NumberFormat('en').format(E2E_ROWS)
  const before = explorer.searchRequests.length
  let panel = await openProfile(page, 'population')
  await expect(figure(panel, 'Records')).toHaveText(total)
  await expect(figure(panel, 'Mean')).toContainText(`from a sample of 5,000 of ${total} records`)
  await expect(figure(panel, 'Empty values')).toContainText(`from a sample of 5,000 of ${total} records`)
  await expect(figure(panel, 'Largest')).not.toHaveText('Measuring…')
  // a column's profile costs at most 15 requests (here: the ones that name the column)
  const forColumn = explorer.searchRequests
    .slice(before)
    .filter((request) => JSON.stringify(searchParams(request)).includes('population'))
  expect(forColumn.length).toBeGreaterThan(0)
  expect(forColumn.length).toBeLessThanOrEqual(15)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  await explorer.searchFor('Kisumu')
  await expect(explorer.count).not.toHaveText(new RegExp(`of ${total} records`))
  const found = (await explorer.count.textContent())!.match(/of ([\d,]+) records?$/)![1]!
  panel = await openProfile(page, 'country')
  await expect(figure(panel, 'Records')).toHaveText(found)
  await expect(figure(panel, 'Different values')).toHaveText('1')
  await expect(panel.getByRole('button', { name: 'Filter on Kenya' })).toBeVisible()
  await expectNoAxeViolations(page, 'profile of a search')
})

test.describe('column overviews under the names', () => {
  test('on a large screen every column shows one, from one shared sample asked after the first rows, and they follow a search', async ({
    explorer,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await explorer.openResource('generated-cities')
    const sampled = `from a sample of 5,000 of ${new Intl.NumberFormat('en').format(E2E_ROWS)} records`
    const population = explorer.grid.getByRole('img', { name: /^population: / })
    await expect(population).toHaveAccessibleName(
      new RegExp(`^population: \\d+% empty; values from [\\d,]+ to [\\d,]+ \\(${sampled}\\)\\.$`),
    )
    const country = explorer.grid.getByRole('img', { name: /^country: / })
    await expect(country).toHaveAccessibleName(new RegExp(`most frequent values: .+ \\(${sampled}\\)\\.$`))
    // one request for every column's overview, sent after the grid's first page
    expect(explorer.sampleRequests).toHaveLength(1)
    const order = explorer.apiRequests
    expect(order.indexOf(explorer.sampleRequests[0]!)).toBeGreaterThan(
      order.indexOf(explorer.searchRequests[0]!),
    )
    await expectNoAxeViolations(page, 'column overviews')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectNoAxeViolations(page, 'column overviews, dark')

    // a search: the overviews describe its records (all of them here: exact)
    await explorer.searchFor('Kisumu')
    await expect(country).toHaveAccessibleName(
      /^country: 0% empty; most frequent values: Kenya \(exact, over every matching record\)\.$/,
    )
    expect(explorer.sampleRequests).toHaveLength(2)

    // the toolbar switch hides them, and asks for nothing
    const requests = explorer.searchRequests.length + explorer.sampleRequests.length
    const toggle = page.getByRole('button', { name: 'Column overviews' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await expect(country).toHaveCount(0)
    await expect(explorer.dataRows().first()).toBeVisible()
    expect(explorer.searchRequests.length + explorer.sampleRequests.length).toBe(requests)
  })

  test('are off at first on a smaller screen (1280×720), and can be switched on', async ({
    explorer,
    page,
  }) => {
    await explorer.openResource('penguins')
    const toggle = page.getByRole('button', { name: 'Column overviews' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await expect(explorer.grid.getByRole('img')).toHaveCount(0)
    expect(explorer.sampleRequests).toHaveLength(0)
    await toggle.click()
    // 344 penguins: the sample holds them all
    await expect(explorer.grid.getByRole('img', { name: /^Species: / })).toHaveAccessibleName(
      /^Species: 0% empty; most frequent values: Adelie, Gentoo, Chinstrap \(exact, over every matching record\)\.$/,
    )
  })
})

test('a column’s header menu sorts, filters, profiles and hides it, with the mouse or the keyboard', async ({
  explorer,
  page,
}) => {
  await explorer.openResource('penguins')
  const menuButton = (column: string) => explorer.grid.getByRole('button', { name: `Column menu: ${column}` })
  const menu = (column: string) => page.getByRole('menu', { name: `Column ${column}` })

  await menuButton('Species').click()
  await expect(menu('Species').getByRole('menuitem', { name: 'Sort ascending' })).toBeFocused()
  await expectNoAxeViolations(page, 'column menu')
  await menu('Species').getByRole('menuitem', { name: 'Profile of this column…' }).click()
  const panel = page.getByRole('dialog', { name: 'Profile of a column' })
  await expect(panel.getByRole('combobox', { name: 'Column' })).toHaveValue('Species')
  await expect(figure(panel, 'Different values')).toHaveText('3')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // the keyboard: Alt+Down arrow on a header opens its menu; arrows move, Enter chooses
  const island = explorer.grid
    .getByRole('columnheader', { name: /^Island/ })
    .getByRole('button', { name: /^Island/ })
  await island.focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(menu('Island').getByRole('menuitem', { name: 'Sort ascending' })).toBeFocused()
  const before = explorer.searchRequests.length
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(menu('Island')).toBeHidden()
  await expect(explorer.grid.getByRole('columnheader', { name: /^Island/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(menuButton('Island')).toBeFocused()
  await expect(page).toHaveURL(/sort=Island(\+|%20)desc/)
  expect(explorer.searchRequests.length - before).toBe(1)

  // Escape closes a menu and gives the focus back to its button
  await page.keyboard.press('Enter')
  await expect(menu('Island')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu('Island')).toBeHidden()
  await expect(menuButton('Island')).toBeFocused()

  await menuButton('Sex').click()
  await menu('Sex').getByRole('menuitem', { name: 'Filter this column…' }).click()
  await expect(explorer.filterColumn).toHaveValue('Sex')
  await page.keyboard.press('Escape')
  await expect(explorer.filterDialog).toBeHidden()

  await menuButton('Sex').click()
  await menu('Sex').getByRole('menuitem', { name: 'Hide this column' }).click()
  await expect(explorer.grid.getByRole('columnheader', { name: /^Sex/ })).toHaveCount(0)
  await expect(explorer.columnsButton).toContainText('shown')
})
