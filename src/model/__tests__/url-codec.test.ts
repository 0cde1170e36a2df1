import { describe, expect, it } from 'vitest'

import type { FilterScalar } from '../../api/ckan/types'
import { DEFAULT_STATE, type ExplorerState } from '../explorer-state'
import type { FilterCondition } from '../filters'
import { parseExplorerState, serializeExplorerState } from '../url-codec'
import { mulberry32 } from '../../testing/seeded-random'

const FIELD_NAMES = [
  'year',
  'the year',
  'a,b',
  'a, "quoted"',
  "it's",
  '100%',
  'a&b=c',
  '#hash',
  '?q',
  '+plus+',
  'bük',
  'שם_ישוב',
  '三民區',
  'Casos PCR+ 14 dies',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  ' padded ',
  '[x]',
  '{json}',
  'x desc',
  'rank from',
  'a\\b',
  '😀',
  '_id',
  '$AUD',
  '$$x',
]

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

const values = (field: string, ...list: FilterScalar[]): FilterCondition => ({
  kind: 'values',
  field,
  values: list,
})

function randomCondition(random: () => number, field: string): FilterCondition {
  const scalars = ['DE', '', 'a,b', '"q"', 2013, 0.5, -1, true, false, '日本', '&=#%', '2014-03-01']
  const roll = random()
  if (roll < 0.5)
    return values(
      field,
      ...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, scalars))),
    )
  if (roll < 0.9) {
    const bound = () => ({ value: pick(random, [1000, -5.5, '2014-03-01', 0]), inclusive: random() < 0.5 })
    const side = random()
    return {
      kind: 'range',
      field,
      ...(side < 0.7 ? { lower: bound() } : {}),
      ...(side >= 0.4 ? { upper: bound() } : {}),
    }
  }
  return { kind: 'other', filters: { $or: [{ [field]: 1 }, { year: { gt: 5 } }] } }
}

function randomState(random: () => number): ExplorerState {
  const names = [...FIELD_NAMES].sort(() => random() - 0.5)
  // Integer-like keys are reordered by JavaScript objects themselves, so they are not used as filter names here.
  const filterNames = names.slice(0, Math.floor(random() * 4))
  return {
    lang: random() < 0.2 ? 'en-XA' : null,
    portal: random() < 0.3 ? 'https://open.canada.ca/data/en' : null,
    resourceId:
      random() < 0.9 ? pick(random, ['r1', '5b2f1e6c-0000-4b7e-9c47-3f1c0c0c0c0c', 'alias_x']) : null,
    q: random() < 0.5 ? pick(random, ['', 'berl', 'a & b', '{"a":1}', ' spaced ', 'zür 三']) : '',
    searchMode: random() < 0.3 ? 'plain' : 'prefix',
    // two conditions on one column sometimes: both must hold
    filters: filterNames.flatMap((name) =>
      random() < 0.3
        ? [randomCondition(random, name), randomCondition(random, name)]
        : [randomCondition(random, name)],
    ),
    limit: pick(random, [100, 1, 50, 32000, 'all'] as const),
    sort: names.slice(4, 4 + Math.floor(random() * 3)).map((field) => ({ field, desc: random() < 0.5 })),
    hidden: random() < 0.3 ? ['_id'] : names.slice(8, 8 + Math.floor(random() * 4)),
    columns: random() < 0.5 ? [] : names.slice(2, 2 + Math.floor(random() * 5)),
    pinned: random() < 0.6 ? [] : names.slice(3, 3 + Math.floor(random() * 2)),
    tab: random() < 0.3 ? null : pick(random, ['table', 'cards', 'chart', 'summary', 'map'] as const),
    summary: {
      group: random() < 0.5 ? '' : pick(random, ['country', '"a, b":month', 'x:0.5,y']),
      show: random() < 0.5 ? '' : pick(random, ['count', 'count,sum:"a, b"']),
    },
    place: random() < 0.6 ? [] : names.slice(5, 5 + 1 + Math.floor(random() * 2)),
    mapAt:
      random() < 0.6
        ? null
        : pick(random, [
            { lat: 39.82835, lon: -98.5795, zoom: 4 },
            { lat: -33.9, lon: 151.2, zoom: 12 },
            { lat: 0, lon: 0, zoom: 1 },
          ]),
  }
}

