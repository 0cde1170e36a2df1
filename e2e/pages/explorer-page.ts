import { expect, type Locator, type Page } from '@playwright/test'

/** The explorer as a user sees it: role-based locators and intent-level actions. */
export class ExplorerPage {
  readonly search: Locator
  readonly limit: Locator
  readonly addFilter: Locator
  readonly token: Locator
  readonly grid: Locator

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search' })
    this.limit = page.getByRole('combobox', { name: 'Limit' })
    this.addFilter = page.getByRole('button', { name: 'Add filter' })
    this.token = page.getByLabel('API token')
    this.grid = page.getByRole('grid')
  }

  /** Opens the explorer with these URL parameters (CKAN names: resource_id, q, filters, limit, sort). */
  async open(params: Record<string, string> = {}): Promise<void> {
    const query = new URLSearchParams(params).toString()
    await this.page.goto(query ? `/?${query}` : '/')
  }

  columnHeader(fieldId: string): Locator {
    return this.grid.getByRole('columnheader', { name: fieldId })
  }

  /** Data rows currently in the DOM: the rows that hold grid cells (the header row holds column headers). */
  dataRows(): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.getByRole('gridcell') })
  }

  async expectRowCount(count: number): Promise<void> {
    await expect(this.grid).toHaveAttribute('aria-rowcount', String(count + 1))
  }
}
