import { describe, expect, it } from 'vitest'
import { CkanError } from '../api/ckan/errors'
import { errorsCatalogue } from '../i18n/catalogues/errors'
import { createLocaleFormats } from '../i18n/locale-formats'
import { createTranslator } from '../i18n/translate'
import { describeError as describeWith } from './describe-error'

const t = createTranslator(errorsCatalogue, undefined, createLocaleFormats('en'))
const describeError = (error: unknown) => describeWith(error, t)

describe('describeError', () => {
  const describeKind = (kind: CkanError['kind'], options = {}) =>
    describeError(new CkanError(kind, 'm', options))

  it('names the column a filter or sort was refused on', () => {
    const text = describeKind('validation', { fieldErrors: { filters: ['invalid value "country"'] } })
    expect(text.title).toContain('filter')
    expect(text.title).toContain('country')
    expect(text.retry).toBe(false)
    expect(
      describeKind('validation', { fieldErrors: { sort: ['invalid value "year desc"'] } }).title,
    ).toContain('“year”')
  })

  it('names an unknown filter column in CKAN 2.12’s words too', () => {
    expect(
      describeKind('validation', { fieldErrors: { filters: ['Unknown field: elevation'] } }).title,
    ).toContain('“elevation”')
  })

  it('says plainly that a portal before 2.12 cannot filter by range, and why the browser cannot either', () => {
    const text = describeKind('operators-unsupported', { tooMany: { matching: 12_345, cap: 1000 } })
    expect(text.title).toBe('This portal cannot filter this table by range')
    expect(text.action).toContain('12,345 records match your search and other filters')
    expect(text.action).toContain('1,000')
    expect(text.retry).toBe(false)
    expect(describeKind('operators-unsupported').action).toMatch(/cannot apply this filter in your browser/)
  })

  it('shows other validation messages as they came', () => {
    expect(
      describeKind('validation', { fieldErrors: { limit: ['Must be a natural number'] } }).action,
    ).toContain('limit: Must be a natural number')
  })

  it('tells to add an API token when not authorised', () => {
    expect(describeKind('forbidden').action).toMatch(/access token/)
  })

  it('tells to narrow the search when it took too long', () => {
    const text = describeKind('timeout')
    expect(text.action).toMatch(/narrow/i)
    expect(text.retry).toBe(true)
  })

  it('says the portal is slow, with the time limit', () => {
    expect(describeKind('slow-portal').action).toMatch(/30 seconds/)
  })

  it('explains CORS honestly: blocked or unreachable, and what the user can do', () => {
    const text = describeKind('cors')
    expect(text.title).toMatch(/blocked or unreachable/)
    expect(text.action).toMatch(/portal’s own website/)
    expect(text.action).toMatch(/let other websites read it/)
    expect(text.action).toMatch(/your own computer with “npm start”/)
  })

  it('recognises a portal without the DataStore API', () => {
    const text = describeKind('bad-request', {
      detail: 'Bad request - Action name not known: datastore_search',
    })
    expect(text.title).toMatch(/no DataStore/)
  })

  it('has a distinct title for every kind', () => {
    const kinds: CkanError['kind'][] = [
      'not-found',
      'forbidden',
      'validation',
      'timeout',
      'slow-portal',
      'invalid-query',
      'bad-request',
      'server',
      'not-ckan',
      'network',
      'cors',
      'contract',
      'aborted',
      'broken-answer',
      'proxy-refused',
    ]
    const titles = kinds.map((kind) => describeKind(kind).title)
    expect(new Set(titles).size).toBe(kinds.length)
    expect(describeKind('not-ckan').title).toMatch(/CKAN/)
    expect(describeKind('contract').title).toMatch(/unexpected format/)
  })

  it('tells a cut-off answer apart from a web page, and offers to try again', () => {
    const text = describeKind('broken-answer')
    expect(text.title).toMatch(/cut off/)
    expect(text.retry).toBe(true)
  })

  it('gives the proxy’s refusal in the server’s own words', () => {
    const refusal = new CkanError(
      'proxy-refused',
      'This server does not fetch from private network addresses',
    )
    const text = describeError(refusal)
    expect(text.action).toBe('This server does not fetch from private network addresses')
    expect(text.retry).toBe(false)
  })

  it('describes unknown errors and plain AbortErrors too', () => {
    expect(describeError(new Error('boom')).title).toBe('Something went wrong')
    expect(describeError(new DOMException('x', 'AbortError')).title).toBe('Request cancelled')
  })
})
