// Safety (acceptance 11): data is text, never markup; awkward field names work end to end; the
// document is served with a strict CSP and nothing violates it.
import { expect, expectNoAxeViolations, test } from './fixtures'
import { FIXTURE_ORIGIN } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

const HOSTILE = 'hostile-fields'

test.beforeEach(async ({ page }) => {
  // any CSP violation (inline script, inline style, eval) is recorded where the test can read it
  await page.addInitScript(() => {
    const violations: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: violations })
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
    )
  })
})

test.afterEach(async ({ page }) => {
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  )
  expect(violations, 'CSP violations').toEqual([])
})

test('HTML-looking values are shown as text and create no element', async ({ explorer, page }) => {
  const response = await page.goto(`${FIXTURE_ORIGIN}/?resource_id=${HOSTILE}`)
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/)
  await explorer.expectLoaded()
  await expect(explorer.grid.getByRole('gridcell', { name: '<img src=x onerror=alert(1)>' })).toBeVisible()
  await expect(explorer.grid.getByRole('gridcell', { name: '<script>alert(2)</script>' })).toBeVisible()
  await expect(explorer.grid.getByRole('gridcell', { name: '"><svg onload=alert(3)>' })).toBeVisible()
  await expect(explorer.columnHeader('<b>bold</b>')).toContainText('<b>bold</b>')
  // no element was made from the data
  await expect(explorer.grid.locator('img, script, svg[onload], b, iframe')).toHaveCount(0)
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  // null and empty text read differently
  await expect(explorer.grid.getByRole('gridcell', { name: 'Empty text' })).toHaveCount(1)
  await expect(explorer.grid.getByRole('gridcell', { name: 'No value (null)' })).toHaveCount(1)
  await expectNoAxeViolations(page, 'hostile values')
})

test('the generated table’s HTML-looking notes stay text', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { q: 'onerror', search: 'plain' })
  await expect(
    explorer.grid.getByRole('gridcell', { name: '<img src=x onerror=alert(1)>' }).first(),
  ).toBeVisible()
  await expect(explorer.grid.locator('img')).toHaveCount(0)
})

test('awkward field names sort, filter, hide and survive a reload', async ({ explorer, page }) => {
  await page.goto(`${FIXTURE_ORIGIN}/?resource_id=${HOSTILE}`)
  await explorer.expectLoaded()
  for (const name of [
    'toString',
    'constructor',
    'city name',
    'growth %',
    "it's",
    'größe',
    '名前',
    '<b>bold</b>',
  ]) {
    await expect(explorer.columnHeader(name)).toBeVisible()
  }
  expect(await explorer.columnTexts('toString')).toEqual([
    'tostring-1',
    'tostring-2',
    'tostring-3',
    'tostring-4',
  ])

  await explorer.sortButton('growth %').click()
  await expect(explorer.columnHeader('growth %')).toHaveAttribute('aria-sort', 'ascending')
  await expect.poll(() => explorer.columnTexts('名前')).toEqual(['大阪', '札幌', '東京', '京都'])

  await explorer.filterBy('constructor', ['ctor-2'], 'typed')
  await expect(explorer.count).toHaveText('1 record')
  await expect(page.getByText('Showing records where constructor is ctor-2.')).toBeVisible()
  await explorer.activeFilters.getByRole('button', { name: 'Remove filter constructor' }).click()

  await explorer.columnsButton.click()
  await page.getByRole('checkbox', { name: "it's" }).uncheck()
  await page.keyboard.press('Escape')
  await expect(explorer.columnHeader("it's")).toHaveCount(0)
  await page.reload()
  await explorer.expectLoaded()
  await expect(explorer.columnHeader("it's")).toHaveCount(0)
  await expect(explorer.columnHeader('growth %')).toHaveAttribute('aria-sort', 'ascending')
  await expect(explorer.count).toHaveText('All 4 records')
})

test('a field named __proto__ (not creatable in CKAN, but a portal could send it) is just a column', async ({
  explorer,
  page,
}) => {
  await page.route('**/api/3/action/datastore_search?**', async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replaceAll('"toString"', '"__proto__"')
    await route.fulfill({ response, body })
  })
  await page.goto(`${FIXTURE_ORIGIN}/?resource_id=${HOSTILE}`)
  await explorer.expectLoaded()
  await expect(explorer.columnHeader('__proto__')).toBeVisible()
  expect(await explorer.columnTexts('__proto__')).toEqual([
    'tostring-1',
    'tostring-2',
    'tostring-3',
    'tostring-4',
  ])
  expect(await page.evaluate(() => Object.prototype.hasOwnProperty.call({}, 'tostring-1'))).toBe(false)
  expect(await page.evaluate(() => typeof ({} as { toString: unknown }).toString)).toBe('function')
})
