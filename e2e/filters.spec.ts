// Filters (acceptance 4): the "Add filter" dialog, suggestions with counts, typed values, chips and
// the plain-language summary, any-of within a column and all-of across columns, typed inputs.
import { readFileSync } from 'node:fs'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countRows, countText, fieldIndex as at } from './expected'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

test('values from suggestions and typed values become chips, a summary and matching records', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.startFilter('Country')
  const suggestions = explorer.filterDialog.getByRole('group', { name: 'Values in this column' })
  await expect(suggestions.getByRole('checkbox')).toHaveCount(10)
  await expectNoAxeViolations(page, 'filter dialog open')
  await explorer.pickSuggestions(['Germany', 'France'])
  await explorer.applyFilter.click()
  await expect(explorer.filterDialog).toBeHidden()

  const oneField = countRows((row) => row[at('country')] === 'Germany' || row[at('country')] === 'France')
  await expect(explorer.count).toHaveText(countText(oneField))
  await expect(explorer.liveCount).toHaveText(countText(oneField))
  await expect(page).toHaveURL(/filters=/)

  await explorer.filterBy('year', ['2013'], 'typed')
  const expected = countRows(
    (row) =>
      (row[at('country')] === 'Germany' || row[at('country')] === 'France') && row[at('year')] === 2013,
  )
  await expect(
    page.getByText('Showing records where Country is Germany or France and year is 2013.'),
  ).toBeVisible()
  await expect(explorer.count).toHaveText(countText(expected))
  await expect(explorer.activeFilters.getByRole('listitem')).toHaveCount(2)
  const countries = await explorer.columnTexts('country')
  const years = await explorer.columnTexts('year')
  expect(countries.length).toBeGreaterThan(0)
  for (const country of countries) expect(['Germany', 'France']).toContain(country)
  for (const year of years) expect(year).toBe('2013')
  await expectNoAxeViolations(page, 'filtered results with chips')

  // removing a chip widens the result again
  await explorer.activeFilters.getByRole('button', { name: 'Remove filter year' }).click()
  await expect(explorer.activeFilters.getByRole('listitem')).toHaveCount(1)
  await expect(explorer.count).toHaveText(countText(oneField))
  await expect(page.getByText('Showing records where Country is Germany or France.')).toBeVisible()
})

test('value inputs fit the column type, and Escape closes the dialog and returns focus', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.startFilter('year')
  await expect(explorer.filterDialog.getByRole('textbox', { name: 'Value to add' })).toBeVisible()
  await explorer.filterColumn.selectOption({ label: 'founded' })
  await expect(explorer.filterDialog.getByLabel('Value to add')).toHaveAttribute('type', 'date')
  await explorer.filterColumn.selectOption({ label: 'active' })
  const bool = explorer.filterDialog.getByRole('combobox', { name: 'Value', exact: true })
  await expect(bool.getByRole('option')).toHaveText(['Choose…', 'true', 'false'])
  await explorer.filterColumn.selectOption({ label: 'population' })
  const number = explorer.filterDialog.getByRole('textbox', { name: 'Value to add' })
  await expect(number).toBeEditable()
  // nothing typed: the dialog says what is missing instead of adding an empty value
  await explorer.filterDialog.getByRole('button', { name: 'Add value' }).click()
  await expect(explorer.filterDialog.getByRole('alert')).toHaveText('Type a value first.')
  await expect(number).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'filter dialog with a problem')

  await page.keyboard.press('Escape')
  await expect(explorer.filterDialog).toBeHidden()
  await expect(explorer.addFilter).toBeFocused()
  await expect(page).not.toHaveURL(/filters=/)
})

test('a chip opens its filter for a change', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { filters: JSON.stringify({ country: 'Kenya' }) })
  await expect(page.getByText('Showing records where Country is Kenya.')).toBeVisible()
  await explorer.activeFilters.getByRole('button', { name: 'Country is Kenya', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Change the filter on Country' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('checkbox', { name: /^Japan\b/ }).check()
  await dialog.getByRole('button', { name: 'Apply filter' }).click()
  await expect(page.getByText('Showing records where Country is Kenya or Japan.')).toBeVisible()
  for (const country of await explorer.columnTexts('country')) expect(['Kenya', 'Japan']).toContain(country)
})

test('on a small table the suggestions show how many records hold each value', async ({ explorer, page }) => {
  // the counts, from the same file the server loads
  const penguins = JSON.parse(
    readFileSync(new URL('../node_modules/vega-datasets/data/penguins.json', import.meta.url), 'utf8'),
  ) as Array<{ Species: string }>
  const bySpecies = new Map<string, number>()
  for (const { Species } of penguins) bySpecies.set(Species, (bySpecies.get(Species) ?? 0) + 1)

  await explorer.openResource('penguins')
  await explorer.startFilter('Species')
  const suggestions = explorer.filterDialog.getByRole('group', { name: 'Values in this column' })
  for (const [species, count] of bySpecies) {
    await expect(
      suggestions.getByRole('checkbox', { name: new RegExp(`^${species}\\b`) }),
    ).toHaveAccessibleName(new RegExp(`${count} records`))
  }
  await explorer.pickSuggestions(['Chinstrap'])
  await explorer.applyFilter.click()
  await expect(explorer.count).toHaveText(countText(bySpecies.get('Chinstrap')!))
  for (const species of await explorer.columnTexts('Species')) expect(species).toBe('Chinstrap')
  await expect(page).toHaveURL(/filters=/)
})
