// The explorer embedded in a portal page on another origin, as <datastore-explorer> elements and as
// an iframe, under a strict content security policy and a hostile stylesheet (e2e/embed-host/).
import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { ckanAction, isProfileSample, searchParams } from './pages/explorer-page'
import { EMBED_HOST_ORIGIN, MAIN_PORTAL } from './ports'

const HOST_PAGE = `${EMBED_HOST_ORIGIN}/two-elements.html`

function embedded(page: Page, id: string) {
  const element = page.locator(`datastore-explorer#${id}`)
  const grid = element.getByRole('grid', { name: 'Records' })
  return {
    element,
    grid,
    firstRow: grid.getByRole('row').nth(1),
    header: (name: RegExp): Locator => grid.getByRole('columnheader').getByRole('button', { name }),
    search: element.getByRole('searchbox', { name: 'Search' }),
  }
}

/** The resource of every datastore_search the page sends, in order (not the column overviews' sample). */
function searchedResources(page: Page): string[] {
  const resources: string[] = []
  page.on('request', (request) => {
    if (ckanAction(request.url()) === 'datastore_search' && !isProfileSample(request))
      resources.push(String(searchParams(request).resource_id))
  })
  return resources
}

const changes = (page: Page) => page.getByRole('list', { name: 'Change events' }).getByRole('listitem')

test.describe('embedded in a portal page on another origin', () => {
  test('two elements show their own tables and change alone; the page keeps its address, history and window', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors
    const searched = searchedResources(page)
    await page.goto(HOST_PAGE)
    const weather = embedded(page, 'weather')
    const penguins = embedded(page, 'penguins')
    await expect(weather.firstRow).toContainText('2012')
    await expect(penguins.firstRow).toContainText('Adelie')
    const url = page.url()
    const historyLength = await page.evaluate(() => history.length)

    // the host's hostile styles stop at the element's boundary
    const cellStyle = await weather.grid
      .getByRole('gridcell')
      .first()
      .evaluate((cell) => {
        const style = getComputedStyle(cell)
        return { fontSize: style.fontSize, color: style.color }
      })
    expect(cellStyle.fontSize).toBe('15px')
    expect(cellStyle.color).not.toBe('rgb(255, 0, 0)')

    // a sort in one: one request for its table, its change event; the other stays as it was
    const penguinsFirstRow = (await penguins.firstRow.textContent()) ?? ''
    const before = searched.length
    await weather.header(/^temp_max/).click()
    await expect(weather.firstRow).toContainText('-1.6')
    expect(searched.slice(before)).toEqual(['seattle-weather'])
    await expect(changes(page).last()).toHaveText(
      'weather {"resource_id":"seattle-weather","sort":"temp_max"}',
    )
    await expect(penguins.firstRow).toHaveText(penguinsFirstRow)
    expect(
      await page.locator('#weather').evaluate((element) => (element as HTMLElement & { view: unknown }).view),
    ).toEqual({
      resource_id: 'seattle-weather',
      sort: 'temp_max',
    })

    // a search in the other, then a filter in the first
    await penguins.search.fill('Gentoo')
    await expect(changes(page).last()).toHaveText('penguins {"resource_id":"penguins","q":"Gentoo"}')
    await expect(penguins.firstRow).toContainText('Gentoo')
    await weather.element.getByRole('button', { name: 'Add filter' }).click()
    const dialog = page.getByRole('dialog', { name: 'Filter records' })
    await dialog.getByRole('combobox', { name: 'Column to filter' }).selectOption({ label: 'weather' })
    await dialog
      .getByRole('group', { name: 'Values in this column' })
      .getByRole('checkbox', { name: /^sun\b/ })
      .check()
    await dialog.getByRole('button', { name: 'Apply filter' }).click()
    await expect(changes(page).last()).toHaveText(
      'weather {"resource_id":"seattle-weather","filters":"{\\"weather\\":\\"sun\\"}","sort":"temp_max"}',
    )
    const sunny = (await (
      await fetch(
        `${MAIN_PORTAL}/api/3/action/datastore_search?resource_id=seattle-weather&limit=0&filters=${encodeURIComponent('{"weather":"sun"}')}`,
      )
    ).json()) as { result: { total: number } }
    await expect(
      weather.element.getByRole('paragraph').filter({
        hasText: `1–100 of ${sunny.result.total.toLocaleString('en')} records`,
      }),
    ).toBeVisible()

    // the page's own address, history and window are untouched
    expect(page.url()).toBe(url)
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
    const added = await page.evaluate(() => {
      const before = new Set(
        JSON.parse(document.documentElement.dataset.windowProperties ?? '[]') as string[],
      )
      return Object.getOwnPropertyNames(window).filter((name) => !before.has(name))
    })
    expect(added).toEqual([])
    await expect(
      page.getByRole('list', { name: 'Content security policy violations' }).getByRole('listitem'),
    ).toHaveCount(0)
  })

  test('a new resource-id swaps the table; a bad attribute gets a plain notice', async ({ page }) => {
    await page.goto(HOST_PAGE)
    const penguins = embedded(page, 'penguins')
    await expect(penguins.firstRow).toContainText('Adelie')
    await penguins.element.evaluate((element) => element.setAttribute('resource-id', 'us-zipcodes'))
    await expect(penguins.grid.getByRole('columnheader', { name: /zip_code/ })).toBeVisible()
    await expect(penguins.grid.getByRole('columnheader', { name: /Species/ })).toHaveCount(0)
    await penguins.element.evaluate((element) => element.setAttribute('limit', 'lots'))
    await expect(penguins.element.getByText('Some settings of this table were ignored:')).toBeVisible()
    await expect(penguins.element.getByText(/The number of rows “lots” is not a whole number/)).toBeVisible()
  })

  test('the iframe fills its frame, and tells its parent the height it would like', async ({ page }) => {
    await page.goto(HOST_PAGE)
    const frame = page.frameLocator('#frame')
    await expect(frame.getByRole('grid', { name: 'Records' }).getByRole('row').nth(1)).toContainText('00M')
    const messages = page.getByRole('list', { name: 'Messages from the frame' }).getByRole('listitem')
    await expect(messages.filter({ hasText: '"type":"datastore-explorer:height"' }).first()).toBeVisible()
    const height = JSON.parse(
      (await messages.filter({ hasText: 'height' }).last().textContent()) ?? '{}',
    ) as {
      height: number
    }
    // the toolbar, the grid's header and 20 rows of 32 px
    expect(height.height).toBeGreaterThan(40 + 20 * 32)
    expect(height.height).toBeLessThan(1200)
  })

  test('axe finds no violation, inside the elements too', async ({ page }) => {
    await page.goto(HOST_PAGE)
    await expect(embedded(page, 'weather').firstRow).toContainText('2012')
    await expect(embedded(page, 'penguins').firstRow).toContainText('Adelie')
    await expectNoAxeViolations(page, 'on the host page')
  })
})

