// Displays that don't surprise (issue 16): numbers that are codes are not grouped, and a descending
// sort of the whole table, done by the portal, puts empty values after every value.
import { expect, test } from './fixtures'
import { generatedValue } from './expected'
import { E2E_ROWS } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

const NULL_TEXT = 'No value (null)'
/** The table's number format for English: grouped from five digits on. */
const grouped = new Intl.NumberFormat('en', { useGrouping: 'min2' } as Intl.NumberFormatOptions)

test('an id column shows 20000, not 20,000; a quantity stays grouped', async ({ explorer }) => {
  // hidden= (empty): _id shown; sorted descending, its first value is the largest
  await explorer.openResource(GENERATED_RESOURCE_ID, { hidden: '', sort: '_id desc' })
  const population = generatedValue(E2E_ROWS - 1, 'population')
  await expect
    .poll(async () => (await explorer.readRows(['_id', 'population'], 1))[0]?.texts)
    .toEqual([String(E2E_ROWS), typeof population === 'number' ? grouped.format(population) : NULL_TEXT])
  expect(String(E2E_ROWS)).not.toContain(',')
})

test('a descending sort by the portal shows empty values after every value', async ({ explorer, page }) => {
  const values: { id: number; population: number | null }[] = []
  for (let index = 0; index < E2E_ROWS; index++) {
    const value = generatedValue(index, 'population')
    values.push({ id: index + 1, population: typeof value === 'number' ? value : null })
  }
  const withValue = values.filter((row) => row.population !== null)
  expect(withValue.length).toBeLessThan(E2E_ROWS) // the generated table has empty populations
  const expectedTop = withValue
    .sort((a, b) => b.population! - a.population! || b.id - a.id)
    .slice(0, 20)
    .map((row) => grouped.format(row.population!))

  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all' })
  await explorer.expectRowCount(E2E_ROWS)
  const since = explorer.searchRequests.length
  await explorer.sortButton('population').click()
  await expect(explorer.columnHeader('population')).toHaveAttribute('aria-sort', 'ascending')
  await explorer.sortButton('population').click()
  await expect(explorer.columnHeader('population')).toHaveAttribute('aria-sort', 'descending')
  await expect(page).toHaveURL(/[?&]sort=population(\+|%20)desc(&|$)/)
  // the portal sorts (not every row is loaded), asked for empty values last
  await expect
    .poll(() =>
      explorer.searchesSince(since).map((request) => new URL(request.url()).searchParams.get('sort')),
    )
    .toContain('population desc nulls last,_id desc')
  await expect.poll(() => explorer.columnTexts('population', 20)).toEqual(expectedTop)

  // at the end of the table: the empty values, after the last value
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await explorer.grid.evaluate((grid) => grid.scrollTo(0, grid.scrollHeight))
  const firstEmpty = withValue.length + 1
  await expect
    .poll(async () => {
      const rows = await explorer.readRows(['population'])
      const last = rows.at(-1)
      return (
        last?.number === E2E_ROWS &&
        rows.every((row) => row.number >= firstEmpty === (row.texts[0] === NULL_TEXT))
      )
    })
    .toBe(true)
})
