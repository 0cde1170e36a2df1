import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { generatedValue } from '../expected'

/** The CKAN action a request calls (`datastore_search`, `package_search`…), or undefined for other requests. */
export function ckanAction(url: string): string | undefined {
  return /\/api\/(?:3\/)?action\/([a-z_]+)/.exec(new URL(url).pathname)?.[1]
}

/** The parameters a datastore_search request carries, from its query string (GET) or JSON body (POST). */
export function searchParams(request: Request): Record<string, unknown> {
  if (request.method() === 'POST') {
    const body = request.postData()
    return body ? (JSON.parse(body) as Record<string, unknown>) : {}
  }
  return Object.fromEntries(new URL(request.url()).searchParams)
}

/**
 * The profiles' shared sample (src/queries/profile-requests.ts sampleRequest): the first matching
 * records of every column, `fields` named, unsorted, not distinct. The column overviews ask for it
 * once per view after the first rows, so it is counted apart from the requests a change makes.
 */
export function isProfileSample(request: Request): boolean {
  const params = searchParams(request)
  const truthy = (value: unknown) => value === true || value === 'true'
  return (
    params.fields !== undefined &&
    params.sort === undefined &&
    !truthy(params.distinct) &&
    Number(params.limit) > 0
  )
}

/**
 * The keyset pages' check of a table's ids (src/api/ckan/keyset.ts densityProbe): its largest `_id`
 * and its count. Deep pages ask it beside them, so it is counted apart from the page requests.
 */
export function isDensityCheck(request: Request): boolean {
  const params = searchParams(request)
  const fields = Array.isArray(params.fields) ? params.fields.join(',') : params.fields
  return Number(params.limit) === 1 && fields === '_id' && String(params.sort).startsWith('_id desc')
}

/**
 * The position of the first row a datastore_search request asks for: its `offset` (0 when it sends
 * none), or for a keyset page (`{"_id": {"gte": n}}`, ids 1…N in order) n − 1.
 */
export function searchOffset(request: Request): number {
  const params = searchParams(request)
  const filters = (typeof params.filters === 'string' ? JSON.parse(params.filters) : params.filters) as
    { _id?: { gte?: number } } | undefined
  const keysetFrom = filters?._id?.gte
  return typeof keysetFrom === 'number' ? keysetFrom - 1 : Number(params.offset ?? 0)
}

/** The explorer as a user sees it: role-based locators and intent-level actions. */
export class ExplorerPage {
  readonly search: Locator
  readonly plainSearch: Locator
  readonly limit: Locator
  readonly addFilter: Locator
  readonly token: Locator
  readonly rememberToken: Locator
  readonly useToken: Locator
  readonly forgetToken: Locator
  readonly portalAddress: Locator
  readonly usePortal: Locator
  /** The header's "Data from <host>" button, which opens the portal and token panel. */
  readonly dataFrom: Locator
  readonly table: Locator
  readonly openTable: Locator
  readonly grid: Locator
  readonly columnsButton: Locator
  /** The polite live region that announces the record count. */
  readonly liveCount: Locator
  /** The visible record count ("1–100 of 20,000 records"). */
  readonly count: Locator
  readonly filterDialog: Locator
  readonly filterColumn: Locator
  readonly applyFilter: Locator
  readonly activeFilters: Locator
  readonly errorPanel: Locator
  readonly retry: Locator
  readonly linkNotice: Locator

  /** Every datastore_search request the page made since the page object was created, but the profile sample. */
  readonly searchRequests: Request[] = []
  /** The keyset pages' checks of a table's ids (isDensityCheck), apart from searchRequests. */
  readonly densityChecks: Request[] = []
  /** The profile sample's requests (isProfileSample). */
  readonly sampleRequests: Request[] = []
  /** Every CKAN API request (any action). */
  readonly apiRequests: Request[] = []

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search' })
    this.plainSearch = page.getByRole('checkbox', { name: 'Match whole words' })
    this.limit = page.getByRole('combobox', { name: 'Limit' })
    this.addFilter = page.getByRole('button', { name: 'Add filter' })
    this.token = page.getByLabel('Access token')
    this.rememberToken = page.getByRole('checkbox', { name: 'Remember for this tab' })
    this.useToken = page.getByRole('button', { name: 'Use token' })
    this.forgetToken = page.getByRole('button', { name: 'Forget token' })
    this.portalAddress = page.getByRole('textbox', { name: 'Portal address' })
    this.usePortal = page.getByRole('button', { name: 'Use portal' })
    this.dataFrom = page.getByRole('banner').getByRole('button', { name: /^Data from/ })
    this.table = page.getByRole('combobox', { name: 'Table' })
    this.openTable = page.getByRole('button', { name: 'Open', exact: true })
    this.grid = page.getByRole('grid', { name: 'Records' })
    this.columnsButton = page.getByRole('button', { name: /^Columns/ })
    this.liveCount = page.getByRole('status').filter({ hasText: /record/ })
    this.count = page.getByRole('paragraph').filter({ hasText: /records?$|^No records match$/ })
    this.filterDialog = page.getByRole('dialog', { name: /Filter records|Change the filter/ })
    this.filterColumn = this.filterDialog.getByRole('combobox', { name: 'Column to filter' })
    this.applyFilter = this.filterDialog.getByRole('button', { name: 'Apply filter' })
    this.activeFilters = page.getByRole('list', { name: 'Active filters' })
    this.errorPanel = page.getByRole('alert').filter({ has: page.getByText('Technical details') })
    this.retry = page.getByRole('button', { name: 'Try again' })
    this.linkNotice = page.getByText('Some parts of the link were ignored:').locator('..')

