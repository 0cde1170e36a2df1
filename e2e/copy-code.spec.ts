// "Copy as code" (issue 19): the curl and JavaScript snippets of a filtered, sorted view with a
// hidden column are read from the dialog and run here (curl in sh, the JavaScript in Node), and
// their records are the ones the table shows; with a token in use, no snippet holds the token.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test'
import Papa from 'papaparse'
import { GENERATED_FIELDS } from '../server/data/generated'
import { PRIVATE_RESOURCE_ID } from '../server/data/demo-datasets'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { searchParams, type ExplorerPage } from './pages/explorer-page'
import { E2E_TOKEN, MAIN_PORTAL } from './ports'

const run = promisify(execFile)

type CkanRecord = Record<string, unknown>

/** Runs a shell snippet as a user would paste it, with only PATH and these variables set. */
async function runShell(snippet: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('sh', ['-c', snippet], {
    env: { PATH: process.env.PATH, ...env },
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}

/** Runs a JavaScript snippet as Node runs a saved file (view.mjs), and reads the records it prints. */
async function runNode(snippet: string, env: Record<string, string> = {}): Promise<CkanRecord[]> {
  const dir = await mkdtemp(join(tmpdir(), 'dse-copy-code-'))
  try {
    const file = join(dir, 'view.mjs')
    await writeFile(file, snippet)
    const { stdout } = await run(process.execPath, [file], {
      env: { PATH: process.env.PATH, ...env },
      maxBuffer: 64 * 1024 * 1024,
    })
    return JSON.parse(stdout) as CkanRecord[]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Copy as code…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Copy as code' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The code of one form, read from its tab's panel as the page shows it. */
async function snippet(dialog: Locator, form: string): Promise<string> {
  await dialog.getByRole('tab', { name: form, exact: true }).click()
  const panel = dialog.getByRole('tabpanel', { name: form, exact: true })
  await expect(panel).toBeVisible()
  return (await panel.getByRole('code').textContent()) ?? ''
}

/** The explorer's own first-page request for the view, replayed: the records the table shows. */
async function shownRecords(
  request: APIRequestContext,
  explorer: ExplorerPage,
  headers: Record<string, string> = {},
): Promise<CkanRecord[]> {
  const sent: Request | undefined = explorer.searchRequests.at(-1)
  expect(sent, 'the explorer asked for the view').toBeDefined()
  const response = await request.post(`${MAIN_PORTAL}/api/3/action/datastore_search`, {
    data: searchParams(sent!),
    headers,
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { result: { records: CkanRecord[] } }).result.records
}

/** The records with only these columns, in this order. */
const project = (records: CkanRecord[], columns: string[]) =>
  records.map((record) => Object.fromEntries(columns.map((column) => [column, record[column]])))

const countries = ['Germany', 'Japan']
// the generated table's columns as the table shows them: `_id` first, `population` hidden
const VISIBLE = ['_id', ...GENERATED_FIELDS.map((field) => field.id).filter((id) => id !== 'population')]

test('the curl and JavaScript snippets of a filtered, sorted view return the records the table shows', async ({
  explorer,
  page,
  request,
}) => {
  await explorer.openResource('generated-cities', {
    filters: JSON.stringify({ country: countries }),
    sort: 'year desc',
    hidden: 'population',
  })
  const shown = await shownRecords(request, explorer)
  expect(shown).toHaveLength(100)
  const tableRows = await explorer.readRows(['_id', 'name', 'year'], 20)

  const dialog = await openDialog(page)
  const curl = await snippet(dialog, 'curl')
  const javascript = await snippet(dialog, 'JavaScript')

  const fromCurl = (JSON.parse(await runShell(curl)) as { result: { records: CkanRecord[] } }).result.records
  const fromNode = await runNode(javascript)
  for (const records of [fromCurl, fromNode]) {
    // the view's limit, only the visible columns in the table's order, and the same records
    expect(records).toHaveLength(100)
    expect(Object.keys(records[0]!)).toEqual(VISIBLE)
    expect(records).toEqual(project(shown, VISIBLE))
    // the rows on screen, top to bottom
    expect(
      records.slice(0, tableRows.length).map((record) => [record._id, record.name, String(record.year)]),
    ).toEqual(tableRows.map((row) => [Number(row.texts[0]!.replace(/\D/g, '')), row.texts[1], row.texts[2]]))
    expect(records.every((record) => countries.includes(record.country as string))).toBe(true)
  }
})

test('with All, curl downloads the same records as CSV through the dump', async ({
  explorer,
  page,
  request,
}) => {
  await explorer.openResource('generated-cities', {
    filters: JSON.stringify({ country: countries, year: [2001] }),
    sort: 'name',
    hidden: '_id,population',
    limit: 'all',
  })
  const dialog = await openDialog(page)
  const curl = await snippet(dialog, 'curl')
  expect(curl).toContain('/datastore/dump/generated-cities?format=csv')
  await expect(dialog.getByText('Downloads the records as CSV')).toBeVisible()
  const csv = await runShell(curl)

  const all = await request.post(`${MAIN_PORTAL}/api/3/action/datastore_search`, {
    data: {
      resource_id: 'generated-cities',
      filters: { country: countries, year: [2001] },
      sort: 'name, _id',
      fields: ['name', 'country'],
      limit: 32000,
    },
  })
  const expected = ((await all.json()) as { result: { records: CkanRecord[] } }).result.records
  expect(expected.length).toBeGreaterThan(0)
  // the dump writes its header line as CKAN does (csv.writer, CRLF) and its rows as PostgreSQL's COPY (LF)
  const parsed = Papa.parse<string[]>(csv.trimEnd(), { newline: '\n' })
  parsed.data = parsed.data.map((row) => row.map((cell) => cell.replace(/\r$/, '')))
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  expect(header).toEqual(VISIBLE.filter((id) => id !== '_id'))
  expect(rows.map((row) => row.slice(0, 2))).toEqual(expected.map((record) => [record.name, record.country]))

  const fromNode = await runNode(await snippet(dialog, 'JavaScript'))
  expect(fromNode.map((record) => [record.name, record.country])).toEqual(
    expected.map((record) => [record.name, record.country]),
  )
})

test('Copy puts the snippet on the clipboard and says "Copied"; the dialog works from the keyboard, with no axe violation', async ({
  explorer,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await explorer.openResource('generated-cities', { sort: 'year desc' })
  const dialog = await openDialog(page)
  const tabs = dialog.getByRole('tablist', { name: 'Form' })
  // the page link first: what a reader who is not a programmer wants to share
  await expect(tabs.getByRole('tab', { name: 'Page link' })).toBeFocused()
  await expect(tabs.getByRole('tab', { name: 'Page link' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('End')
  await expect(tabs.getByRole('tab', { name: 'R', exact: true })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(tabs.getByRole('tab', { name: 'Python' })).toBeFocused()
  await expect(tabs.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true')
  const python =
    (await dialog.getByRole('tabpanel', { name: 'Python' }).getByRole('code').textContent()) ?? ''
  expect(python).toContain('requests.post(url, json=body')

  await dialog.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(python)

  // back from Copy, past the code, to the chosen tab
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(tabs.getByRole('tab', { name: 'Python' })).toBeFocused()
  await page.keyboard.press('Home')
  await expect(tabs.getByRole('tab', { name: 'Page link' })).toBeFocused()
  const link =
    (await dialog.getByRole('tabpanel', { name: 'Page link' }).getByRole('code').textContent()) ?? ''
  expect(link).toBe(page.url())
  await expectNoAxeViolations(page, 'copy as code dialog')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Export' })).toBeFocused()
})

test('a clipboard the browser refuses is said in plain words, and the code stays there to select', async ({
  explorer,
  page,
}) => {
  // what a denied permission looks like to the page
  await page.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    })
  })
  await explorer.openResource('generated-cities')
  const dialog = await openDialog(page)
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    'The browser did not let this page copy. Select the text and copy it yourself.',
  )
  await expect(dialog.getByRole('tabpanel', { name: 'Page link' }).getByRole('code')).toHaveText(page.url())
})

test.describe('a private table', () => {
  test.use({ allowedConsoleErrors: /status of 403 \(Forbidden\).*(datastore_search|resource_show)/i })

  test('its snippets read the token from CKAN_API_TOKEN, never contain it, and return the shown records', async ({
    explorer,
    page,
    request,
  }) => {
    await explorer.open({ resource_id: PRIVATE_RESOURCE_ID, sort: 'amount desc' })
    await expect(explorer.errorPanel).toBeVisible()
    await explorer.enterToken(E2E_TOKEN)
    await explorer.expectLoaded()
    const shown = await shownRecords(request, explorer, { Authorization: E2E_TOKEN })
    expect(shown.length).toBeGreaterThan(0)

    const dialog = await openDialog(page)
    await expect(dialog.getByText('It never holds your token.')).toBeVisible()
    await dialog.getByRole('tab', { name: 'curl' }).click()
    await expect(dialog.getByText('never contains it')).toBeVisible()
    const forms = await dialog.getByRole('tab').allTextContents()
    expect(forms).toEqual(['Page link', 'API address', 'curl', 'Python', 'JavaScript', 'R'])
    const snippets = new Map<string, string>()
    for (const form of forms) snippets.set(form, await snippet(dialog, form))
    for (const [form, text] of snippets) {
      expect(text.length, form).toBeGreaterThan(0)
      expect(text, form).not.toContain(E2E_TOKEN)
    }
    await expectNoAxeViolations(page, 'copy as code, token in use')

    const env = { CKAN_API_TOKEN: E2E_TOKEN }
    const columns = Object.keys(shown[0]!).filter((id) => id !== '_id')
    const fromCurl = (
      JSON.parse(await runShell(snippets.get('curl')!, env)) as { result: { records: CkanRecord[] } }
    ).result.records
    const fromNode = await runNode(snippets.get('JavaScript')!, env)
    for (const records of [fromCurl, fromNode]) expect(records).toEqual(project(shown, columns))

    // without the variable the portal refuses curl, and the JavaScript says what to set
    const refused = JSON.parse(await runShell(snippets.get('curl')!)) as { success: boolean }
    expect(refused.success).toBe(false)
    await expect(runNode(snippets.get('JavaScript')!)).rejects.toThrow(/CKAN_API_TOKEN/)
  })
})
