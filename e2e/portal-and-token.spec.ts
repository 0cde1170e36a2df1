// Portal and token (acceptance 1): the portal's host is shown and can be changed (validated); the
// "API token" goes only in the Authorization header to the portal's origin, never in the URL or
// localStorage, stays for the tab only when asked, and is dropped when the portal changes.
import type { Page, Request } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { E2E_FIXTURE_PORT, E2E_PORT, FIXTURE_ORIGIN, FIXTURE_PORTAL, MAIN_ORIGIN, E2E_TOKEN } from './ports'
import { PRIVATE_RESOURCE_ID } from '../server/data/demo-datasets'

const storage = (page: Page) =>
  page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }))

/** Every request (API, scripts, styles) the page sends from now on, with its Authorization header. */
function recordAuthorization(page: Page): Array<{ url: string; authorization: string | null }> {
  const seen: Array<{ url: string; authorization: string | null }> = []
  const record = async (request: Request) =>
    seen.push({ url: request.url(), authorization: await request.headerValue('authorization') })
  page.on('request', (request) => void record(request))
  return seen
}

test.describe('a private table', () => {
  test.use({ allowedConsoleErrors: /status of 403 \(Forbidden\).*(datastore_search|resource_show)/i })

  test('says it needs a token, opens with the token, and the token is kept only where asked', async ({
    explorer,
    page,
  }) => {
    const sent = recordAuthorization(page)
    await explorer.open({ resource_id: PRIVATE_RESOURCE_ID })
    await expect(explorer.dataFrom).toContainText(`127.0.0.1:${E2E_PORT}`)
    await expect(explorer.errorPanel).toContainText('You are not allowed to read this table')
    await expect(explorer.token).toHaveAttribute('type', 'password')
    await expectNoAxeViolations(page, 'not authorised')
    await page.getByRole('button', { name: 'Enter an access token' }).click()
    await expect(explorer.token).toBeFocused()

    const since = explorer.searchRequests.length
    await explorer.enterToken(E2E_TOKEN)
    await explorer.expectLoaded()
    await expect(explorer.columnHeader('department')).toBeVisible()
    await expect(page.getByText(`A token is in use for 127.0.0.1:${E2E_PORT}.`)).toBeVisible()
    await expectNoAxeViolations(page, 'token in use')

    // the token travels in the Authorization header of POST requests to the portal, nowhere else
    const withToken = explorer.searchesSince(since)
    expect(withToken.length).toBeGreaterThan(0)
    for (const request of withToken) {
      expect(request.method()).toBe('POST')
      expect(await request.headerValue('authorization')).toBe(E2E_TOKEN)
      expect(request.url()).not.toContain(E2E_TOKEN)
      expect(request.postData() ?? '').not.toContain(E2E_TOKEN)
    }
    await expect
      .poll(() => sent.filter((entry) => entry.authorization === E2E_TOKEN).length)
      .toBeGreaterThan(0)
    for (const entry of sent.filter((e) => e.authorization !== null)) {
      expect(new URL(entry.url).origin).toBe(MAIN_ORIGIN)
      expect(entry.url).toMatch(/\/api\/3\/action\//)
    }
    expect(page.url()).not.toContain(E2E_TOKEN)
    const stored = await storage(page)
    expect(stored.local).not.toContain(E2E_TOKEN)
    expect(stored.session).not.toContain(E2E_TOKEN)

    // not remembered: a reload forgets it
    await page.reload()
    await expect(explorer.errorPanel).toContainText('You are not allowed to read this table')
    await expect(explorer.token).toHaveValue('')

    // remembered for the tab: sessionStorage only, and a reload keeps it
    await explorer.enterToken(E2E_TOKEN, { remember: true })
    await explorer.expectLoaded()
    expect((await storage(page)).session).toContain(E2E_TOKEN)
    expect((await storage(page)).local).not.toContain(E2E_TOKEN)
    await page.reload()
    await explorer.expectLoaded()
    await expect(explorer.columnHeader('department')).toBeVisible()
    expect(page.url()).not.toContain(E2E_TOKEN)

    // "Forget token" forgets it everywhere
    await explorer.openPortalPanel()
    await explorer.forgetToken.click()
    await expect(explorer.errorPanel).toContainText('You are not allowed to read this table')
    expect((await storage(page)).session).not.toContain(E2E_TOKEN)
  })
})

test('a portal address is validated before it is used', async ({ explorer, page }) => {
  await explorer.openResource('penguins')
  await explorer.usePortalAddress('not a portal')
  await expect(
    page.getByText('This is not a web address. Type something like https://demo.ckan.org/en'),
  ).toBeVisible()
  await expect(explorer.portalAddress).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, 'portal address problem')
  await explorer.usePortalAddress('ftp://127.0.0.1/en')
  await expect(page.getByText('Only http and https addresses can be used.')).toBeVisible()
  await expect(explorer.dataFrom).toContainText(`127.0.0.1:${E2E_PORT}`)
  await expect(page).not.toHaveURL(/portal=/)
})

test('changing the portal shows the new host and drops the token', async ({ explorer, page }) => {
  await explorer.openResource('penguins')
  await explorer.enterToken(E2E_TOKEN, { remember: true })
  await expect(page.getByText(`A token is in use for 127.0.0.1:${E2E_PORT}.`)).toBeVisible()

  // the fixture portal, on another origin, given without its language segment
  const since = explorer.apiRequests.length
  await explorer.usePortalAddress(FIXTURE_ORIGIN)
  await expect(explorer.dataFrom).toContainText(`127.0.0.1:${E2E_FIXTURE_PORT}`)
  await expect(
    page.getByText(/The access token was forgotten because the portal changed\./).first(),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`portal=${encodeURIComponent(FIXTURE_PORTAL)}`))
  expect((await storage(page)).session).not.toContain(E2E_TOKEN)
  await expect(explorer.token).toHaveValue('')
  await explorer.chooseTable('paged-numbers')
  await explorer.expectLoaded()
  for (const request of explorer.apiRequests.slice(since)) {
    expect(new URL(request.url()).origin).toBe(FIXTURE_ORIGIN)
    expect(await request.headerValue('authorization')).toBeNull()
  }
})

test.describe('a private table on another portal', () => {
  test.use({
    allowedConsoleErrors: new RegExp(
      `status of 403 \\(Forbidden\\).*127\\.0\\.0\\.1:${E2E_FIXTURE_PORT}`,
      'i',
    ),
  })

  test('gets the token only on that portal’s origin', async ({ explorer, page }) => {
    const sent = recordAuthorization(page)
    await explorer.open({ portal: FIXTURE_PORTAL, resource_id: 'private-notes' })
    await expect(explorer.errorPanel).toContainText('You are not allowed to read this table')
    await explorer.enterToken(E2E_TOKEN)
    await explorer.expectLoaded()
    expect(await explorer.columnTexts('topic')).toEqual(['secret-alpha', 'secret-beta', 'secret-gamma'])
    const authorised = sent.filter((entry) => entry.authorization !== null)
    expect(authorised.length).toBeGreaterThan(0)
    for (const entry of authorised) {
      expect(entry.authorization).toBe(E2E_TOKEN)
      expect(new URL(entry.url).origin).toBe(FIXTURE_ORIGIN)
    }
    // the page's own origin (scripts, styles, the document) never saw it
    expect(sent.filter((entry) => new URL(entry.url).origin === MAIN_ORIGIN && entry.authorization)).toEqual(
      [],
    )
  })
})
