// The records table: virtual rows, sticky header, sorting (server and local), formatting, long text,
// column resizing and hiding (acceptance 6 and 7).
import { expect, expectNoAxeViolations, test } from './fixtures'
import { generatedValue } from './expected'
import { E2E_ROWS, E2E_SEED } from './ports'
import { generateRow, GENERATED_FIELDS, GENERATED_RESOURCE_ID } from '../server/data/generated'

const column = (id: string) => GENERATED_FIELDS.findIndex((field) => field.id === id)
const numberText = (text: string) => Number(text.replace(/,/g, ''))

test('a 20,000-record table keeps fewer than 100 rows in the DOM, with a sticky header', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.expectRowCount(100)
  await expect(explorer.count).toHaveText(`1–100 of ${E2E_ROWS.toLocaleString('en')} records`)
  await expectNoAxeViolations(page, 'results')

  // every record in one scrollable table
  await explorer.limit.selectOption({ label: 'All' })
  await explorer.expectRowCount(E2E_ROWS)
  await expect(explorer.dataRows()).not.toHaveCount(0)
  expect(await explorer.dataRows().count()).toBeLessThan(100)

  const header = explorer.grid.getByRole('row').first()
  const before = await header.boundingBox()
  await explorer.grid.evaluate((grid) => grid.scrollBy(0, 1200))
  await expect.poll(async () => (await explorer.rowNumbers())[0]).toBeGreaterThan(10)
  expect(await explorer.dataRows().count()).toBeLessThan(100)
  // The header row has not moved with the rows: it is where it was and still visible.
  const after = await header.boundingBox()
  expect(after?.y).toBeCloseTo(before?.y ?? -1, 0)
  await expect(explorer.columnHeader('year')).toBeInViewport()
})

// On a screen under 600 px tall the page scrolls and the grid may start low on it (taller screens
// fit the table to the window).
test.describe('on a short screen', () => {
  test.use({ viewport: { width: 1280, height: 560 } })

  test('the rows below the edge of the window follow the first ones, and a page scroll shows them', async ({
    explorer,
    page,
  }) => {
    await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all' })
    await explorer.expectRowCount(E2E_ROWS)
    // the grid starts low on the page: its first frame draws the rows the window shows, then the rest
    const box = await explorer.grid.boundingBox()
    const height = page.viewportSize()?.height ?? 0
    expect(box && box.y + box.height).toBeGreaterThan(height)
    const lastRowInGrid = Math.floor(((box?.height ?? 0) - 41) / 32)
    const row = explorer.grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: String(lastRowInGrid), exact: true }) })
    await expect(row).toHaveCount(1)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(row).toBeInViewport()
    await expect(row.getByRole('gridcell').first()).toHaveText(
      String(generatedValue(lastRowInGrid - 1, 'name')),
    )
  })
})

test('after a sort, the rows below the edge of the window follow with their sorted values', async ({
  explorer,
  page,
}) => {
  // hidden= (empty): _id shown, so it can be sorted on
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all', hidden: '' })
  await explorer.expectRowCount(E2E_ROWS)
  const box = await explorer.grid.boundingBox()
  const lastRowInGrid = Math.floor(((box?.height ?? 0) - 41) / 32)
  // two clicks: _id descending, a new result drawn over the rows in place
  await explorer.sortButton('_id').click()
  await expect(page).toHaveURL(/sort=_id(&|$)/)
  await explorer.sortButton('_id').click()
  await expect(page).toHaveURL(/sort=_id\+desc/)
  // the rows inside the window come first; the ones below its edge follow, with the new order
  const row = explorer.grid
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(lastRowInGrid), exact: true }) })
  await expect(row.getByRole('gridcell').nth(1)).toHaveText(
    String(generatedValue(E2E_ROWS - lastRowInGrid, 'name')),
  )
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(row).toBeInViewport()
})