describe('parseExplorerState', () => {
  it('reads the query string of a CKAN datastore_search GET', () => {
    const { state, ignored } = parseExplorerState(
      '?resource_id=r1&q=jones&filters=%7B%22country%22%3A%5B%22DE%22%2C%22UK%22%5D%2C%22year%22%3A2013%7D&limit=50&sort=year%20desc%2C%20%22country%20name%22',
    )
    expect(ignored).toEqual([])
    expect(state).toEqual({
      ...DEFAULT_STATE,
      resourceId: 'r1',
      q: 'jones',
      filters: [values('country', 'DE', 'UK'), values('year', 2013)],
      limit: 50,
      sort: [
        { field: 'year', desc: true },
        { field: 'country name', desc: false },
      ],
    })
  })

  it('gives the defaults for an empty query string', () => {
    expect(parseExplorerState('')).toEqual({ state: DEFAULT_STATE, ignored: [] })
    expect(parseExplorerState('?')).toEqual({ state: DEFAULT_STATE, ignored: [] })
  })

  it('accepts CKAN aliases: id, plain, repeated sort', () => {
    const { state } = parseExplorerState('id=r2&plain=true&sort=a&sort=b%20desc')
    expect(state.resourceId).toBe('r2')
    expect(state.searchMode).toBe('plain')
    expect(state.sort).toEqual([
      { field: 'a', desc: false },
      { field: 'b', desc: true },
    ])
    expect(parseExplorerState('plain=false').state.searchMode).toBe('prefix')
  })

  it('reads limit=all, hidden= (show all) and a JSON hidden list', () => {
    expect(parseExplorerState('limit=all').state.limit).toBe('all')
    expect(parseExplorerState('hidden=').state.hidden).toEqual([])
    expect(parseExplorerState('hidden=%5B%22a%2Cb%22%2C%22c%22%5D').state.hidden).toEqual(['a,b', 'c'])
  })

  it('reads the columns’ order and the columns kept in view, tolerantly, and writes them canonically', () => {
    const { state, ignored } = parseExplorerState(
      'resource_id=r&columns=year,%22city,+name%22,year,%20country&pinned=%5B%22city,%20name%22%5D',
    )
    expect(ignored).toEqual([])
    expect(state.columns).toEqual(['year', 'city, name', 'country'])
    expect(state.pinned).toEqual(['city, name'])
    expect(serializeExplorerState(state)).toBe(
      'resource_id=r&columns=year%2C%22city%2C+name%22%2Ccountry&pinned=%22city%2C+name%22',
    )
    // absent or empty: the portal's order, nothing kept in view
    expect(parseExplorerState('resource_id=r&columns=&pinned=').state).toMatchObject({
      columns: [],
      pinned: [],
    })
    expect(serializeExplorerState(parseExplorerState('resource_id=r&columns=').state)).toBe('resource_id=r')
    // an unreadable list is dropped with a reason, and the rest of the view is kept
    const broken = parseExplorerState('resource_id=r&columns=%22open&pinned=a%22b&q=x')
    expect(broken.ignored).toEqual([{ reason: 'columns.bad' }, { reason: 'pinned.bad' }])
    expect(broken.state).toMatchObject({ resourceId: 'r', q: 'x', columns: [], pinned: [] })
  })

  it('keeps a filter named __proto__ as data, without touching prototypes', () => {
    const { state } = parseExplorerState(
      `filters=${encodeURIComponent('{"__proto__":["x"],"constructor":1}')}`,
    )
    expect(state.filters).toEqual([values('__proto__', 'x'), values('constructor', 1)])
    expect(serializeExplorerState(state)).toContain(encodeURIComponent('{"__proto__":"x","constructor":1}'))
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('drops bad parts with a reason for each and keeps the rest', () => {
    const { state, ignored } = parseExplorerState(
      'resource_id=r1&limit=-5&sort=%22open&filters=%7Bbad&search=fuzzy&portal=javascript:alert(1)&offset=10&fields=a&utm_source=x&lang=tlh',
    )
    expect(state).toEqual({ ...DEFAULT_STATE, resourceId: 'r1' })
    expect(ignored).toEqual(
      expect.arrayContaining([
        { reason: 'limit.bad', value: '-5' },
        { reason: 'filters.badJson' },
        { reason: 'unsupported', name: 'offset' },
        { reason: 'unsupported', name: 'fields' },
        { reason: 'sort.bad', value: '"open' },
        { reason: 'search.bad', value: 'fuzzy' },
        { reason: 'portal.bad', value: 'javascript:alert(1)' },
        { reason: 'lang.bad', value: 'tlh' },
      ]),
    )
    expect(ignored).toHaveLength(8)
    expect(JSON.stringify(ignored)).not.toMatch(/utm_source/)
  })

  it('reads CKAN 2.12 filters, and keeps every form it cannot build, never dropped', () => {
    const { state, ignored } = parseExplorerState(
      `filters=${encodeURIComponent('{"a":"x","b":null,"c":{"gt":5},"d":[1,[2]],"e":[]}')}`,
    )
    expect(state.filters).toEqual([
      values('a', 'x'),
      { kind: 'other', filters: { b: null } },
      { kind: 'range', field: 'c', lower: { value: 5, inclusive: false } },
      { kind: 'other', filters: { d: [1, [2]] } },
      { kind: 'other', filters: { e: [] } },
    ])
    expect(ignored).toEqual([])
    expect(parseExplorerState('filters=%5B1%5D').ignored).toEqual([{ reason: 'filters.notObject' }])
  })

  it('opens a CKAN 2.12 API link’s filters as the same view, written canonically', () => {
    const or = [{ state: 'IL' }, { latitude: { gt: 40 } }]
    const { state } = parseExplorerState(`filters=${encodeURIComponent(JSON.stringify(or))}`)
    expect(state.filters).toEqual([{ kind: 'other', filters: { $or: or } }])
    expect(serializeExplorerState(state)).toBe(`filters=${encodeURIComponent(JSON.stringify({ $or: or }))}`)
  })

  it.each([
    'limit=0',
    'limit=1.5',
    'limit=1e3',
    'limit=99999999999',
    'resource_id=a%20b',
    'resource_id=' + 'x'.repeat(300),
    'hidden=%22open',
    'portal=not%20a%20url',
    'portal=ftp://x.org',
  ])('ignores %s with a reason', (search) => {
    const { state, ignored } = parseExplorerState(search)
    expect(ignored).toHaveLength(1)
    expect(state).toEqual(DEFAULT_STATE)
  })

  it('never throws, whatever the input', () => {
    const random = mulberry32(7)
    const alphabet = [
      '%',
      '%%',
      '%E0%A4%A',
      '&',
      '=',
      '?',
      '#',
      '"',
      '{',
      '}',
      '[',
      ']',
      'limit',
      'sort',
      'filters',
      'hidden',
      'q',
      'a',
      ' ',
      '+',
      '\u0000',
      '😀',
    ]
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: Math.floor(random() * 30) }, () => pick(random, alphabet)).join('')
      expect(() => parseExplorerState(text)).not.toThrow()
    }
  })
})

