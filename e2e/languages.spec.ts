// The interface language changes while the page runs, without fetching anything again, and every
// string of the interface changes with it: the pseudo-language en-XA marks each translated string
// (⟦Šéåŕçĥ⟧), so any text that stays plain and is not data is hard-coded, and fails this test.
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { E2E_ROWS, MAIN_ORIGIN, MAIN_PORTAL } from './ports'

const RESOURCE = 'penguins'

/** Every text of the page a person can see or hear: text nodes, and the attributes read aloud. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = []
    // the records themselves, field names and the invisible warm-up table are data, not interface
    // (language names are each in their own language, in every interface language)
    const DATA =
      '[role=gridcell], [role=rowheader], .dse-grid__label, .dse-warm-up, script, style, .dse-display-menu [lang]'
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      if (text !== '' && !node.parentElement?.closest(DATA)) texts.push(text)
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (element.closest('.dse-warm-up')) continue
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim()
        if (value) texts.push(value)
      }
    }
    return texts
  })
}

/** Switches the language the way a link does, without reloading the page. */
async function switchLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((language) => {
    const url = new URL(location.href)
    url.searchParams.set('lang', language)
    history.pushState(null, '', url)
    dispatchEvent(new PopStateEvent('popstate'))
  }, lang)
}

/** Texts that are data (the table's fields, values, names) or have no words (numbers, signs). */
async function dataTexts(): Promise<Set<string>> {
  const api = `${MAIN_PORTAL}/api/3/action`
  const search = (await (
    await fetch(`${api}/datastore_search?resource_id=${RESOURCE}&limit=100`)
  ).json()) as {
    result: { fields: { id: string; info?: { label?: string; notes?: string } }[]; records: object[] }
  }
  const resource = (await (await fetch(`${api}/resource_show?id=${RESOURCE}`)).json()) as {
    result: { name?: string; description?: string }
  }
  const texts = new Set<string>([new URL(MAIN_ORIGIN).host, RESOURCE])
  for (const field of search.result.fields) {
    texts.add(field.id)
    if (field.info?.label) texts.add(field.info.label)
    // the header's tooltip: the portal's label and notes, data in the portal's own words
    const name = field.info?.label ?? field.id
    if (field.info?.notes) {
      texts.add(field.info.notes)
      texts.add(`${name}\n${field.info.notes}`)
    }
  }
  for (const record of search.result.records)
    for (const value of Object.values(record)) texts.add(String(value))
  for (const text of [resource.result.name, resource.result.description]) if (text) texts.add(text)
  return texts
}

const WORDLESS = /^[\d\s.,:;–\-—#%()+×·/…]*$/

function untranslated(texts: readonly string[], data: ReadonlySet<string>): string[] {
  return texts.filter((text) => !text.includes('⟦') && !data.has(text) && !WORDLESS.test(text))
}

test('the language changes at run time: every interface string changes, and nothing is fetched again', async ({
  explorer,
  page,
}) => {
  // a table with a filter, and a link part that is ignored, so that chips and a notice show too
  await explorer.openResource(RESOURCE, {
    filters: JSON.stringify({ Species: ['Adelie'] }),
    offset: '10',
  })
  await expect(explorer.activeFilters).toBeVisible()
  await expect(explorer.linkNotice).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /penguin/i })).toBeVisible()
  // the table's name is asked for once the first rows are painted and the browser is idle: that
  // request belongs to the first language, not to the change
  await expect
    .poll(() => explorer.apiRequests.some((request) => request.url().includes('resource_show')))
    .toBe(true)
  const data = await dataTexts()
  const before = await pageTexts(page)
  expect(untranslated(before, data).length).toBeGreaterThan(20)

  const requestsBefore = explorer.apiRequests.length
  await switchLanguage(page, 'en-XA')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
  await expect.poll(async () => untranslated(await pageTexts(page), data)).toEqual([])
  expect(explorer.apiRequests.slice(requestsBefore).map((request) => request.url())).toEqual([])

  // the parts drawn later: the Columns menu and the filter dialog
  await page.getByRole('button', { name: /^⟦Çölümñš⟧/ }).click()
  await expect(page.getByRole('group', { name: '⟦Šhöw ör hîdé çölümñš⟧' })).toBeVisible()
  await expect.poll(async () => untranslated(await pageTexts(page), data)).toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: '⟦Ådd fîltér⟧' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect.poll(async () => untranslated(await pageTexts(page), data)).toEqual([])
})

