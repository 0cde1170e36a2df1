// The quick chart (issue 18): a date against a number draws a line of the records shown, with a
// sentence that names its range and a table that says the same, in both themes.
import { readFileSync } from 'node:fs'
import { expect, expectNoAxeViolations, test } from './fixtures'

const weather = readFileSync(
  new URL('../node_modules/vega-datasets/data/seattle-weather.csv', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .slice(1, 101)
  .map((line) => line.split(','))

test('a date against a number draws a line, and its summary and table name the range', async ({
  explorer,
  page,
}) => {
  const rain = weather.map((row) => Number(row[1]))
  await explorer.openResource('seattle-weather')
  const searches = explorer.searchRequests.length
  await page.getByRole('tab', { name: 'Chart' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Chart' })
  await expect(panel.getByRole('heading', { name: 'precipitation by date' })).toBeVisible()
  const chart = panel.getByRole('img', { name: /^Line chart of the 100 records shown/ })
  await expect(chart).toBeVisible()
  await expect(chart).toHaveAccessibleName(
    `Line chart of the 100 records shown: date from Jan 1, 2012 to Apr 9, 2012; precipitation from ${Math.min(...rain)} to ${Math.max(...rain)}.`,
  )
  await expect(chart.locator('polyline')).toHaveCount(1)
  await panel.getByText('The same as a table').click()
  await expect(panel.getByRole('table').getByRole('row')).toHaveCount(101)
  // drawn from the records already loaded: nothing is asked again
  expect(explorer.searchRequests.length).toBe(searches)
  await expectNoAxeViolations(page, 'chart')

  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'dark chart')
  await panel.getByRole('combobox', { name: 'Chart' }).selectOption('scatter')
  await expect(panel.getByRole('img', { name: /^Points chart/ }).locator('circle')).toHaveCount(100)

  await page.getByRole('tab', { name: 'Table' }).click()
  await expect(explorer.grid).toBeVisible()
})