test('after a fast scroll, scrolling sideways finds every column filled in', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all' })
  await explorer.expectRowCount(E2E_ROWS)
  // rows that come into view while scrolling are first drawn with the columns of the first screen
  await explorer.grid.evaluate(async (grid) => {
    for (let step = 0; step < 20; step++) {
      grid.scrollBy(0, 160)
      await new Promise(requestAnimationFrame)
    }
  })
  await expect.poll(async () => (await explorer.rowNumbers())[0]).toBeGreaterThan(50)
  await expect(explorer.grid.getByText('Loading', { exact: true })).toHaveCount(0)
  const expectEveryRowFilledIn = async () => {
    // every row in the DOM has its value in the 11th column, the generated one for its row
    const rows = await explorer.readRows(['année'])
    expect(rows.length).toBeGreaterThan(10)
    for (const row of rows) {
      const value = generatedValue(row.number - 1, 'année')
      expect(row.texts[0]).toBe(value === null ? 'No value (null)' : String(value))
    }
  }
  // once the scrolling has paused, without scrolling sideways
  await expectEveryRowFilledIn()

  // scrolling sideways right after a fast scroll, before it pauses
  await explorer.grid.evaluate(async (grid) => {
    for (let step = 0; step < 5; step++) {
      grid.scrollBy(0, 160)
      await new Promise(requestAnimationFrame)
    }
    grid.scrollBy(10_000, 0)
  })
  await expect(explorer.columnHeader('année')).toBeInViewport()
  await expectEveryRowFilledIn()
})

test('a header click sorts ascending, then descending, then not at all, one request each', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  const year = explorer.columnHeader('year')
  await expect(year).not.toHaveAttribute('aria-sort', /ascending|descending/)

  let since = explorer.searchRequests.length
  await explorer.sortButton('year').click()
  await expect(page).toHaveURL(/[?&]sort=year(&|$)/)
  await expect(year).toHaveAttribute('aria-sort', 'ascending')
  await expect
    .poll(async () => (await explorer.columnTexts('year', 20)).map(numberText))
    .toEqual(Array(20).fill(1990))
  expect(explorer.searchesSince(since)).toHaveLength(1)
  expect(new URL(explorer.searchesSince(since)[0]!.url()).searchParams.get('sort')).toMatch(
    /^"?year"?( asc)?/,
  )

  since = explorer.searchRequests.length
  await explorer.sortButton('year').click()
  await expect(page).toHaveURL(/[?&]sort=year(\+|%20)desc/)
  await expect(year).toHaveAttribute('aria-sort', 'descending')
  await expect
    .poll(async () => (await explorer.columnTexts('year', 20)).map(numberText))
    .toEqual(Array(20).fill(2024))
  expect(explorer.searchesSince(since)).toHaveLength(1)

  await explorer.sortButton('year').click()
  await expect(page).not.toHaveURL(/sort=/)
  await expect(year).not.toHaveAttribute('aria-sort', /ascending|descending/)
  await expect.poll(() => explorer.rowNumbers()).toEqual(expect.arrayContaining([1, 2, 3]))
  const names = await explorer.columnTexts('name', 3)
  expect(names).toEqual([0, 1, 2].map((i) => generateRow(E2E_SEED, i)[column('name')]))
})

test('Shift+click adds a second sort key', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.sortButton('country').click()
  await expect(page).toHaveURL(/sort=country/)
  await explorer.sortButton('year').click({ modifiers: ['Shift'] })
  await expect(page).toHaveURL(/sort=country(%2C|,)(\+|%20)?year/)
  await expect(explorer.columnHeader('country')).toHaveAttribute('aria-sort', 'ascending')
  await expect(explorer.columnHeader('year')).toHaveAccessibleName(/2/)
  await expect.poll(() => explorer.columnTexts('country', 20)).toEqual(Array(20).fill('Brazil'))
  const years = (await explorer.columnTexts('year', 20)).map(numberText)
  expect(years).toEqual([...years].sort((a, b) => a - b))
})

test('when every record is loaded the table sorts locally, says so, and asks nothing', async ({
  explorer,
  page,
}) => {
  await explorer.openResource('penguins', { limit: '500' })
  await expect(explorer.count).toHaveText('All 344 records')
  const since = explorer.searchRequests.length
  await explorer.sortButton('Body Mass (g)').click()
  await expect(page.getByText('Sorted in your browser: all 344 records are loaded.')).toBeVisible()
  await expect(explorer.columnHeader('Body Mass (g)')).toHaveAttribute('aria-sort', 'ascending')
  const masses = (await explorer.columnTexts('Body Mass (g)', 20))
    .filter((text) => /\d/.test(text))
    .map(numberText)
  expect(masses[0]).toBe(2700)
  expect(masses).toEqual([...masses].sort((a, b) => a - b))
  expect(explorer.searchesSince(since)).toHaveLength(0)
})

