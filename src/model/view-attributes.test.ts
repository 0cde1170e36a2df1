import { describe, expect, it } from 'vitest'
import { parseExplorerState, serializeExplorerState } from './url-codec'
import { attributesFromLink, viewFromAttributes, viewParameters, withAttribute } from './view-attributes'

function element(attributes: Record<string, string>) {
  return { getAttribute: (name: string) => (Object.hasOwn(attributes, name) ? attributes[name]! : null) }
}

describe('the element’s attributes and its view', () => {
  it('takes CKAN 2.12 filters in its `filters` attribute, and gives them back in its view unchanged', () => {
    const filters = '{"body_mass_g":{"gte":4000,"lte":5000},"$or":[{"island":"Biscoe"},{"sex":"MALE"}]}'
    const search = viewFromAttributes(element({ 'resource-id': 'penguins', filters }))
    const { state, ignored } = parseExplorerState(search)
    expect(ignored).toEqual([])
    expect(state.filters).toEqual([
      {
        kind: 'range',
        field: 'body_mass_g',
        lower: { value: 4000, inclusive: true },
        upper: { value: 5000, inclusive: true },
      },
      { kind: 'other', filters: { $or: [{ island: 'Biscoe' }, { sex: 'MALE' }] } },
    ])
    expect(viewParameters(serializeExplorerState(state)).filters).toBe(filters)
  })

  it('names the view with the link parameters, hidden-columns as `hidden` and locale as `lang`', () => {
    const search = viewFromAttributes(
      element({
        'resource-id': 'penguins',
        q: 'adelie',
        filters: '{"island":"Biscoe"}',
        limit: 'all',
        sort: 'body_mass_g desc',
        'hidden-columns': 'sex',
        columns: 'species,"body_mass_g"',
        pinned: 'species',
        locale: 'en',
        hidden: '',
        picker: '',
      }),
    )
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      resource_id: 'penguins',
      q: 'adelie',
      filters: '{"island":"Biscoe"}',
      limit: 'all',
      sort: 'body_mass_g desc',
      hidden: 'sex',
      columns: 'species,"body_mass_g"',
      pinned: 'species',
      lang: 'en',
    })
  })

  it('changes one part of a view for one attribute, and leaves unknown attributes alone', () => {
    expect(withAttribute('resource_id=a&q=x', 'q', 'y')).toBe('resource_id=a&q=y')
    expect(withAttribute('resource_id=a&q=x', 'q', null)).toBe('resource_id=a')
    expect(withAttribute('resource_id=a', 'class', 'wide')).toBe('resource_id=a')
  })

  it('gives the view of a change event without the portal and the language, and without empty parts', () => {
    expect(
      viewParameters('portal=https%3A%2F%2Fx.org%2Fen&resource_id=a&q=&sort=year+desc&hidden=&lang=fr'),
    ).toEqual({ resource_id: 'a', sort: 'year desc' })
    expect(viewParameters('resource_id=a&columns=year%2Ccity&pinned=city')).toEqual({
      resource_id: 'a',
      columns: 'year,city',
      pinned: 'city',
    })
  })

  it('reads the iframe page’s link into attributes, CKAN’s `id` included', () => {
    expect(attributesFromLink('?id=r1&hidden=a,b&columns=b&pinned=b&lang=en&picker')).toEqual([
      ['resource-id', 'r1'],
      ['hidden-columns', 'a,b'],
      ['columns', 'b'],
      ['pinned', 'b'],
      ['locale', 'en'],
      ['picker', ''],
    ])
  })
})

describe('a summary in an embed', () => {
  it('is set by the view, group and show attributes, and told in the change event', () => {
    const search = viewFromAttributes(
      element({ 'resource-id': 'cities', view: 'summary', group: 'country', show: 'count,sum:population' }),
    )
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      resource_id: 'cities',
      view: 'summary',
      group: 'country',
      show: 'count,sum:population',
    })
    expect(viewParameters('resource_id=cities&view=summary&group=founded%3Amonth&lang=fr')).toEqual({
      resource_id: 'cities',
      view: 'summary',
      group: 'founded:month',
    })
    expect(attributesFromLink('?resource_id=r&view=summary&show=count')).toEqual([
      ['resource-id', 'r'],
      ['view', 'summary'],
      ['show', 'count'],
    ])
  })

  it("keeps the map's columns and place: attributes, link and change events alike", () => {
    const link = 'resource_id=us-airports&view=map&place=lat%2Clon&at=40.64%2C-73.78%2C10'
    expect(attributesFromLink(`?${link}`)).toEqual([
      ['resource-id', 'us-airports'],
      ['view', 'map'],
      ['place', 'lat,lon'],
      ['at', '40.64,-73.78,10'],
    ])
    const attributes = new Map(attributesFromLink(`?${link}`))
    expect(viewFromAttributes({ getAttribute: (name) => attributes.get(name) ?? null })).toBe(link)
    expect(viewParameters(link)).toEqual({
      resource_id: 'us-airports',
      view: 'map',
      place: 'lat,lon',
      at: '40.64,-73.78,10',
    })
  })
})