describe("the map's columns and place", () => {
  it('reads one or two position columns and a centre with its zoom, and writes them back', () => {
    const { state, ignored } = parseExplorerState('view=map&place=lat_deg,"lon, deg"&at=48.85,2.35,11')
    expect(ignored).toEqual([])
    expect(state.place).toEqual(['lat_deg', 'lon, deg'])
    expect(state.mapAt).toEqual({ lat: 48.85, lon: 2.35, zoom: 11 })
    expect(serializeExplorerState(state)).toBe(
      'view=map&place=lat_deg%2C%22lon%2C+deg%22&at=48.85%2C2.35%2C11',
    )
    expect(parseExplorerState('place=where').state.place).toEqual(['where'])
  })

  it('says why a bad one is not applied, and keeps the rest of the link', () => {
    const { state, ignored } = parseExplorerState('resource_id=r1&place=a,b,c&at=48.85,2.35')
    expect(state.resourceId).toBe('r1')
    expect(state.place).toEqual([])
    expect(state.mapAt).toBeNull()
    expect(ignored).toEqual([{ reason: 'place.bad' }, { reason: 'at.bad', value: '48.85,2.35' }])
  })
})

describe('view (how the records are shown)', () => {
  it('reads table, cards, chart, summary and map, and says why anything else is not applied', () => {
    expect(parseExplorerState('view=cards').state.tab).toBe('cards')
    expect(parseExplorerState('view=Chart').state.tab).toBe('chart')
    expect(parseExplorerState('view=map').state.tab).toBe('map')
    // absent: as the screen suits (cards on a narrow one, else the table)
    expect(parseExplorerState('').state.tab).toBeNull()
    const { state, ignored } = parseExplorerState('view=globe')
    expect(state.tab).toBeNull()
    expect(ignored).toEqual([{ reason: 'view.bad', value: 'globe' }])
  })

  it('is written only when chosen, and show= stays the summary’s figures', () => {
    expect(serializeExplorerState({ ...DEFAULT_STATE, resourceId: 'r1', tab: 'cards' })).toBe(
      'resource_id=r1&view=cards',
    )
    expect(serializeExplorerState({ ...DEFAULT_STATE, resourceId: 'r1' })).toBe('resource_id=r1')
    expect(parseExplorerState('show=cards').state).toMatchObject({ tab: null, summary: { show: 'cards' } })
  })
})

