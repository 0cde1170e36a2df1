// Readers arrange the columns (issue 28): reorder them (a header dragged, the column menu from the
// keyboard), keep some in view while the rest scroll sideways (left-to-right and right-to-left), fit
// one to its content and reset them; the link, a reload and a download keep the arrangement.
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import type { ExplorerPage } from './pages/explorer-page'
import { EMBED_HOST_ORIGIN } from './ports'
import { GENERATED_FIELDS, GENERATED_RESOURCE_ID } from '../server/data/generated'

/** The table's own order of the columns shown by default (`_id` is hidden). */
const PORTAL_ORDER = GENERATED_FIELDS.map((field) => field.id)

/** The shown columns' ids, in the order the header row shows them (the grid's own order). */
async function headerOrder(explorer: ExplorerPage): Promise<string[]> {
  return explorer.grid
    .getByRole('separator', { name: /^Resize column / })
    .evaluateAll((separators) =>
      separators.map((separator) => separator.getAttribute('aria-label')!.replace(/^Resize column /, '')),
    )
}

/** Presses `key` until `target` has the focus (a menu's items, without counting them). */
async function pressUntilFocused(page: Page, target: Locator, key: string, max = 15): Promise<void> {
  for (let step = 0; step < max; step++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

/** Drags the header of `id` with the mouse and drops it on the start half of `target`'s header. */
async function dragHeader(page: Page, explorer: ExplorerPage, id: string, target: string): Promise<void> {
  const from = await explorer.sortButton(id).boundingBox()
  const to = await explorer.columnHeader(target).boundingBox()
  if (!from || !to) throw new Error('headers not on screen')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(to.x + to.width / 4, to.y + to.height / 2, { steps: 12 })
  await page.mouse.up()
}

/** Whether any cell of the column shown in the DOM has text running past its width. */
function anyCellCut(explorer: ExplorerPage, id: string): Promise<boolean> {
  return explorer.grid.evaluate((grid, fieldId) => {
    const headers = [...grid.querySelectorAll('[role="columnheader"][data-column-id]')]
    const col = headers.findIndex((header) => (header as HTMLElement).dataset.columnId === fieldId) + 1
    const cells = [...grid.querySelectorAll<HTMLElement>(`[role="gridcell"][data-col="${col}"]`)]
    if (cells.length === 0) throw new Error(`no cells for ${fieldId}`)
    return cells.some((cell) => cell.scrollWidth > cell.clientWidth + 1)
  }, id)
}

test.beforeEach(async ({ page }) => {
  // the download arrives as a normal download, which a test can read (as in export.spec.ts)
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker
  })
})

test('a dragged header and a column moved from the keyboard change the order; the link, a reload and the download keep it', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  // every header, once the columns beyond the first screen are drawn too
  await expect.poll(() => headerOrder(explorer)).toEqual(PORTAL_ORDER)

  // "year" dragged onto the start of "country": it lands before it, and the drop is not a sort
  await dragHeader(page, explorer, 'year', 'country')
  await expect
    .poll(() => headerOrder(explorer))
    .toEqual(['name', 'year', 'country', ...PORTAL_ORDER.slice(2).filter((id) => id !== 'year')])
  await expect(page).toHaveURL(/[?&]columns=/)
  await expect(page).not.toHaveURL(/[?&]sort=/)
  await expect(page.getByText('year moved to place 2 of', { exact: false })).toBeAttached()

  // "name" moved right from its column menu, with the keyboard only; the menu has no axe violation
  await explorer.sortButton('name').focus()
  await page.keyboard.press('Alt+ArrowDown')
  const menu = page.getByRole('menu', { name: /^Column name/ })
  await expect(menu).toBeVisible()
  await expectNoAxeViolations(page, 'column menu open')
  await pressUntilFocused(page, menu.getByRole('menuitem', { name: 'Move right' }), 'ArrowDown')
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  const moved = ['year', 'name', 'country', ...PORTAL_ORDER.slice(2).filter((id) => id !== 'year')]
  await expect.poll(() => headerOrder(explorer)).toEqual(moved)
  await expect(page.getByText('Name moved to place 2 of', { exact: false })).toBeAttached()

  // the first column cannot move further left: offered, said, not run
  await explorer.sortButton('year').focus()
  await page.keyboard.press('Alt+ArrowDown')
  const yearMenu = page.getByRole('menu', { name: /^Column year/ })
  await expect(yearMenu.getByRole('menuitem', { name: 'Move left' })).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')

  // the link carries it: a reload shows the same order
  await page.reload()
  await explorer.expectLoaded()
  await expect.poll(() => headerOrder(explorer)).toEqual(moved)

  // the download's columns follow the shown order
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Download…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Download the records' })
  await dialog.getByRole('radio', { name: /^CSV/ }).check()
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  const csv = await readFile((await (await downloading).path())!, 'utf8')
  expect(csv.split(/\r?\n/, 1)[0]).toBe(moved.join(','))
})