test.describe('in French', () => {
  const GENERATED = 'generated-cities'
  const frenchCount = `1–100 sur ${new Intl.NumberFormat('fr').format(E2E_ROWS)} enregistrements`
  // the visible count (the live region that announces it says the same, out of sight)
  const countLine = (page: Page) =>
    page.getByRole('paragraph').filter({ hasText: new RegExp(`^${frenchCount}$`) })

  test('?lang=fr gives a French page, its counts grouped the French way, with no axe violations', async ({
    explorer,
    page,
  }) => {
    await explorer.open({ resource_id: GENERATED, lang: 'fr' })
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('grid', { name: 'Enregistrements' }).getByRole('row').nth(1)).toBeVisible()
    await expect(page).toHaveTitle('Generated cities – Explorateur de données')
    await expect(countLine(page)).toBeVisible()
    expect(frenchCount).toContain('\u202f') // 20 000: a narrow no-break space
    await expect(page.getByRole('button', { name: 'Ajouter un filtre' })).toBeVisible()
    await expect(page.getByRole('searchbox', { name: /Rechercher/ })).toBeVisible()
    await expectNoAxeViolations(page, 'French page')
  })

  test('a portal address ending in /fr gives French without lang', async ({ explorer, page }) => {
    await explorer.open({ resource_id: GENERATED, portal: `${MAIN_ORIGIN}/fr` })
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(countLine(page)).toBeVisible()
  })

  test('the language menu switches the page with no new search, and the link keeps the choice', async ({
    explorer,
    page,
  }) => {
    await explorer.openResource(GENERATED)
    const searches = explorer.searchRequests.length
    await page.getByRole('button', { name: 'Language and colours: English' }).click()
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr')
    await expect(countLine(page)).toBeVisible()
    await expect(page).toHaveURL(/[?&]lang=fr/)
    expect(explorer.searchRequests.length).toBe(searches)
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en')
    await expect(page.getByRole('button', { name: 'Add filter' })).toBeVisible()
    expect(explorer.searchRequests.length).toBe(searches)
  })
})

test('?lang=he lays the page out right to left, the first column at the right edge', async ({
  explorer,
  page,
}) => {
  await explorer.open({ resource_id: 'generated-cities', lang: 'he' })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const table = page.getByRole('grid')
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  const grid = await table.boundingBox()
  const first = await table.getByRole('columnheader').first().boundingBox()
  expect(grid && first).toBeTruthy()
  // the first column's right edge is the grid's right edge (within its border)
  expect(Math.abs(first!.x + first!.width - (grid!.x + grid!.width))).toBeLessThan(24)
  await expectNoAxeViolations(page, 'right to left')
})

test.describe('colours', () => {
  const background = (page: Page) =>
    page
      .locator('.dse-root')
      .first()
      .evaluate((root) => getComputedStyle(root).backgroundColor)

  test('a dark system gets dark colours, with no axe violations, and the menu can choose light for the tab', async ({
    explorer,
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await explorer.openResource('generated-cities')
    const light = await background(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => background(page)).not.toBe(light)
    await expectNoAxeViolations(page, 'dark table')
    await explorer.open()
    await expect(page.getByRole('region', { name: /^Tables on / })).toBeVisible()
    await expectNoAxeViolations(page, 'dark start page')

    await page.getByRole('button', { name: /^Language and colours/ }).click()
    await page.getByRole('combobox', { name: 'Colours' }).selectOption('light')
    await expect.poll(() => background(page)).toBe(light)
    await page.reload()
    await page.getByRole('button', { name: /^Language and colours/ }).click()
    await expect(page.getByRole('combobox', { name: 'Colours' })).toHaveValue('light')
    await expect.poll(() => background(page)).toBe(light)
  })
})
