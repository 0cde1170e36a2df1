// "Embed this view" (issue 26): the snippet of a filtered, sorted view, copied from the dialog and
// pasted into a blank page on another origin under a strict content security policy (the page checks
// the script's integrity hash), shows the same records in the same order as the explorer's page; the
// iframe snippet too. The preview in the dialog is built from the snippet. No snippet holds a token.
import type { Locator, Page } from '@playwright/test'
import { PRIVATE_RESOURCE_ID } from '../server/data/demo-datasets'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { readGridRows } from './pages/explorer-page'
import { E2E_TOKEN, EMBED_HOST_ORIGIN, MAIN_ORIGIN } from './ports'

const VIEW = {
  filters: JSON.stringify({ country: ['France', 'Japan'] }),
  sort: 'year desc',
  hidden: '_id,notes',
}
/** The columns compared row by row (the first screen's, so both grids draw them at once). */
const COMPARED = ['name', 'country', 'year', 'population']

async function openEmbedDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Embed this view…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Embed this view' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The snippet, as the Copy button puts it on the clipboard (it must say so). */
async function copySnippet(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Copy the code' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await dialog.getByRole('code').textContent())
  return copied
}

/** Pastes `snippet` into a blank page of the second origin, and opens that page in a new tab. */
async function pasteIntoBlankPage(page: Page, name: string, snippet: string) {
  const stored = await page.request.put(`${EMBED_HOST_ORIGIN}/pasted/${name}.html`, { data: snippet })
  expect(stored.status()).toBe(204)
  const host = await page.context().newPage()
  // an integrity hash that did not match, or a policy the embed broke, would be logged here
  const errors: string[] = []
  host.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  host.on('pageerror', (error) => errors.push(error.message))
  await host.goto(`${EMBED_HOST_ORIGIN}/pasted/${name}.html`)
  await expect(host.getByRole('heading', { name: 'A blank portal page' })).toBeVisible()
  return { host, errors }
}

test.use({ viewport: { width: 1280, height: 900 } })

test('the element snippet of a filtered, sorted view, pasted into a blank page on another origin, shows the same records in the same order; so does the iframe snippet', async ({
  explorer,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await explorer.openResource(GENERATED_RESOURCE_ID, VIEW)
  const shown = await explorer.readRows(COMPARED, 12)
  expect(shown.length).toBeGreaterThanOrEqual(12)

  const dialog = await openEmbedDialog(page)
  await expect(dialog.getByRole('radio', { name: /^As an element/ })).toBeFocused()
  await dialog.getByRole('textbox', { name: 'Height in pixels' }).fill('800')
  const snippet = await copySnippet(page, dialog)
  expect(snippet).toContain('<datastore-explorer')
  expect(snippet).toContain(`src="${MAIN_ORIGIN}/embed/v`)
  expect(snippet).toMatch(/integrity="sha384-[A-Za-z0-9+/]+={0,2}"/)
  expect(snippet).toContain('height="800"')

  // the preview in the dialog is that element, showing those records
  const previewGrid = dialog.locator('datastore-explorer').getByRole('grid', { name: 'Records' })
  await expect(previewGrid.getByRole('row').nth(1)).toContainText(shown[0]!.texts[0]!)
  await expectNoAxeViolations(page, 'embed dialog with its preview', { embedded: true })

  const pasted = await pasteIntoBlankPage(page, 'element', snippet)
  const grid = pasted.host.locator('datastore-explorer').getByRole('grid', { name: 'Records' })
  await expect(grid.getByRole('row').nth(1)).toBeVisible()
  const rows = await readGridRows(grid, COMPARED, 12)
  expect(rows.length).toBeGreaterThanOrEqual(8)
  expect(rows).toEqual(shown.slice(0, rows.length))
  await expect(
    pasted.host
      .locator('datastore-explorer')
      .getByRole('paragraph')
      .filter({ hasText: /of 4,000 records$/ }),
  ).toBeVisible()
  expect(pasted.errors).toEqual([])
  await pasted.host.close()

  // the iframe form: the same records, in a frame of the explorer's own page
  await dialog.getByRole('radio', { name: /^As an iframe/ }).check()
  const frameSnippet = await copySnippet(page, dialog)
  expect(frameSnippet).toMatch(/^<iframe\n/)
  expect(frameSnippet).toContain(`src="${MAIN_ORIGIN}/embed.html?portal=`)
  const framed = await pasteIntoBlankPage(page, 'iframe', frameSnippet)
  const frameGrid = framed.host.frameLocator('iframe').getByRole('grid', { name: 'Records' })
  await expect(frameGrid.getByRole('row').nth(1)).toBeVisible()
  const frameRows = await readGridRows(frameGrid, COMPARED, 12)
  expect(frameRows.length).toBeGreaterThanOrEqual(8)
  expect(frameRows).toEqual(shown.slice(0, frameRows.length))
  expect(framed.errors).toEqual([])
  await framed.host.close()
})

test('a height that is not one says so and keeps the last good one; readers may be let open other tables', async ({
  explorer,
  page,
}) => {
  await explorer.openResource('penguins')
  const dialog = await openEmbedDialog(page)
  const height = dialog.getByRole('textbox', { name: 'Height in pixels' })
  const code = dialog.getByRole('code')
  await height.fill('640')
  await expect(code).toContainText('height="640"')
  await height.fill('64O')
  await expect(height).toHaveAttribute('aria-invalid', 'true')
  await expect(
    dialog.getByText('Type a whole number of pixels from 240 to 2,000. The code keeps 640 meanwhile.'),
  ).toBeVisible()
  await expect(code).toContainText('height="640"')
  await dialog.getByRole('checkbox', { name: 'Let readers open the portal’s other tables' }).check()
  await expect(code).toContainText(/\n {2}picker\n/)
  // the preview follows: it shows the table chooser
  await expect(dialog.locator('datastore-explorer').getByRole('combobox', { name: 'Table' })).toBeVisible()
  await expectNoAxeViolations(page, 'embed dialog, height refused', { embedded: true })
})

test.describe('a private table', () => {
  test.use({ allowedConsoleErrors: /status of 403 \(Forbidden\).*(datastore_search|resource_show)/i })

  test('no snippet holds the token: the element’s says how the page gives one, the iframe’s says it cannot; the preview is given it as a property', async ({
    explorer,
    page,
  }) => {
    await explorer.open({ resource_id: PRIVATE_RESOURCE_ID })
    await expect(explorer.errorPanel).toBeVisible()
    await explorer.enterToken(E2E_TOKEN)
    await explorer.expectLoaded()

    const dialog = await openEmbedDialog(page)
    const code = dialog.getByRole('code')
    await expect(code).toContainText("document.querySelector('datastore-explorer').token = yourToken")
    await expect(dialog.getByText(/This table is private\. The code never contains your token/)).toBeVisible()
    expect(await code.textContent()).not.toContain(E2E_TOKEN)
    // the preview reads the table with the token, as the page's own script would give it
    await expect(
      dialog.locator('datastore-explorer').getByRole('grid', { name: 'Records' }).getByRole('row').nth(1),
    ).toBeVisible()

    await dialog.getByRole('radio', { name: /^As an iframe/ }).check()
    await expect(dialog.getByText(/an iframe cannot be given a token/)).toBeVisible()
    expect(await code.textContent()).not.toContain(E2E_TOKEN)
    await expect(code).not.toContainText('token')
  })
})
