// Export (issue 19): the file holds exactly the view (its search, filters and sort, every matching
// record up to its limit, only the shown columns in their order), as CSV, JSON and XLSX; a cancel
// leaves no file; a portal without the dump endpoint still exports, by paging.
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import type { Download, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { ckanAction, searchParams } from './pages/explorer-page'
import { E2E_ROWS_MAX, FIXTURE_ORIGIN, MAIN_PORTAL } from './ports'
import { GENERATED_RESOURCE_ID } from '../server/data/generated'

type CkanRecord = Record<string, unknown>

// The view: two countries, newest first, `_id` and `notes` hidden (notes is the one hidden data column).
const FILTERS = { country: ['Germany', 'France'] }
const VIEW = {
  filters: JSON.stringify(FILTERS),
  sort: 'year desc',
  hidden: '_id,notes',
  limit: 'all',
}

/** The shown columns and every matching record, from datastore_search itself (not through the app). */
async function expectedView(
  page: Page,
  limit = 32_000,
): Promise<{ ids: string[]; types: string[]; records: CkanRecord[] }> {
  const meta = await page.request.get(
    `${MAIN_PORTAL}/api/3/action/datastore_search?resource_id=${GENERATED_RESOURCE_ID}&limit=0`,
  )
  const fields = ((await meta.json()) as { result: { fields: { id: string; type: string }[] } }).result.fields
  const shown = fields.filter((field) => field.id !== '_id' && field.id !== 'notes')
  const ids = shown.map((field) => field.id)
  const types = shown.map((field) => field.type)
  const answer = await page.request.post(`${MAIN_PORTAL}/api/3/action/datastore_search`, {
    data: {
      resource_id: GENERATED_RESOURCE_ID,
      filters: FILTERS,
      // the explorer's sort: `_id` breaks ties, in the direction of the last key
      sort: ['year desc nulls last', '_id desc'],
      fields: ids,
      limit,
    },
  })
  const result = ((await answer.json()) as { result: { records: CkanRecord[]; total: number } }).result
  expect(result.records.length).toBe(Math.min(limit, result.total))
  expect(result.total).toBeGreaterThan(1000)
  return { ids, types, records: result.records }
}

/**
 * A CSV cell read back as the value datastore_search gives (PostgreSQL's CSV: `t`/`f`, numbers as
 * PostgreSQL writes them, `-5.80` for a numeric, JSON for arrays and objects). Text stays text: an
 * empty text and a missing one both read as "".
 */
function readCsvCell(cell: string, type: string): unknown {
  if (/^(int|float|numeric)/.test(type)) return cell === '' ? null : Number(cell)
  if (type === 'bool') return cell === '' ? null : cell === 't'
  if (type === 'json' || type.startsWith('_')) return cell === '' ? null : (JSON.parse(cell) as unknown)
  if (type === 'date' || type === 'timestamp') return cell === '' ? null : cell
  return cell
}

/** The same for the expected record: text columns say "" for a missing text. */
function expectedCell(value: unknown, type: string): unknown {
  return /^(text|varchar)/.test(type) ? (value ?? '') : value
}

async function downloadedText(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8')
}

/** Export → Download…: the dialog of the file's format. */
async function openDownload(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menu', { name: 'Export' }).getByRole('menuitem', { name: 'Download…' }).click()
}

/** Opens the Download dialog, picks a format and starts; returns the download. */
async function exportAs(page: Page, format: RegExp, options: { bom?: boolean } = {}): Promise<Download> {
  await openDownload(page)
  const dialog = page.getByRole('dialog', { name: 'Download the records' })
  await dialog.getByRole('radio', { name: format }).check()
  if (options.bom) await dialog.getByRole('checkbox', { name: /For Excel/ }).check()
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  const download = await downloading
  await expect(dialog.getByRole('status')).toHaveText(/^Saved [\d,]+ records? in /)
  return download
}

test.beforeEach(async ({ page }) => {
  // A browser without the File System Access API: the file comes as a normal download, which
  // Playwright can read (Chromium's save picker is a native window that a test cannot answer).
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker
  })
})

