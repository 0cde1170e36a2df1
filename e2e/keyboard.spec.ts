// Accessibility (acceptance 12): every control has a label, the main flow works from the keyboard
// alone, dialogs close with Escape and give the focus back, the grid moves with arrow keys and sorts
// with Enter, and the grid exposes its size, positions and sort to assistive technology.
import { expect, expectNoAxeViolations, test } from './fixtures'
import { countRows, countText, fieldIndex } from './expected'
import { E2E_ROWS } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

test('every control is reachable by its label', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.openPortalPanel()
  for (const control of [
    explorer.portalAddress,
    explorer.token,
    explorer.rememberToken,
    explorer.table,
    explorer.search,
    explorer.plainSearch,
    explorer.limit,
  ]) {
    await expect(control).toBeVisible()
  }
  await expect(explorer.page.getByLabel('Portal address')).toBeEditable()
  await expect(explorer.page.getByLabel('Access token')).toBeEditable()
  await expect(explorer.page.getByLabel('Table', { exact: true }).and(explorer.table)).toBeEditable()
  await expect(explorer.page.getByLabel('Search', { exact: true })).toBeEditable()
  await expect(explorer.page.getByLabel('Limit')).toBeEnabled()
})

test('search, filter and sort with the keyboard alone', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await page.locator('body').focus()
  await explorer.tabTo(explorer.search)
  await page.keyboard.type('Köln')
  const köln = countRows((row) => String(row[fieldIndex('name')]).startsWith('Köln '))
  await expect(explorer.count).toHaveText(countText(köln))

  await explorer.tabTo(explorer.addFilter)
  await page.keyboard.press('Enter')
  await expect(explorer.filterDialog).toBeVisible()
  await expect(explorer.filterColumn).toBeFocused()
  await page.keyboard.type('year')
  await expect(explorer.filterColumn).toHaveValue('year')
  const value = explorer.filterDialog.getByRole('textbox', { name: 'Value to add' })
  await explorer.tabTo(value)
  await page.keyboard.type('2001')
  await page.keyboard.press('Enter') // adds the value
  await expect(explorer.filterDialog.getByRole('button', { name: 'Remove value 2001' })).toBeVisible()
  await explorer.tabTo(explorer.applyFilter)
  await page.keyboard.press('Enter')
  await expect(explorer.filterDialog).toBeHidden()
  await expect(page.getByText('Showing records where year is 2001.')).toBeVisible()
  const both = countRows(
    (row) => String(row[fieldIndex('name')]).startsWith('Köln ') && row[fieldIndex('year')] === 2001,
  )
  await expect(explorer.count).toHaveText(countText(both))

  // Escape closes the dialog and returns the focus to what opened it
  await explorer.addFilter.focus()
  await page.keyboard.press('Enter')
  await expect(explorer.filterDialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(explorer.filterDialog).toBeHidden()
  await expect(explorer.addFilter).toBeFocused()

  // into the grid; Enter on a header sorts
  for (let presses = 0; presses < 40 && (await explorer.focusedInGrid().count()) === 0; presses++) {
    await page.keyboard.press('Tab')
  }
  await expect(explorer.focusedInGrid()).toHaveCount(1)
  await page.keyboard.press('Control+Home')
  await page.keyboard.press('ArrowUp')
  for (let col = 0; col < 4; col++) await page.keyboard.press('ArrowRight')
  await expect(explorer.sortButton('year')).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(explorer.sortButton('name')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(explorer.columnHeader('name')).toHaveAttribute('aria-sort', 'ascending')
  await expect(page).toHaveURL(/sort=name/)
  await page.keyboard.press('ArrowDown')
  const firstName = explorer.dataRows().first().getByRole('gridcell').first()
  await expect(firstName).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(explorer.dataRows().nth(1).getByRole('gridcell').first()).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(explorer.dataRows().nth(1).getByRole('gridcell').nth(1)).toBeFocused()
  await expectNoAxeViolations(page, 'keyboard in the grid')
})

test('the grid exposes its row count, row positions and sort', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { limit: 'all', sort: 'year desc' })
  await expect(explorer.grid).toHaveAttribute('aria-rowcount', String(E2E_ROWS + 1))
  await expect(explorer.grid.getByRole('row').first()).toHaveAttribute('aria-rowindex', '1')
  await expect(explorer.dataRows().first()).toHaveAttribute('aria-rowindex', '2')
  await expect(explorer.dataRows().nth(1)).toHaveAttribute('aria-rowindex', '3')
  await expect(explorer.columnHeader('year')).toHaveAttribute('aria-sort', 'descending')
  await expect(explorer.columnHeader('name')).not.toHaveAttribute('aria-sort', /ascending|descending/)
})