test('an element follows the host page’s colours, and its theme attribute overrides them', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(HOST_PAGE)
  const weather = embedded(page, 'weather')
  await expect(weather.firstRow).toContainText('2012')
  const background = () =>
    weather.grid.evaluate((grid) => getComputedStyle(grid.closest('.dse-root')!).backgroundColor)
  const light = await background()
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(background).not.toBe(light)
  const dark = await background()
  await page.locator('#weather').evaluate((element) => element.setAttribute('theme', 'light'))
  await expect.poll(background).toBe(light)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.locator('#weather').evaluate((element) => element.setAttribute('theme', 'dark'))
  await expect.poll(background).toBe(dark)
  await expect(weather.firstRow).toContainText('2012')
  await expectNoAxeViolations(page, 'dark embed')
})

test('a host’s compact rows are 26 px and show more rows; a larger font makes rows taller, never cut', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors
  await page.goto(HOST_PAGE)
  const weather = embedded(page, 'weather')
  await expect(weather.firstRow).toContainText('2012')
  const rowHeight = () => weather.firstRow.evaluate((row) => row.getBoundingClientRect().height)
  // the rows wholly inside the grid's client area, under its header row
  const rowsShown = () =>
    weather.grid.evaluate((grid) => {
      const top = grid.querySelector('[role=row]')!.getBoundingClientRect().bottom
      const bottom = grid.getBoundingClientRect().top + grid.clientTop + grid.clientHeight
      return [...grid.querySelectorAll('[role=row]')].slice(1).filter((row) => {
        const box = row.getBoundingClientRect()
        return !(row as HTMLElement).hidden && box.top >= top - 0.5 && box.bottom <= bottom + 0.5
      }).length
    })
  const setStyle = (name: string, value: string) =>
    weather.element.evaluate(
      (element, [name, value]) => element.style.setProperty(name!, value!),
      [name, value],
    )
  expect(await rowHeight()).toBe(32)
  // 560 px (the page's CSS gives 400, and its toolbar takes two lines): room for 140 px of rows or
  // more, where 26 px rows are always more than 32 px ones
  await setStyle('height', '560px')
  await expect.poll(rowsShown).toBeGreaterThanOrEqual(5)
  const comfortableRows = await rowsShown()

  await setStyle('--datastore-explorer-row-height', 'compact')
  await expect.poll(rowHeight).toBe(26)
  await expect(weather.firstRow).toContainText('2012')
  await expect.poll(rowsShown).toBeGreaterThan(comfortableRows)

  // a larger font: compact rows as tall as comfortable ones were, comfortable ones taller still
  await setStyle('--datastore-explorer-font-size', '20px')
  await expect.poll(rowHeight).toBe(32)
  await setStyle('--datastore-explorer-row-height', 'comfortable')
  await expect.poll(rowHeight).toBe(39)
  await expect(weather.firstRow).toContainText('2012')
  const cut = await weather.grid
    .getByRole('gridcell')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollHeight > cell.clientHeight).map((cell) => cell.textContent),
    )
  expect(cut, 'cells whose text the row cuts').toEqual([])
  // the other element keeps the default
  await expect(embedded(page, 'penguins').firstRow).toContainText('Adelie')
  expect(
    await embedded(page, 'penguins').firstRow.evaluate((row) => row.getBoundingClientRect().height),
  ).toBe(32)
})

