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

async function openProfile(page: Page, column: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Column profile' }).click()
  const panel = page.getByRole('dialog', { name: 'Profile of a column' })
  await panel.getByRole('combobox', { name: 'Column' }).selectOption(column)
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
  await expect(panel.getByRole('img', { name: /values from 172 to 231/ })).toBeVisible()

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
