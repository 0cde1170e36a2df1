// Search (acceptance 3): the labelled search box, debounced requests, word-start search, non-Latin
// and hostile input, CKAN's whole-word mode, and the live count (acceptance 7).
import { expect, expectNoAxeViolations, test } from './fixtures'
import { searchParams } from './pages/explorer-page'
import { E2E_ROWS, E2E_SEED } from './ports'
import { generateRow, GENERATED_FIELDS, GENERATED_RESOURCE_ID } from '../server/data/generated'

const NAME = GENERATED_FIELDS.findIndex((field) => field.id === 'name')

/** How many generated rows have this place as their name (the search then matches exactly those). */
function rowsNamed(place: string): number {
  let count = 0
  for (let i = 0; i < E2E_ROWS; i++)
    if (String(generateRow(E2E_SEED, i)[NAME]).startsWith(`${place} `)) count++
  return count
}

test('typing a word quickly asks at most twice, and a word start finds the whole word', async ({
  explorer,
  page,
}) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await expect(explorer.search).toBeVisible()
  const since = explorer.searchRequests.length
  // "Düsseldorf" is 10 characters; typed at 20 ms a key, well inside any debounce
  await explorer.search.pressSequentially('Düsseldorf', { delay: 20 })
  await expect(page).toHaveURL(/q=D%C3%BCsseldorf/)
  const expected = rowsNamed('Düsseldorf')
  await expect(explorer.count).toHaveText(`1–100 of ${expected.toLocaleString('en')} records`)
  await expect(explorer.liveCount).toHaveText(`1–100 of ${expected.toLocaleString('en')} records`)
  expect(explorer.searchesSince(since).length).toBeLessThanOrEqual(2)
  expect(explorer.searchesSince(since).length).toBeGreaterThanOrEqual(1)
  const names = await explorer.columnTexts('name', 20)
  expect(names.length).toBeGreaterThan(0)
  for (const name of names) expect(name).toMatch(/^Düsseldorf \d+$/)
  await expectNoAxeViolations(page, 'search results')

  // the start of a word finds the whole word
  await explorer.searchFor('momb')
  await expect(explorer.count).toHaveText(`1–100 of ${rowsNamed('Mombasa').toLocaleString('en')} records`)
  for (const name of await explorer.columnTexts('name', 20)) expect(name).toMatch(/^Mombasa \d+$/)
})

test('accented and non-Latin words find their records', async ({ explorer }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  for (const [typed, place] of [
    ['orléa', 'Orléans'],
    ['東京', '東京'],
    ['ירושלים', 'ירושלים'],
  ] as const) {
    await explorer.searchFor(typed)
    await expect(explorer.count).toHaveText(`1–100 of ${rowsNamed(place).toLocaleString('en')} records`)
    const names = await explorer.columnTexts('name', 10)
    for (const name of names) expect(name.startsWith(`${place} `)).toBe(true)
  }
})

test('hostile search text never produces an error', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  for (const text of [`'"&|!:*()`, `&`, `!!`, `a:*`, `(Köln | Nîmes)`, `"unclosed`, `\\`]) {
    await explorer.searchFor(text)
    await expect(page).toHaveURL(/q=/)
    await expect(explorer.count).toHaveText(/records?$|No records match/)
    await expect(page.getByRole('alert')).toHaveCount(0)
  }
})

test('whole-word (plain CKAN) search is available and lives in the URL', async ({ explorer, page }) => {
  await explorer.openResource(GENERATED_RESOURCE_ID)
  await explorer.plainSearch.check()
  await expect(page).toHaveURL(/search=plain/)
  await explorer.searchFor('Momb')
  await expect(explorer.count).toHaveText('No records match')
  const last = explorer.searchRequests.at(-1)!
  expect(searchParams(last).plain).not.toBe('false')
  await explorer.searchFor('Mombasa')
  await expect(explorer.count).toHaveText(`1–100 of ${rowsNamed('Mombasa').toLocaleString('en')} records`)
  await page.reload()
  await expect(explorer.plainSearch).toBeChecked()
  await expect(explorer.search).toHaveValue('Mombasa')
  await expect(explorer.count).toHaveText(`1–100 of ${rowsNamed('Mombasa').toLocaleString('en')} records`)
})