test('_id is hidden, numbers are right-aligned and formatted, null and empty text differ', async ({
  explorer,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await expect(explorer.columnHeader('_id')).toHaveCount(0)
  const population = generateRow(E2E_SEED, 0)[column('population')] as number
  const cell = explorer.dataRows().first().getByRole('gridcell').nth(column('population'))
  await expect(cell).toHaveText(population.toLocaleString('en'))
  // where the text sits in its cell: gap on the left and on the right, in pixels
  const gaps = (cellIndex: number) =>
    explorer
      .dataRows()
      .first()
      .getByRole('gridcell')
      .nth(cellIndex)
      .evaluate((element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        const text = range.getBoundingClientRect()
        const box = element.getBoundingClientRect()
        return { left: text.left - box.left, right: box.right - text.right }
      })
  const numberGaps = await gaps(column('population'))
  expect(numberGaps.right).toBeLessThan(numberGaps.left)
  const textGaps = await gaps(column('country'))
  expect(textGaps.left).toBeLessThan(textGaps.right)

  // Row 3's score is null in the generated data: it reads differently from a value.
  expect(generateRow(E2E_SEED, 2)[column('score')]).toBeNull()
  await expect(explorer.dataRows().nth(2).getByRole('gridcell').nth(column('score'))).toHaveAccessibleName(
    'No value (null)',
  )
})

test('long text can be read in full from the keyboard', async ({ explorer, page }) => {
  // the first generated row with the long Lorem text in "notes"
  let index = 0
  while (!String(generateRow(E2E_SEED, index)[column('notes')]).startsWith('Lorem')) index++
  const full = String(generateRow(E2E_SEED, index)[column('notes')])
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID, q: `row ${index + 1}`, search: 'plain' })
  await explorer.expectLoaded()
  // a cell shows only the start of a long value (what its width can show): find the row by its name
  const name = String(generateRow(E2E_SEED, index)[column('name')])
  const row = explorer
    .dataRows()
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) })
    .first()
  const cell = row.getByRole('gridcell').nth(column('notes'))
  await expect(cell).toContainText(full.slice(0, 30))
  await cell.click()
  await expect(cell).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: new RegExp(`notes, row`) })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(full.trim())
  await expectNoAxeViolations(page, 'full value dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(cell).toBeFocused()
})

test('columns resize from the keyboard and hide and show from the Columns menu', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  const separator = page.getByRole('separator', { name: 'Resize column country' })
  const width = Number(await separator.getAttribute('aria-valuenow'))
  const header = explorer.columnHeader('country')
  const boxBefore = await header.boundingBox()
  await separator.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect.poll(async () => Number(await separator.getAttribute('aria-valuenow'))).toBeGreaterThan(width)
  await expect.poll(async () => (await header.boundingBox())?.width).toBeGreaterThan(boxBefore?.width ?? 0)

  await explorer.columnsButton.click()
  await expect(explorer.columnsButton).toHaveAttribute('aria-expanded', 'true')
  await expectNoAxeViolations(page, 'columns menu')
  const menu = page.getByRole('group', { name: 'Show or hide columns' })
  await menu.getByRole('checkbox', { name: 'notes' }).uncheck()
  await expect(explorer.columnHeader('notes')).toHaveCount(0)
  await expect(page).toHaveURL(/hidden=/)
  await menu.getByRole('checkbox', { name: '_id' }).check()
  await expect(explorer.columnHeader('_id')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(explorer.columnsButton).toHaveAttribute('aria-expanded', 'false')
  await expect(explorer.columnsButton).toBeFocused()

  await page.reload()
  await explorer.expectLoaded()
  await expect(explorer.columnHeader('notes')).toHaveCount(0)
  await expect(explorer.columnHeader('_id')).toBeVisible()
})