test('a filtered, sorted view with a hidden column exports as CSV and as JSON, exactly as datastore_search gives it', async ({
  explorer,
  page,
}) => {
  const dumps: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/datastore/dump/')) dumps.push(request.url())
  })
  await explorer.openResource(GENERATED_RESOURCE_ID, VIEW)
  const { ids, types, records } = await expectedView(page)

  const csvDownload = await exportAs(page, /^CSV/, { bom: true })
  expect(csvDownload.suggestedFilename()).toMatch(/^generated-cities-filtered-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await downloadedText(csvDownload)
  expect(csv.startsWith('\uFEFF')).toBe(true)
  const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  expect(parsed.data[0]).toEqual(ids)
  expect(
    parsed.data.slice(1).map((row) => row.map((cell, index) => readCsvCell(cell, types[index]!))),
  ).toEqual(records.map((record) => ids.map((id, index) => expectedCell(record[id], types[index]!))))
  // one streamed request, carrying the view
  expect(dumps).toHaveLength(1)
  const dump = new URL(dumps[0]!)
  expect(dump.pathname).toBe(`/en/datastore/dump/${GENERATED_RESOURCE_ID}`)
  expect(JSON.parse(dump.searchParams.get('filters')!)).toEqual(FILTERS)
  expect(dump.searchParams.get('fields')).toBe(ids.join(','))

  await page.getByRole('button', { name: 'Close' }).click()
  const jsonDownload = await exportAs(page, /^JSON/)
  expect(jsonDownload.suggestedFilename()).toMatch(/^generated-cities-filtered-.*\.json$/)
  const json = JSON.parse(await downloadedText(jsonDownload)) as CkanRecord[]
  expect(Object.keys(json[0]!)).toEqual(ids)
  expect(json).toEqual(records)
})

test('the .xlsx opens with the same cells, typed, and the data dictionary on a second sheet', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID, { ...VIEW, limit: '500' })
  const { ids, records } = await expectedView(page, 500)
  // with every type it holds: no date before 1900 as a date cell, numbers as numbers
  const download = await exportAs(page, /^Excel/)
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  const bytes = await readFile((await download.path())!)
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  const [sheet, dictionary] = workbook.worksheets
  expect(sheet!.rowCount).toBe(1 + records.length)
  expect(sheet!.getRow(1).values).toEqual([undefined, ...ids])
  // every cell at once (one assertion: thousands of them would take longer than the export)
  const cells = records.map((_, index) =>
    ids.map((__, column) => sheet!.getRow(index + 2).getCell(column + 1).value),
  )
  const expected = records.map((record) =>
    ids.map((id) => {
      const value = record[id]
      if (value === null) return null
      // dates are date cells on the wall clock they name; before 1900, ISO text
      if (id === 'founded')
        return Number(String(value).slice(0, 4)) < 1900 ? value : new Date(`${String(value)}T00:00:00Z`)
      if (id === 'updated at') return new Date(`${String(value)}Z`)
      if (typeof value === 'object') return JSON.stringify(value)
      return value
    }),
  )
  expect(cells).toEqual(expected)
  expect(cells.flat().some((cell) => cell instanceof Date)).toBe(true)
  expect(cells.flat().some((cell) => typeof cell === 'string' && /^1\d{3}-\d{2}-\d{2}$/.test(cell))).toBe(
    true,
  )
  expect(dictionary!.getRow(1).values).toEqual([undefined, 'Column', 'Label', 'Notes'])
  expect(dictionary!.getRow(2).values).toEqual([
    undefined,
    'name',
    'Name',
    'Place name; some in Arabic or Hebrew script.',
  ])
})