test.describe('the events and methods a host page uses', () => {
  test.use({ allowedConsoleErrors: /status of 404 \(Not Found\).*datastore_search/i })

  test('`ready` fires once the first rows show and `error` says what failed in CKAN’s terms; reset() undoes the reader’s changes and focusGrid() moves the focus to the records', async ({
    page,
  }) => {
    await page.goto(HOST_PAGE)
    await expect(embedded(page, 'penguins').firstRow).toContainText('Adelie')
    // an element the page adds, with its listeners, as a host's own script would
    const ready = await page.evaluate(
      () =>
        new Promise<{ detail: unknown; firstRow: string; version: unknown }>((resolve) => {
          const element = document.createElement('datastore-explorer')
          element.id = 'added'
          element.setAttribute('resource-id', 'penguins')
          element.setAttribute('sort', '"Body Mass (g)" desc')
          element.addEventListener('ready', (event) =>
            resolve({
              detail: event.detail,
              // the rows are on screen when it fires
              firstRow: element.shadowRoot!.querySelectorAll('[role="row"]')[1]?.textContent ?? '',
              version: (element.constructor as unknown as { version: unknown }).version,
            }),
          )
          document.querySelector('main')!.append(element)
        }),
    )
    expect(ready.detail).toEqual({ resource_id: 'penguins', total: 344 })
    expect(ready.firstRow).toContain('6300')
    expect(ready.version).toMatch(/^\d+\.\d+\.\d+/)

    const added = embedded(page, 'added')
    await expect(added.firstRow).toContainText('6300')
    await added.header(/^Species/).click()
    await expect(added.firstRow).toContainText('Adelie')
    await added.search.fill('Biscoe')
    await expect(added.element.getByRole('paragraph').filter({ hasText: /records$/ })).toContainText('168')
    await added.element.evaluate((element) =>
      (element as HTMLElementTagNameMap['datastore-explorer']).reset(),
    )
    await expect(added.search).toHaveValue('')
    await expect(added.firstRow).toContainText('6300')
    expect(
      await added.element.evaluate(
        (element) => (element as HTMLElementTagNameMap['datastore-explorer']).view,
      ),
    ).toEqual({
      resource_id: 'penguins',
      sort: '"Body Mass (g)" desc',
    })

    expect(
      await added.element.evaluate((element) =>
        (element as HTMLElementTagNameMap['datastore-explorer']).focusGrid(),
      ),
    ).toBe(true)
    // the grid's keyboard entry point, inside the element's shadow root
    expect(
      await added.element.evaluate(
        (element) => !!element.shadowRoot!.activeElement?.closest('[role="grid"]'),
      ),
    ).toBe(true)
    await page.keyboard.press('ArrowDown')
    await expect(added.grid.locator(':focus')).toBeVisible()

    const failure = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const element = document.createElement('datastore-explorer')
          element.setAttribute('resource-id', 'no-such-table')
          element.addEventListener('error', (event) => resolve(event.detail))
          document.querySelector('main')!.append(element)
        }),
    )
    expect(failure).toMatchObject({
      kind: 'not-found',
      type: 'Not Found Error',
      status: 404,
      resource_id: 'no-such-table',
    })
  })
})
