import { describe, expect, it } from 'vitest'
import type { SortKey } from '../../model/explorer-state'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { testTranslator } from '../../testing/i18n'
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, columnSpecs } from './columns-fns'
import { NO_COLUMN_WIDTHS, columnWidth, nextSort, resizedWidths, sizedColumns } from './header-fns'

const t = testTranslator(mainCatalogue)

/** Header clicks in a row, each on the sort the previous one gave (as the app feeds it back). */
function clicker(initial: SortKey[] = []) {
  let sort = initial
  return (field: string, shift = false) => (sort = nextSort(sort, field, shift))
}

describe('nextSort: what a header click sorts by', () => {
  it('cycles a header ascending, descending, then unsorted, numeric columns included', () => {
    const click = clicker()
    expect(click('year')).toEqual([{ field: 'year', desc: false }])
    expect(click('year')).toEqual([{ field: 'year', desc: true }])
    expect(click('year')).toEqual([])
  })

  it('adds a sort key with Shift and replaces all keys without it', () => {
    const click = clicker()
    click('year')
    expect(click('country', true)).toEqual([
      { field: 'year', desc: false },
      { field: 'country', desc: false },
    ])
    expect(click('country', true)).toEqual([
      { field: 'year', desc: false },
      { field: 'country', desc: true },
    ])
    // a plain click on another column makes it the only key, one step further in its own cycle
    expect(click('year')).toEqual([{ field: 'year', desc: true }])
  })

  it('removes a descending key in place with Shift, and every key without it', () => {
    const sorted: SortKey[] = [
      { field: 'year', desc: true },
      { field: 'country', desc: false },
      { field: 'city', desc: false },
    ]
    expect(nextSort(sorted, 'year', true)).toEqual([
      { field: 'country', desc: false },
      { field: 'city', desc: false },
    ])
    expect(nextSort(sorted, 'year', false)).toEqual([])
    // the key keeps its place while it turns descending
    expect(nextSort(sorted, 'country', true)).toEqual([
      { field: 'year', desc: true },
      { field: 'country', desc: true },
      { field: 'city', desc: false },
    ])
  })

  it('starts a sort with Shift when there is none', () => {
    expect(nextSort([], 'year', true)).toEqual([{ field: 'year', desc: false }])
  })

  it('never changes the sort it was given', () => {
    const sorted: SortKey[] = [{ field: 'year', desc: false }]
    nextSort(sorted, 'year', true)
    nextSort(sorted, 'country', true)
    expect(sorted).toEqual([{ field: 'year', desc: false }])
  })

  it('handles field ids that are prototype names or look like paths', () => {
    const click = clicker()
    expect(click('a.b')).toEqual([{ field: 'a.b', desc: false }])
    expect(click('__proto__', true)).toEqual([
      { field: 'a.b', desc: false },
      { field: '__proto__', desc: false },
    ])
    expect(click('constructor', true)).toEqual([
      { field: 'a.b', desc: false },
      { field: '__proto__', desc: false },
      { field: 'constructor', desc: false },
    ])
  })
})

describe('column widths', () => {
  const specs = columnSpecs(
    ['__proto__', 'constructor', 'a.b', 'x[0]', 'year'].map((id) => ({
      id,
      type: id === 'year' ? 'int4' : 'text',
    })),
    t,
  )
  const spec = (id: string) => specs.find((candidate) => candidate.id === id)!

  it('gives every column its default width until the user resizes it, prototype names included', () => {
    for (const id of ['__proto__', 'constructor', 'a.b', 'x[0]', 'year'])
      expect(columnWidth(spec(id), NO_COLUMN_WIDTHS)).toBe(spec(id).defaultWidth)
    expect(columnWidth(spec('__proto__'), NO_COLUMN_WIDTHS)).toBeGreaterThan(40)
  })

  it("keeps the user's width per column id, rounded and within the limits", () => {
    const once = resizedWidths(NO_COLUMN_WIDTHS, '__proto__', 250.6)
    const twice = resizedWidths(once, 'year', 5)
    expect(columnWidth(spec('__proto__'), twice)).toBe(251)
    expect(columnWidth(spec('year'), twice)).toBe(MIN_COLUMN_WIDTH)
    expect(columnWidth(spec('a.b'), twice)).toBe(spec('a.b').defaultWidth)
    expect(columnWidth(spec('x[0]'), resizedWidths(twice, 'x[0]', 99_999))).toBe(MAX_COLUMN_WIDTH)
    // the maps given are left as they were
    expect(NO_COLUMN_WIDTHS.size).toBe(0)
    expect(once.has('year')).toBe(false)
  })

  it('returns the same widths when a resize changes nothing (a drag held at a limit)', () => {
    const narrow = resizedWidths(NO_COLUMN_WIDTHS, 'year', 10)
    expect(resizedWidths(narrow, 'year', 20)).toBe(narrow)
  })

  it('lists the shown columns in order with their widths', () => {
    const widths = resizedWidths(NO_COLUMN_WIDTHS, 'a.b', 300)
    expect(sizedColumns([spec('a.b'), spec('year')], widths)).toEqual([
      { spec: spec('a.b'), width: 300 },
      { spec: spec('year'), width: spec('year').defaultWidth },
    ])
  })
})
