import { describe, expect, it } from 'vitest'

import { parseResourceInput } from '../resource-input'

const current = 'https://open.canada.ca/data/en'
const uuid = '0b1c2d3e-1111-2222-3333-444455556666'

describe('parseResourceInput', () => {
  it('accepts a resource id or an alias', () => {
    expect(parseResourceInput(`  ${uuid} `, current)).toEqual({ resourceId: uuid })
    expect(parseResourceInput('books3', current)).toEqual({ resourceId: 'books3' })
  })

  it('reads a resource page link of another portal', () => {
    expect(
      parseResourceInput(`https://data.gov.au/data/en/dataset/blackspot/resource/${uuid}`, current),
    ).toEqual({
      portal: 'https://data.gov.au/data/en',
      resourceId: uuid,
    })
  })

  it('leaves the portal out when the link is on the current portal', () => {
    expect(
      parseResourceInput(`https://open.canada.ca/data/en/dataset/abc/resource/${uuid}/view/1`, current),
    ).toEqual({
      resourceId: uuid,
    })
  })

  it('keeps a page link without locale as it is, and says so', () => {
    const parsed = parseResourceInput(`https://data.gov.sg/dataset/x/resource/${uuid}`, current)
    expect(parsed).toMatchObject({ portal: 'https://data.gov.sg', resourceId: uuid })
    expect('note' in parsed && parsed.note).toEqual({ kind: 'no-locale' })
  })

  it('takes over q, filters, limit and sort from a datastore_search link', () => {
    const link =
      'https://open.canada.ca/data/en/api/3/action/datastore_search?resource_id=' +
      uuid +
      '&q=jones&filters=%7B%22country%22%3A%5B%22DE%22%2C%22UK%22%5D%7D&limit=5&sort=year%20desc%2C%20%22the%20name%22'
    expect(parseResourceInput(link, 'https://other.example/en')).toEqual({
      portal: 'https://open.canada.ca/data/en',
      resourceId: uuid,
      q: 'jones',
      filters: '{"country":["DE","UK"]}',
      limit: 5,
      sort: [
        { field: 'year', desc: true },
        { field: 'the name', desc: false },
      ],
    })
  })

  it('says which settings of an API link are not taken over, as a page link would drop them', () => {
    const parsed = parseResourceInput(
      'https://x.org/api/3/action/datastore_search?resource_id=r&offset=100&fields=a,b&include_total=false',
      'https://x.org',
    )
    expect(parsed).toMatchObject({ resourceId: 'r' })
    expect('note' in parsed && parsed.note).toEqual({
      kind: 'not-taken-over',
      names: ['offset', 'fields', 'include_total'],
    })
  })

  it('takes over CKAN’s whole-word search (plain), as a page link does', () => {
    const link = (plain: string) =>
      parseResourceInput(
        `https://x.org/api/3/action/datastore_search?resource_id=r&q=a&plain=${plain}`,
        current,
      )
    expect(link('true')).toMatchObject({ q: 'a', plain: true })
    expect(link('false')).toMatchObject({ q: 'a', plain: false })
    expect('note' in link('true')).toBe(false)
  })

  it('knows a locale segment as the portal addresses do: zh_Hans_TW is one, /data/ is not', () => {
    const zh = parseResourceInput(`https://x.org/zh_Hans_TW/dataset/d/resource/${uuid}`, current)
    expect(zh).toEqual({ portal: 'https://x.org/zh_Hans_TW', resourceId: uuid })
    const data = parseResourceInput(`https://open.canada.ca/data/dataset/d/resource/${uuid}`, current)
    expect('note' in data && data.note).toEqual({ kind: 'no-locale' })
  })

  it('reads /api/action/ links and the id alias', () => {
    expect(parseResourceInput('https://data.gov.il/api/action/datastore_search?id=abc', current)).toEqual({
      portal: 'https://data.gov.il',
      resourceId: 'abc',
    })
  })

  it('reads a datastore dump link and a relative page link', () => {
    expect(parseResourceInput(`https://x.org/datastore/dump/${uuid}?format=csv`, current)).toEqual({
      portal: 'https://x.org',
      resourceId: uuid,
    })
    expect(parseResourceInput(`/data/en/dataset/d/resource/${uuid}`, current)).toEqual({ resourceId: uuid })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['hello world', 'not-id'],
    ['<script>', 'not-id'],
    ['https://example.com/about', 'bad-url'],
    ['https://x.org/api/3/action/datastore_search?q=a', 'bad-url'],
    ['https://x.org/dataset/d/resource/%E0%A4%A', 'bad-url'],
    ['javascript://alert(1)', 'bad-url'],
    ['ftp://x.org/dataset/d/resource/abc', 'bad-url'],
  ])('says why %j cannot be opened', (text, problem) => {
    const parsed = parseResourceInput(text, current)
    expect('error' in parsed && parsed.error).toBe(problem)
  })
})