describe('serializeExplorerState', () => {
  it('writes the portal address in its normal form', () => {
    expect(serializeExplorerState({ ...DEFAULT_STATE, portal: 'https://X.org/data/en/' })).toBe(
      'portal=https%3A%2F%2Fx.org%2Fdata%2Fen',
    )
  })

  it('drops defaults and empties', () => {
    expect(serializeExplorerState(DEFAULT_STATE)).toBe('')
    expect(serializeExplorerState({ ...DEFAULT_STATE, resourceId: 'r1', filters: [values('a')] })).toBe(
      'resource_id=r1',
    )
  })

  it('writes a stable key order with CKAN syntax', () => {
    const text = serializeExplorerState({
      lang: null,
      hidden: [],
      columns: [],
      pinned: [],
      limit: 'all',
      sort: [{ field: 'the year', desc: true }],
      filters: [values('country', 'DE', 'UK'), values('year', 2013)],
      searchMode: 'plain',
      q: 'berlin',
      resourceId: 'r1',
      portal: 'https://x.org/data/en',
      tab: null,
      summary: { group: '', show: '' },
      place: [],
      mapAt: null,
    })
    expect(text).toBe(
      'portal=https%3A%2F%2Fx.org%2Fdata%2Fen&resource_id=r1&q=berlin&search=plain' +
        '&filters=%7B%22country%22%3A%5B%22DE%22%2C%22UK%22%5D%2C%22year%22%3A2013%7D' +
        '&sort=%22the+year%22+desc&limit=all&hidden=',
    )
  })

  it('round-trips 500 random states, with hostile field names, to equal states and strings', () => {
    const random = mulberry32(42)
    for (let round = 0; round < 500; round++) {
      const state = randomState(random)
      const text = serializeExplorerState(state)
      const { state: back, ignored } = parseExplorerState(text)
      expect(ignored, text).toEqual([])
      expect(back, text).toEqual(state)
      expect(serializeExplorerState(back)).toBe(text)
    }
  })

  it('round-trips every listed name as a filter, a sort key and a hidden column', () => {
    for (const name of FIELD_NAMES) {
      const state: ExplorerState = {
        ...DEFAULT_STATE,
        resourceId: 'r',
        filters: [values(name, 'v'), { kind: 'range', field: name, upper: { value: 5, inclusive: true } }],
        sort: [{ field: name, desc: true }],
        hidden: [name],
        columns: [name, 'other'],
        pinned: [name],
      }
      expect(parseExplorerState(serializeExplorerState(state)).state).toEqual(state)
    }
  })
})

describe('the interface language in the link', () => {
  it('reads a supported language and writes it back', () => {
    const { state, ignored } = parseExplorerState('resource_id=r&lang=en-xa')
    expect(ignored).toEqual([])
    expect(state.lang).toBe('en-XA')
    expect(serializeExplorerState(state)).toBe('resource_id=r&lang=en-XA')
  })

  it('leaves the language to the host when the link names none', () => {
    expect(parseExplorerState('resource_id=r').state.lang).toBeNull()
    expect(serializeExplorerState({ ...DEFAULT_STATE, resourceId: 'r' })).toBe('resource_id=r')
  })
})