test('a cancelled export leaves no file; the dialog and its progress have no axe violations, and the progress starts from the total the view knows', async ({
  explorer,
  page,
}) => {
  const downloads: Download[] = []
  page.on('download', (download) => downloads.push(download))
  // the dump is held until the test lets it go: the export stays in progress
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/datastore/dump/**', async (route) => {
    await held
    await route.abort().catch(() => undefined)
  })
  await explorer.openResource(GENERATED_RESOURCE_ID, VIEW)

  await openDownload(page)
  const dialog = page.getByRole('dialog', { name: 'Download the records' })
  await expect(dialog.getByRole('radio', { name: /^CSV/ })).toBeFocused()
  await expect(dialog).toContainText(/The file holds the [\d,]+ matching records, with the 14 shown columns/)
  await expectNoAxeViolations(page, 'export dialog')

  // the main button looks like one: the accent colour, not the grey of a disabled button
  const start = dialog.getByRole('button', { name: 'Download', exact: true })
  const colours = await start.evaluate((button) => {
    const root = button.closest('.dse-root')!
    const probe = document.createElement('span')
    probe.style.color = getComputedStyle(root).getPropertyValue('--dse-accent')
    root.append(probe)
    const accent = getComputedStyle(probe).color
    probe.remove()
    return { background: getComputedStyle(button).backgroundColor, accent }
  })
  expect(colours.background).toBe(colours.accent)

  // the count line knows the exact total: no count request, and "0 of N" at once
  const counts: string[] = []
  page.on('request', (request) => {
    if (ckanAction(request.url()) === 'datastore_search' && Number(searchParams(request).limit) === 0)
      counts.push(request.url())
  })
  const shown = /([\d,]+) records$/.exec((await explorer.count.textContent()) ?? '')![1]!
  await start.click()
  await expect(dialog.getByRole('progressbar')).toBeVisible()
  await expect(dialog.getByText(`0 of ${shown} records`, { exact: true })).toBeVisible()
  await expect(dialog.getByText('Counting the records…')).toHaveCount(0)
  expect(counts).toEqual([])
  await expectNoAxeViolations(page, 'export progress')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Download cancelled: no file was saved.')
  release()
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
  expect(downloads).toEqual([])
})

test.describe('a portal without the dump endpoint', () => {
  test.use({ allowedConsoleErrors: /status of 404 \(Not Found\).*datastore\/dump/ })

  test('still exports every record, by datastore_search pages within its cap', async ({ explorer, page }) => {
    await page.route('**/datastore/dump/**', (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: '<html><body>Not found</body></html>' }),
    )
    // the fixture portal allows 50 rows a request; paged-numbers has 120
    await explorer.openResource('paged-numbers', { sort: 'n desc', limit: 'all' }, FIXTURE_ORIGIN)
    const since = explorer.searchRequests.length
    const download = await exportAs(page, /^CSV/)
    expect(download.suggestedFilename()).toMatch(/^paged-numbers-\d{4}-\d{2}-\d{2}\.csv$/)
    const expected = [
      'n,label',
      ...Array.from({ length: 120 }, (_, index) => `${120 - index},item ${120 - index}`),
    ]
    expect((await downloadedText(download)).split(/\r?\n/).filter(Boolean)).toEqual(expected)
    const pages = explorer.searchRequests
      .slice(since)
      .map(searchParams)
      .filter((params) => Number(params.limit) > 0)
    expect(pages.map((params) => Number(params.offset ?? 0))).toEqual([0, 50, 100])
    expect(pages.every((params) => Number(params.limit) <= Math.max(E2E_ROWS_MAX, 120))).toBe(true)
  })
})

test.describe('with the File System Access API', () => {
  // Chromium's save picker is a native window a test cannot answer: this one hands out a real file
  // of the origin private file system, written and aborted exactly as a picked file is.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.assign(window, {
        showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) =>
          (await navigator.storage.getDirectory()).getFileHandle(suggestedName, { create: true }),
      })
    })
  })

  /** The text of every file in the origin private file system, by name. */
  async function savedFiles(page: Page): Promise<Record<string, string>> {
    return page.evaluate(async () => {
      const directory = await navigator.storage.getDirectory()
      const files: Record<string, string> = {}
      for await (const [name, handle] of (
        directory as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
      ).entries()) {
        files[name] = await (await handle.getFile()).text()
      }
      return files
    })
  }

  test('the file is written in place; a cancel removes a new file and leaves an old one as it was', async ({
    explorer,
    page,
  }) => {
    const downloads: Download[] = []
    page.on('download', (download) => downloads.push(download))
    await explorer.openResource('paged-numbers', { sort: 'n desc', limit: '30' }, FIXTURE_ORIGIN)
    await openDownload(page)
    const dialog = page.getByRole('dialog', { name: 'Download the records' })
    await dialog.getByRole('button', { name: 'Download', exact: true }).click()
    await expect(dialog.getByRole('status')).toHaveText(/^Saved 30 records in paged-numbers-.*\.csv\.$/)
    const saved = Object.values(await savedFiles(page))
    expect(saved).toHaveLength(1)
    const expected = [
      'n,label',
      ...Array.from({ length: 30 }, (_, index) => `${120 - index},item ${120 - index}`),
    ]
    expect(saved[0]!.split('\n').filter(Boolean)).toEqual(expected)

    // a second export, held and cancelled: the picked file stays as it was (here, the first one's)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/datastore/dump/**', async (route) => {
      await held
      await route.abort().catch(() => undefined)
    })
    await dialog.getByRole('button', { name: 'Download', exact: true }).click()
    await dialog.getByRole('radio', { name: /^JSON/ }).check()
    await dialog.getByRole('button', { name: 'Download', exact: true }).click()
    await expect(dialog.getByRole('progressbar')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Download cancelled: no file was saved.')
    release()
    // the picker made the JSON file (empty, as a native picker does): the cancel removed it, and the
    // CSV file of the first export is untouched
    const csvFileLines = async () => {
      const files = await savedFiles(page)
      expect(Object.keys(files)).toEqual([expect.stringMatching(/\.csv$/)])
      return Object.values(files)[0]!.split('\n').filter(Boolean)
    }
    await expect.poll(csvFileLines).toEqual(expected)

    // cancelling over the file that has content (the same name again) leaves that content as it was
    let releaseAgain: () => void = () => undefined
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve))
    await page.unroute('**/datastore/dump/**')
    await page.route('**/datastore/dump/**', async (route) => {
      await heldAgain
      await route.abort().catch(() => undefined)
    })
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await dialog.getByRole('radio', { name: /^CSV/ }).check()
    await dialog.getByRole('button', { name: 'Download', exact: true }).click()
    await expect(dialog.getByRole('progressbar')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog.getByRole('status')).toHaveText('Download cancelled: no file was saved.')
    releaseAgain()
    expect(await csvFileLines()).toEqual(expected)
    expect(downloads).toEqual([])
  })
})
