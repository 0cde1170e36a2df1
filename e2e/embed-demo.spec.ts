// The embed demo (issue 26): the two example themes change the element's colours, font and parts and
// keep every pair AA (0 axe violations; the focus ring and the selected states 3:1 or more, even for a
// host accent that is too pale); and the CKAN-shaped resource page works as a portal page on another
// origin under a strict content security policy, its skip link and status line driven by the element.
import type { Locator, Page } from '@playwright/test'
import { contrast, parseComputedColour, type Rgb } from '../src/embed/theme'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { EMBED_HOST_ORIGIN } from './ports'

/** The weather explorer of the demo page. */
function weather(page: Page) {
  const element = page.locator('datastore-explorer#weather')
  return {
    element,
    grid: element.getByRole('grid', { name: 'Records' }),
    selectedTab: element.getByRole('tab', { selected: true }),
  }
}

interface Look {
  font: string
  fontSize: string
  background: Rgb
  accent: Rgb
  focus: Rgb
  selectedTab: Rgb
  selectedTabText: Rgb
  headerCellBackground: string
  headerCellWeight: string
  radius: string
}

/** How the explorer looks now: its computed colours, font and corners, read inside its shadow root. */
async function look(element: Locator): Promise<Look> {
  const raw = await element.evaluate((host) => {
    const root = host.shadowRoot!.querySelector<HTMLElement>('.dse-root')!
    const style = getComputedStyle(root)
    const tab = root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')!
    const header = root.querySelector<HTMLElement>('[part~="header-cell"]')!
    const cell = root.querySelector<HTMLElement>('[role="gridcell"]')!
    const button = root.querySelector<HTMLElement>('.dse-button')!
    // a token as the browser resolves it (the tokens are colours in any CSS syntax)
    const resolve = (name: string) => {
      const probe = document.createElement('span')
      root.append(probe)
      probe.style.color = `color-mix(in srgb, ${style.getPropertyValue(name)} 100%, black 0%)`
      const colour = getComputedStyle(probe).color
      probe.remove()
      return colour
    }
    return {
      font: getComputedStyle(cell).fontFamily,
      fontSize: style.fontSize,
      background: getComputedStyle(root).backgroundColor,
      accent: resolve('--dse-accent'),
      focus: resolve('--dse-focus'),
      selectedTab: getComputedStyle(tab).backgroundColor,
      selectedTabText: getComputedStyle(tab).color,
      headerCellBackground: getComputedStyle(header).backgroundColor,
      headerCellWeight: getComputedStyle(header).fontWeight,
      radius: getComputedStyle(button).borderTopLeftRadius,
    }
  })
  const colour = (text: string) => {
    const parsed = parseComputedColour(text)
    expect(parsed, text).not.toBeNull()
    return parsed!
  }
  return {
    ...raw,
    background: colour(raw.background),
    accent: colour(raw.accent),
    focus: colour(raw.focus),
    selectedTab: colour(raw.selectedTab),
    selectedTabText: colour(raw.selectedTabText),
  }
}

/** The contrast rules of the theme: the focus ring and the selected states 3:1 against the background. */
function expectReadable(shown: Look, context: string): void {
  expect(contrast(shown.focus, shown.background), `${context}: focus ring`).toBeGreaterThanOrEqual(3)
  expect(contrast(shown.selectedTab, shown.background), `${context}: selected tab`).toBeGreaterThanOrEqual(3)
  expect(contrast(shown.accent, shown.background), `${context}: accent as text`).toBeGreaterThanOrEqual(4.5)
  expect(
    contrast(shown.selectedTabText, shown.selectedTab),
    `${context}: selected tab's text`,
  ).toBeGreaterThanOrEqual(4.5)
}

const rgb = (r: number, g: number, b: number): Rgb => ({ r, g, b })