    page.on('request', (request) => {
      const action = ckanAction(request.url())
      if (!action) return
      this.apiRequests.push(request)
      if (action !== 'datastore_search') return
      if (isProfileSample(request)) this.sampleRequests.push(request)
      else if (isDensityCheck(request)) this.densityChecks.push(request)
      else this.searchRequests.push(request)
    })
  }

  /** Opens the explorer with these URL parameters (CKAN names: resource_id, q, filters, limit, sort). */
  async open(params: Record<string, string> = {}, origin = ''): Promise<void> {
    const query = new URLSearchParams(params).toString()
    await this.page.goto(`${origin}/${query ? `?${query}` : ''}`)
  }

  /** Opens a table and waits until its first rows are shown. */
  async openResource(resourceId: string, params: Record<string, string> = {}, origin = ''): Promise<void> {
    await this.open({ resource_id: resourceId, ...params }, origin)
    await this.expectLoaded()
  }

  async expectLoaded(): Promise<void> {
    await expect(this.grid).toBeVisible()
    await expect(this.dataRows().first()).toBeVisible()
    await expect(this.grid.getByText('Loading', { exact: true })).toHaveCount(0)
  }

  /** Types into the "Table" box and opens it with the "Open" button. */
  async chooseTable(text: string): Promise<void> {
    await this.table.fill(text)
    await this.openTable.click()
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text)
  }

  /** Opens the portal and token panel, unless it is open already. */
  async openPortalPanel(): Promise<void> {
    if ((await this.dataFrom.getAttribute('aria-expanded')) !== 'true') await this.dataFrom.click()
    await expect(this.portalAddress).toBeVisible()
  }

  async usePortalAddress(address: string): Promise<void> {
    await this.openPortalPanel()
    await this.portalAddress.fill(address)
    await this.usePortal.click()
  }

  async enterToken(token: string, { remember = false } = {}): Promise<void> {
    await this.openPortalPanel()
    await this.token.fill(token)
    if (remember) await this.rememberToken.check()
    await this.useToken.click()
  }

  /** Opens the filter dialog and picks the column. */
  async startFilter(columnLabel: string): Promise<void> {
    await this.addFilter.click()
    await expect(this.filterDialog).toBeVisible()
    await this.filterColumn.selectOption({ label: columnLabel })
  }

  /** Ticks suggested values in the open filter dialog. */
  async pickSuggestions(values: string[]): Promise<void> {
    const suggestions = this.filterDialog.getByRole('group', { name: 'Values in this column' })
    for (const value of values) {
      await suggestions.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(value)}\\b`) }).check()
    }
  }

  /** Types values into the open filter dialog's value box. */
  async typeValues(values: string[]): Promise<void> {
    const input = this.filterDialog.getByLabel(/^Value( to add)?$/)
    for (const value of values) {
      await input.fill(value)
      await this.filterDialog.getByRole('button', { name: 'Add value' }).click()
    }
  }

  /** Adds a filter on a column: suggested values ticked, or typed when not suggested. */
  async filterBy(
    columnLabel: string,
    values: string[],
    how: 'suggested' | 'typed' = 'suggested',
  ): Promise<void> {
    await this.startFilter(columnLabel)
    if (how === 'suggested') await this.pickSuggestions(values)
    else await this.typeValues(values)
    await this.applyFilter.click()
    await expect(this.filterDialog).toBeHidden()
  }

  columnHeader(fieldId: string): Locator {
    return this.grid.getByRole('columnheader').filter({
      has: this.page.getByRole('separator', { name: `Resize column ${fieldId}`, exact: true }),
    })
  }

  /** The sort button inside a column header (its other button is the column menu's). */
  sortButton(fieldId: string): Locator {
    return this.columnHeader(fieldId).getByRole('button', { name: /^(?!Column menu: )/ })
  }

  /** The button that opens a column's header menu. */
  columnMenuButton(fieldId: string): Locator {
    return this.columnHeader(fieldId).getByRole('button', { name: `Column menu: ${fieldId}`, exact: true })
  }

  /** Data rows currently in the DOM: the rows that hold grid cells (the header row holds column headers). */
  dataRows(): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.getByRole('gridcell') })
  }

  async expectRowCount(count: number): Promise<void> {
    await expect(this.grid).toHaveAttribute('aria-rowcount', String(count + 1))
  }

  /**
   * The texts of one column in the rows now in the DOM (top to bottom), as the user reads them:
   * null cells read "No value (null)", empty strings "Empty text".
   */
  async columnTexts(fieldId: string, rows = 100): Promise<string[]> {
    return (await this.readRows([fieldId], rows)).map((row) => row.texts[0]!)
  }

  /**
   * The rows now in the DOM (top to bottom): each one's row number and the texts of these columns,
   * read at one moment (the grid adds rows and columns once the first ones are painted). Waits, frame
   * by frame, until every row has the cells asked for.
   */
  async readRows(fieldIds: string[], rows = 100): Promise<{ number: number; texts: string[] }[]> {
    return readGridRows(this.grid, fieldIds, rows)
  }

  /**
   * The rows in the DOM are the right rows of the generated resource, read in one moment: consecutive
   * row numbers, each row's _id equal to its number, and the generated name of that row. Needs the
   * `_id` column shown (`hidden=`). Returns the row numbers.
   */
  async expectGeneratedRows(): Promise<number[]> {
    const rows = await this.readRows(['_id', 'name'])
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(100)
    rows.forEach((row, i) => {
      if (i > 0) expect(row.number).toBe(rows[i - 1]!.number + 1)
      expect(Number(row.texts[0]!.replace(/,/g, ''))).toBe(row.number)
      expect(row.texts[1]).toBe(generatedValue(row.number - 1, 'name'))
    })
    return rows.map((row) => row.number)
  }

  /** The row numbers (first column) of the rows now in the DOM, top to bottom. */
  async rowNumbers(): Promise<number[]> {
    const texts = await this.dataRows().getByRole('rowheader').allInnerTexts()
    return texts.map((text) => Number(text.replace(/[^\d]/g, '')))
  }

  /** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
  async tabTo(target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
    for (let presses = 0; presses < max; presses++) {
      if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
      await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    }
    throw new Error(`${String(target)} was not reached with ${max} presses of Tab`)
  }

  /** The element that has the keyboard focus now, if it is inside the grid. */
  focusedInGrid(): Locator {
    return this.grid.locator(':focus')
  }

  /** datastore_search requests made after `since` (an index into searchRequests). */
  searchesSince(since: number): Request[] {
    return this.searchRequests.slice(since)
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The rows of a records grid now in the DOM (top to bottom), wherever it is (a page, an embed's shadow
 * root, a frame): see ExplorerPage.readRows.
 */
export async function readGridRows(
  grid: Locator,
  fieldIds: string[],
  rows = 100,
): Promise<{ number: number; texts: string[] }[]> {
  return grid.evaluate(
    async (grid, { ids, rows }) => {
      const headers = [...grid.querySelectorAll('[role="columnheader"]')]
      const indexOf = (id: string) =>
        headers.findIndex(
          (header) =>
            header.querySelector('[role="separator"]')?.getAttribute('aria-label') === `Resize column ${id}`,
        )
      const read = () => {
        const indexes = ids.map(indexOf)
        const dataRows = [...grid.querySelectorAll('[role="row"]')]
          .filter((row) => row.querySelector('[role="gridcell"]'))
          .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
          .slice(0, rows)
        const rowsNow = dataRows.map((row) => {
          const cells = row.querySelectorAll('[role="rowheader"], [role="gridcell"]')
          const texts = indexes.map((index) => {
            const cell = cells[index] as HTMLElement | undefined
            if (index < 0 || !cell) return null
            const hidden = cell.querySelector('[aria-hidden="true"]:not(button *)')
            return [...cell.childNodes]
              .filter((node) => node !== hidden && !(node instanceof HTMLButtonElement))
              .map((node) => node.textContent ?? '')
              .join('')
              .trim()
          })
          const number = Number((cells[0]?.textContent ?? '').replace(/[^\d]/g, ''))
          return { number, texts }
        })
        return rowsNow.every((row) => row.texts.every((text) => text !== null))
          ? (rowsNow as { number: number; texts: string[] }[])
          : null
      }
      for (let frame = 0; frame < 300; frame++) {
        const rowsRead = read()
        if (rowsRead) return rowsRead
        await new Promise(requestAnimationFrame)
      }
      throw new Error(
        `no column ${ids.filter((id) => indexOf(id) < 0).join(', ') || ids.join(', ')} in every row`,
      )
    },
    { ids: fieldIds, rows },
  )
}
