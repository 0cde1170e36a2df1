// On a phone the records come first (issue 27): a one-line toolbar whose sheet holds the options, the
// records as cards by default, every control big enough to tap, no sideways scroll of the page, and the
// embed following its own width. Run on two phones, with touch.
import type { Locator, Page } from '@playwright/test'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { searchParams, type ExplorerPage } from './pages/explorer-page'
import { EMBED_HOST_ORIGIN } from './ports'

/** The view's own requests so far: not the filter dialog's distinct values. */
function viewRequests(explorer: ExplorerPage): number {
  return explorer.searchRequests.filter((request) => String(searchParams(request).distinct) !== 'true').length
}

/** Items of `list` (cards, or the grid's data rows) whose whole box is inside the browser window. */
async function fullyOnScreen(items: Locator): Promise<number> {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect()
      // the scroll box around them clips them too
      const clip = element.closest('.dse-cards, .dse-grid')?.getBoundingClientRect()
      return {
        top: box.top,
        bottom: box.bottom,
        height: box.height,
        clipTop: clip?.top,
        clipBottom: clip?.bottom,
      }
    }),
  )
  const windowHeight = await items.page().evaluate(() => innerHeight)
  return boxes.filter(
    (box) =>
      box.height > 0 &&
      box.top >= Math.max(0, box.clipTop ?? 0) &&
      box.bottom <= Math.min(windowHeight, box.clipBottom ?? Infinity),
  ).length
}