test('the two example themes change the explorer’s colours, font and parts, with every pair AA and no axe violation', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/embed-demo.html')
  const { element, grid } = weather(page)
  await expect(grid.getByRole('row').nth(1)).toContainText('2015')
  await expect(page.getByText('1461 records of seattle-weather')).toBeVisible()

  // the explorer's own colours, in the page's font
  const own = await look(element)
  expect(own.font).toContain('Georgia')
  expectReadable(own, 'own')

  const theme = page.getByRole('combobox', { name: 'Theme of this page' })
  await theme.selectOption({ label: 'CKAN-like' })
  await expect.poll(async () => (await look(element)).font).toContain('Helvetica Neue')
  const ckan = await look(element)
  expect(ckan.accent).toEqual(rgb(32, 107, 130))
  expect(ckan.selectedTab).toEqual(rgb(32, 107, 130))
  expect(ckan.fontSize).toBe('14px')
  expect(ckan.radius).toBe('4px')
  expect(ckan.headerCellBackground).toBe('rgb(246, 246, 246)')
  expectReadable(ckan, 'CKAN-like')
  await expectNoAxeViolations(page, 'CKAN-like theme', { embedded: true })

  await theme.selectOption({ label: 'GOV.UK-like' })
  await expect.poll(async () => (await look(element)).font).toContain('GDS Transport')
  const govuk = await look(element)
  expect(govuk.accent).not.toEqual(ckan.accent)
  expect(contrast(govuk.accent, rgb(29, 112, 184))).toBeLessThan(1.05)
  expect(govuk.fontSize).toBe('16px')
  expect(govuk.radius).toBe('0px')
  expect(govuk.headerCellWeight).toBe('700')
  expectReadable(govuk, 'GOV.UK-like')
  await expectNoAxeViolations(page, 'GOV.UK-like theme', { embedded: true })

  // an accent too pale for the background (GOV.UK's focus yellow, 1.4:1 on white) is darkened just
  // enough: the focus ring and the selected states still read
  await element.evaluate((host) => host.style.setProperty('--datastore-explorer-accent', '#ffdd00'))
  await expect.poll(async () => contrast((await look(element)).accent, rgb(255, 221, 0))).toBeGreaterThan(1.5)
  const pale = await look(element)
  expectReadable(pale, 'a pale accent')
  expect(contrast(pale.accent, pale.background)).toBeLessThan(5.5)
  await expectNoAxeViolations(page, 'a pale accent', { embedded: true })
})

test.describe('the CKAN-shaped resource page, as a portal page on another origin', () => {
  test('shows the data where CKAN shows its resource view, under the portal’s strict policy; its skip link reaches the records', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    const violations: string[] = []
    await page.exposeBinding('reportViolation', (_source, text: string) => violations.push(text))
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      ),
    )
    await page.goto(`${EMBED_HOST_ORIGIN}/embed-demo-ckan.html`)
    await expect(page.getByRole('heading', { level: 1, name: 'daily-weather.csv' })).toBeVisible()
    const explorer = page.locator('datastore-explorer#data')
    const grid = explorer.getByRole('grid', { name: 'Records' })
    await expect(grid.getByRole('row').nth(1)).toContainText('Dec 31, 2015')
    // the page's status line follows the element's ready event
    await expect(page.getByRole('status').filter({ hasText: 'records in the DataStore' })).toHaveText(
      '1,461 records in the DataStore.',
    )
    // in the portal's colours and font
    const shown = await look(explorer)
    expect(shown.accent).toEqual(rgb(32, 107, 130))
    expect(shown.font).toContain('Helvetica Neue')

    // the page's second skip link takes the keyboard to the records, inside the element
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to the data' })).toBeFocused()
    await page.keyboard.press('Enter')
    expect(
      await explorer.evaluate((host) => !!host.shadowRoot!.activeElement?.closest('[role="grid"]')),
    ).toBe(true)
    await page.keyboard.press('ArrowDown')
    await expect(grid.locator(':focus')).toBeVisible()

    await expectNoAxeViolations(page, 'CKAN-shaped page', { embedded: true })
    expect(violations).toEqual([])
  })
})