test('a column kept in view stays while the others scroll sideways; Fit width and Reset columns', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  const grid = await explorer.grid.boundingBox()

  // the table is wider than the screen: keeping its label column in view is offered, not done
  const offer = page.getByRole('button', { name: 'Keep Name in view' })
  await expect(offer).toBeVisible()
  await expect(page).not.toHaveURL(/pinned=/)

  // "country" kept in view from its column menu: it comes first, marked, and stays in view
  await explorer.columnMenuButton('country').click()
  await page
    .getByRole('menu', { name: /^Column country/ })
    .getByRole('menuitem', { name: 'Keep in view' })
    .click()
  await expect(page).toHaveURL(/[?&]pinned=country(&|$)/)
  await expect.poll(async () => (await headerOrder(explorer))[0]).toBe('country')
  await expect(explorer.sortButton('country')).toHaveAccessibleName(/kept in view/)
  await explorer.grid.evaluate((element) => element.scrollBy(10_000, 0))
  await expect(explorer.columnHeader('notes')).toBeInViewport()
  await expect(explorer.columnHeader('name')).not.toBeInViewport()
  await expect(explorer.columnHeader('country')).toBeInViewport()
  const header = await explorer.columnHeader('country').boundingBox()
  expect(header!.x - grid!.x).toBeLessThan(80) // just after the row numbers
  await expect(explorer.dataRows().first().getByRole('gridcell').first()).toBeInViewport()
  // dark colours, a kept column and its menu open: no axe violation
  await page.emulateMedia({ colorScheme: 'dark' })
  await explorer.columnMenuButton('country').click()
  await expect(page.getByRole('menuitem', { name: 'Stop keeping in view' })).toBeVisible()
  await expectNoAxeViolations(page, 'dark, a kept column, its menu open')
  await page.keyboard.press('Escape')
  await page.emulateMedia({ colorScheme: 'light' })
  await explorer.grid.evaluate((element) => element.scrollTo(0, 0))

  // "Fit width" makes the column's values fit
  expect(await anyCellCut(explorer, 'name')).toBe(true)
  const before = (await explorer.columnHeader('name').boundingBox())!.width
  await explorer.columnMenuButton('name').click()
  await page.getByRole('menuitem', { name: 'Fit width' }).click()
  await expect
    .poll(async () => (await explorer.columnHeader('name').boundingBox())!.width)
    .toBeGreaterThan(before)
  await expect.poll(() => anyCellCut(explorer, 'name')).toBe(false)

  // "Reset columns": the portal's order and widths, nothing kept in view
  await explorer.columnsButton.click()
  await page.getByRole('button', { name: 'Reset columns' }).click()
  await expect(page).not.toHaveURL(/pinned=|columns=/)
  await expect.poll(() => headerOrder(explorer)).toEqual(PORTAL_ORDER)
  await expect.poll(async () => (await explorer.columnHeader('name').boundingBox())!.width).toBe(before)
  await expect(page.getByText('The columns are back in the table’s own order')).toBeAttached()
})

test('in a right-to-left page a column kept in view sits at the right while the others scroll', async ({
  explorer,
  page,
}) => {
  await explorer.open({ resource_id: GENERATED_RESOURCE_ID, lang: 'he', pinned: 'country' })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  // the page is in Hebrew; the resize handles' names are not translated yet: English, isolated
  // left to right (U+2066 … U+2069) so that it reads in its own order
  const records = page.getByRole('grid', { name: 'רשומות' })
  const header = (id: string) =>
    records.getByRole('columnheader').filter({
      has: page.getByRole('separator', { name: new RegExp(`^\u2066?Resize column ${id}\u2069?$`) }),
    })
  await expect(records.getByRole('row').nth(1)).toBeVisible()
  const grid = (await records.boundingBox())!
  // in a right-to-left grid the far end is at negative scrollLeft
  await records.evaluate((element) => element.scrollBy(-10_000, 0))
  await expect(header('notes')).toBeInViewport()
  await expect(header('name')).not.toBeInViewport()
  // a Latin value too long for its cell keeps its start in view (it is cut at its end)
  const latin = records.getByRole('gridcell', { name: /^Lorem/ }).first()
  const start = await latin.evaluate((cell) => {
    const range = cell.ownerDocument.createRange()
    range.selectNodeContents(cell)
    return { text: range.getBoundingClientRect(), cell: cell.getBoundingClientRect() }
  })
  expect(start.text.width).toBeGreaterThan(start.cell.width + 20) // cut
  expect(start.text.left).toBeGreaterThanOrEqual(start.cell.left)
  const kept = (await header('country').boundingBox())!
  expect(grid.x + grid.width - (kept.x + kept.width)).toBeLessThan(80) // just left of the row numbers
  await expectNoAxeViolations(page, 'right to left, a column kept in view')
})

test('an embed’s columns attribute orders its columns, and its change event reports a move', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  await page.goto(`${EMBED_HOST_ORIGIN}/two-elements.html`)
  const element = page.locator('datastore-explorer#penguins')
  const grid = element.getByRole('grid', { name: 'Records' })
  const order = () =>
    grid
      .getByRole('separator', { name: /^Resize column / })
      .evaluateAll((separators) =>
        separators.map((separator) => separator.getAttribute('aria-label')!.replace(/^Resize column /, '')),
      )
  await expect(grid.getByRole('row').nth(1)).toContainText('Adelie')
  expect((await order()).slice(0, 2)).toEqual(['Species', 'Island'])

  await element.evaluate((explorer) => explorer.setAttribute('columns', 'Island,Sex'))
  await expect.poll(async () => (await order()).slice(0, 3)).toEqual(['Island', 'Sex', 'Species'])

  await grid.getByRole('button', { name: 'Column menu: Sex', exact: true }).click()
  await page
    .getByRole('menu', { name: /^Column Sex/ })
    .getByRole('menuitem', { name: 'Move left' })
    .click()
  await expect.poll(async () => (await order()).slice(0, 3)).toEqual(['Sex', 'Island', 'Species'])
  await expect(page.getByRole('list', { name: 'Change events' }).getByRole('listitem').last()).toHaveText(
    'penguins {"resource_id":"penguins","columns":"Sex,Island"}',
  )
})
