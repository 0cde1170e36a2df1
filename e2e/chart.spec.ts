// The quick chart (issue 18): a date against a number draws a line of the records shown, with a
// sentence that names its range and a table that says the same, in both themes; over time, a view
// bigger than the records shown is drawn whole, summed up by month, quarter or year (issue 30).
import { readFileSync } from 'node:fs'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { E2E_ROWS, MAIN_PORTAL } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

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
  await page.getByRole('tab', { name: 'Chart' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Chart' })
  // the table has more records than the 100 shown: the line draws every one by month at first
  await expect(panel.getByRole('combobox', { name: 'Draw' })).toHaveValue('month')
  await panel.getByRole('combobox', { name: 'Draw' }).selectOption('shown')
  await expect(panel.getByRole('heading', { name: 'precipitation by date' })).toBeVisible()
  const chart = panel.getByRole('img', { name: /^Line chart of the 100 records shown/ })
  await expect(chart).toBeVisible()
  await expect(chart).toHaveAccessibleName(
    `Line chart of the 100 records shown: date from Jan 1, 2012 to Apr 9, 2012; precipitation from ${Math.min(...rain)} to ${Math.max(...rain)}.`,
  )
  await expect(chart.locator('polyline')).toHaveCount(1)
  await panel.getByText('The same as a table').click()
  await expect(panel.getByRole('table').getByRole('row')).toHaveCount(101)
  await expectNoAxeViolations(page, 'chart')

  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'dark chart')
  await panel.getByRole('combobox', { name: 'Chart' }).selectOption('scatter')
  await expect(panel.getByRole('img', { name: /^Points chart/ }).locator('circle')).toHaveCount(100)

  await page.getByRole('tab', { name: 'Table' }).click()
  await expect(explorer.grid).toBeVisible()
})

test('a line over time of a view bigger than the records shown draws every matching record by a period fit for its span, and says so', async ({
  explorer,
  page,
}) => {
  // the years of every record with a population, from the dump itself (the first records span centuries: by year)
  const dump = await page.request.get(
    `${MAIN_PORTAL}/datastore/dump/${GENERATED_RESOURCE_ID}?format=csv&fields=founded,population`,
  )
  const [header, ...lines] = (await dump.text())
    .trim()
    .split('\n')
    .map((line) => line.replace(/\r$/, '').split(','))
  const [founded, population] = ['founded', 'population'].map((name) => header!.indexOf(name))
  const years = new Set(
    lines
      .filter((line) => line[founded!] !== '' && line[population!] !== '')
      .map((line) => line[founded!]!.slice(0, 4)),
  )
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await page.getByRole('tab', { name: 'Chart' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Chart' })
  await panel.getByRole('combobox', { name: 'Up (Y)' }).selectOption('population')
  await expect(panel.getByRole('combobox', { name: 'Draw' })).toHaveValue('year')
  await expect(panel.getByRole('status')).toHaveText(
    `Covers every matching record: ${E2E_ROWS.toLocaleString('en')}.`,
  )
  await expect(panel.getByRole('heading', { name: 'Total of population by year of founded' })).toBeVisible()
  await expect(
    panel.getByRole('img', { name: /^Line chart of Total of population for \d+ periods/ }),
  ).toHaveAccessibleName(new RegExp(`for ${years.size.toLocaleString('en')} periods of founded`))
  await expect(panel.getByText('The chart draws every matching record, summed up by period')).toBeVisible()
  await panel.getByText('The same as a table').click()
  await expect(panel.getByRole('table').getByRole('row')).toHaveCount(years.size + 1)
  await expectNoAxeViolations(page, 'chart over every record')

  await panel.getByRole('combobox', { name: 'Draw' }).selectOption('shown')
  // (the records shown without a founding date or a population are not drawn)
  await expect(panel.getByRole('img', { name: /^Line chart of the \d+ records shown/ })).toBeVisible()
  await expect(panel.getByText('The chart draws the records shown in the table')).toBeVisible()
})