/** Every visible control smaller than 24×24 CSS px (WCAG 2.5.8), described, in the page and open shadow roots. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [tabindex="0"]'
    const found: Element[] = []
    const walk = (root: Document | ShadowRoot) => {
      found.push(...root.querySelectorAll(selector))
      for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot)
    }
    walk(document)
    return found.flatMap((element) => {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      const hidden =
        box.width === 0 ||
        box.height === 0 ||
        style.visibility === 'hidden' ||
        element.closest('.dse-visually-hidden, [inert]') !== null ||
        box.bottom < 0 ||
        box.top > innerHeight ||
        // a modal dialog is open: only what is in it can be touched
        (document.querySelector('dialog[open]') !== null && element.closest('dialog[open]') === null)
      // a checkbox or radio is reached through its label, which is the target
      const target = (element as HTMLInputElement).labels?.[0]?.getBoundingClientRect() ?? box
      const size = {
        width: Math.max(box.width, target.width),
        height: Math.max(box.height, target.height),
      }
      if (hidden || (size.width >= 24 && size.height >= 24)) return []
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''
      return [
        `${element.tagName.toLowerCase()} “${name}” ${Math.round(size.width)}×${Math.round(size.height)}`,
      ]
    })
  })
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth)
}

function phone(page: Page) {
  const cards = page.getByRole('list', { name: 'Records' }).getByRole('listitem')
  return {
    cards,
    options: page.getByRole('button', { name: /^Filters and options/ }),
    sheet: page.getByRole('dialog', { name: 'Filters and options' }),
  }
}

async function expectCardsLoaded(page: Page): Promise<void> {
  await expect(phone(page).cards.first().getByRole('button')).toBeVisible()
}

for (const size of [
  { width: 375, height: 667 },
  { width: 320, height: 568 },
]) {
  test.describe(`on a ${size.width}×${size.height} phone with touch`, () => {
    test.use({ viewport: size, hasTouch: true, isMobile: true })

    test('a table opens as at least 10 cards, then at least 6 rows as a table; nothing is too small to tap, or wider than the screen', async ({
      explorer,
      page,
    }) => {
      await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
      await expectCardsLoaded(page)
      const { cards, options, sheet } = phone(page)
      expect(await fullyOnScreen(cards)).toBeGreaterThanOrEqual(10)
      // the cards are windowed: a few around the screen, not all 100
      expect(await cards.count()).toBeLessThanOrEqual(40)
      expect(await pageScrollsSideways(page)).toBe(false)
      expect(await smallTargets(page)).toEqual([])
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible()
      // page zoom is never blocked
      await expect(page.locator('meta[name="viewport"]')).not.toHaveAttribute(
        'content',
        /user-scalable\s*=\s*(no|0)|maximum-scale/,
      )
      await expectNoAxeViolations(page, 'cards')

      // a tap opens the whole record, every field
      await cards.first().getByRole('button').tap()
      const record = page.getByRole('dialog', { name: 'Düsseldorf 1' })
      await expect(record).toBeVisible()
      await expect(record.getByRole('definition')).not.toHaveCount(0)
      expect(await record.getByRole('term').count()).toBeGreaterThanOrEqual(10)
      await record.getByRole('button', { name: 'Close' }).tap()
      await expect(record).toBeHidden()

      // the sheet: every target at least 24 px, no axe violation in light and dark colours
      await options.tap()
      await expect(sheet).toBeVisible()
      expect(await smallTargets(page)).toEqual([])
      await expectNoAxeViolations(page, 'sheet, light')
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectNoAxeViolations(page, 'sheet, dark')
      await page.emulateMedia({ colorScheme: 'light' })

      // the table instead: the choice goes into the link
      await sheet.getByRole('radio', { name: 'Table' }).check()
      await sheet.getByRole('button', { name: 'Show the records' }).tap()
      await expect(sheet).toBeHidden()
      await expect(page).toHaveURL(/view=table/)
      await explorer.expectLoaded()
      expect(await fullyOnScreen(explorer.dataRows())).toBeGreaterThanOrEqual(6)
      expect(await pageScrollsSideways(page)).toBe(false)
      expect(await smallTargets(page)).toEqual([])
    })

    test('search from the one-line toolbar; a filter added and removed from the sheet, one request each', async ({
      explorer,
      page,
    }) => {
      await explorer.open({ resource_id: GENERATED_RESOURCE_ID })
      await expectCardsLoaded(page)
      const { cards, options, sheet } = phone(page)

      const before = viewRequests(explorer)
      await explorer.search.fill('Montréal')
      await expect(cards.first()).toContainText('Montréal')
      await expect(cards.nth(1)).toContainText('Montréal')
      expect(viewRequests(explorer) - before).toBe(1)
      await explorer.search.fill('')
      await expect(cards.first()).toContainText('Düsseldorf 1')
      const allCount = await explorer.count.textContent()

      await options.tap()
      const added = viewRequests(explorer)
      // the filter dialog opens in the sheet's place, and fits the screen
      await explorer.startFilter('Country')
      const dialogBox = await explorer.filterDialog.boundingBox()
      expect(dialogBox!.x).toBeGreaterThanOrEqual(0)
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(size.width)
      expect(dialogBox!.y + dialogBox!.height).toBeLessThanOrEqual(size.height)
      await explorer.pickSuggestions(['Canada'])
      await explorer.applyFilter.tap()
      await expect(explorer.filterDialog).toBeHidden()
      await expect(options).toHaveAccessibleName('Filters and options, 1 filter active')
      await expect(cards.first()).toContainText('Country: Canada')
      await expect(explorer.count).not.toHaveText(allCount!)
      expect(viewRequests(explorer) - added).toBe(1)
      // the active filter stays in sight, as a chip removable with one tap
      await expect(explorer.activeFilters.getByRole('listitem')).toHaveCount(1)
      expect(await fullyOnScreen(cards)).toBeGreaterThanOrEqual(6)
      expect(await pageScrollsSideways(page)).toBe(false)

      await options.tap()
      const removed = viewRequests(explorer)
      await sheet.getByRole('button', { name: /^Remove filter/ }).tap()
      await expect(options).toHaveAccessibleName('Filters and options')
      await expect(explorer.count).toHaveText(allCount!)
      // at most one: the view without the filter was seen a moment ago, and may come from the cache
      expect(viewRequests(explorer) - removed).toBeLessThanOrEqual(1)
    })

    test('the table on a phone: a long press on a column title opens its menu (no sort), "Wider" widens the column, a tap still sorts, the row numbers fit', async ({
      explorer,
      page,
    }) => {
      await explorer.openResource(GENERATED_RESOURCE_ID, { view: 'table' })
      const header = explorer.columnHeader('name')
      const title = explorer.sortButton('name')
      const before = await explorer.columnTexts('name')

      // the row numbers keep less room than on a wide screen, and every number still fits
      const rowNumbers = explorer.dataRows().getByRole('rowheader')
      expect((await rowNumbers.first().boundingBox())!.width).toBeLessThan(56)
      const clipped = await rowNumbers.evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      )
      expect(clipped).toEqual([])

      // a finger held on the title (real touch events: the browser makes the pointer events)
      const box = (await title.boundingBox())!
      const finger = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      const touch = await page.context().newCDPSession(page)
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] })
      // held long enough: the title shows it; the menu opens when the finger lifts
      await expect(title).toHaveClass(/dse-grid__sort--held/)
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      const menu = page.getByRole('menu', { name: /^Column name/ })
      await expect(menu).toBeVisible()
      // it stays open, and nothing was sorted
      await expect(header).not.toHaveAttribute('aria-sort', /ascending|descending/)
      expect(page.url()).not.toMatch(/[?&]sort=/)
      expect(await explorer.columnTexts('name')).toEqual(before)
      await expect(menu).toBeVisible()
      expect(await smallTargets(page)).toEqual([])
      await expectNoAxeViolations(page, 'column menu')

      // "Wider": no drag needed to change a width (WCAG 2.5.7)
      const width = (await header.boundingBox())!.width
      await menu.getByRole('menuitem', { name: 'Wider' }).tap()
      await expect(menu).toBeHidden()
      await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(width + 10)

      // a tap on the title still sorts
      await title.tap()
      await expect(header).toHaveAttribute('aria-sort', 'ascending')
      await expect(page).toHaveURL(/[?&]sort=name(&|$)/)

      // the largest row number fits its narrower column too
      const count = Number(await explorer.grid.getAttribute('aria-rowcount')) - 1
      await explorer.dataRows().first().getByRole('gridcell').first().tap()
      await page.keyboard.press('Control+End')
      const last = rowNumbers.filter({ hasText: new RegExp(`^${count.toLocaleString('en')}$`) })
      await expect(last).toBeVisible()
      expect(await last.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true)
    })
  })
}

test.describe('the embed follows its own width', () => {
  test('a 320 px wide element on a wide page, and a 320 px iframe, use the one-line toolbar and cards', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${EMBED_HOST_ORIGIN}/two-elements.html`)
    const weather = page.locator('datastore-explorer#weather')
    const penguins = page.locator('datastore-explorer#penguins')
    await expect(weather.getByRole('grid', { name: 'Records' })).toBeVisible()
    await expect(weather.getByRole('button', { name: /^Filters and options/ })).toHaveCount(0)
    await weather.evaluate((element: HTMLElement) => element.style.setProperty('width', '320px'))
    await expect(weather.getByRole('button', { name: /^Filters and options/ })).toBeVisible()
    await expect(weather.getByRole('list', { name: 'Records' }).getByRole('listitem').first()).toContainText(
      'Jan 1, 2012',
    )
    // the wide one beside it keeps its toolbar and grid
    await expect(penguins.getByRole('button', { name: 'Add filter' })).toBeVisible()
    await expect(penguins.getByRole('grid', { name: 'Records' })).toBeVisible()

    await page.setViewportSize({ width: 320, height: 568 })
    await page.goto(`/embed.html?resource_id=${GENERATED_RESOURCE_ID}`)
    await expect(page.getByRole('button', { name: /^Filters and options/ })).toBeVisible()
    await expectCardsLoaded(page)
    expect(await pageScrollsSideways(page)).toBe(false)
  })
})
