import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import { shownColumns } from '../../model/fields'
import { fittedWidth } from './text-width'
import {
  columnSpecs,
  columnsOnFirstScreen,
  likelyCut,
  wantedWidths,
  withRoom,
  drawsEveryColumn,
  headerSortInfo,
  headerSortOf,
  UNSORTED,
  type HeaderSort,
  readCell,
  shownCellText,
  specsOf,
  withColumnShown,
  steppedWidth,
  columnWidthWithin,
  MIN_COLUMN_WIDTH,
  MAX_COLUMN_WIDTH,
  firstShownColumns,
  sameColumns,
} from './columns-fns'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { testTranslator } from '../../testing/i18n'

const t = testTranslator(mainCatalogue)

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'pop', type: 'numeric', info: { label: 'Population' } },
  { id: '_full_text', type: 'tsvector' },
  { id: '__proto__', type: 'text' },
  { id: 'constructor', type: 'float8' },
  { id: 'a.b', type: 'timestamp' },
  { id: 'x[0]', type: 'text', info: { label: 42 } },
  { id: 'pop', type: 'text' },
  { id: '_full_count', type: 'int8' },
  { id: 'שם', type: 'text', info: { label: '  ' } },
]

describe('columns from fields', () => {
  const specs = columnSpecs(fields, t)

  it('keeps the order of fields, drops internal columns and duplicate ids', () => {
    expect(specs.map((spec) => spec.id)).toEqual([
      '_id',
      'pop',
      '__proto__',
      'constructor',
      'a.b',
      'x[0]',
      'שם',
    ])
  })

  it('aligns numeric types to the end and everything else to the start', () => {
    expect(specs.filter((spec) => spec.align === 'end').map((spec) => spec.id)).toEqual([
      '_id',
      'pop',
      'constructor',
    ])
  })

  it('marks columns of codes by their id, once per column', () => {
    expect(specs.filter((spec) => spec.isCode).map((spec) => spec.id)).toEqual(['_id'])
    const [zip, population] = columnSpecs(
      [
        { id: 'ZipCode', type: 'int4' },
        { id: 'population', type: 'int4' },
      ],
      t,
    )
    expect(zip!.isCode).toBe(true)
    expect(population!.isCode).toBe(false)
  })

  it('shows a dictionary label but keeps the field id in the accessible name', () => {
    const pop = specs.find((spec) => spec.id === 'pop')!
    expect(pop.label).toBe('Population')
    expect(pop.accessibleLabel).toBe('Population (pop)')
    // labels that are not text, or blank, fall back to the id
    expect(specs.find((spec) => spec.id === 'x[0]')!.label).toBe('x[0]')
    expect(specs.find((spec) => spec.id === 'שם')!.accessibleLabel).toBe('שם')
  })

  it('keeps the data dictionary’s notes for the header and the Columns menu', () => {
    const [described, plain, blank] = columnSpecs(
      [
        {
          id: 'pop',
          type: 'int',
          info: { label: 'Population', notes: '  People living there on 1 January. ' },
        },
        { id: 'year', type: 'int' },
        { id: 'x', type: 'text', info: { notes: '   ' } },
      ],
      t,
    )
    expect(described!.notes).toBe('People living there on 1 January.')
    expect(plain!.notes).toBeUndefined()
    expect(blank!.notes).toBeUndefined()
  })

  it('sizes columns by their values on the first page, within limits, one outlier aside', () => {
    const records = Array.from({ length: 20 }, (_, index) => ({
      code: 'FR',
      city: index === 0 ? 'A'.repeat(400) : 'Saint-Étienne-du-Rouvray',
      pop: 1234567,
    }))
    const [code, city, pop] = columnSpecs(
      [
        { id: 'code', type: 'text' },
        { id: 'city', type: 'text' },
        { id: 'pop', type: 'int' },
      ],
      t,
      records,
    )
    // two-letter codes: as wide as the name "code", its sort arrow and its menu button need
    expect(code!.defaultWidth).toBeLessThanOrEqual(100)
    expect(city!.defaultWidth).toBeGreaterThan(190)
    expect(city!.defaultWidth).toBeLessThanOrEqual(360)
    // "1,234,567": nine characters
    expect(pop!.defaultWidth).toBeGreaterThanOrEqual(9 * 7)
    // without records, by type
    expect(columnSpecs([{ id: 'city', type: 'text' }], t)[0]!.defaultWidth).toBe(200)
  })

  it('hides the columns listed in hidden, and shows/hides one at a time', () => {
    expect(specsOf(specs, shownColumns(fields, ['_id', 'a.b'])).map((spec) => spec.id)).toEqual([
      'pop',
      '__proto__',
      'constructor',
      'x[0]',
      'שם',
    ])
    expect(withColumnShown(['_id', 'a.b'], '_id', true)).toEqual(['a.b'])
    expect(withColumnShown(['a.b'], '_id', false)).toEqual(['a.b', '_id'])
    expect(withColumnShown(['a.b'], 'a.b', false)).toEqual(['a.b'])
  })
})

describe('reading cells', () => {
  it('reads own properties only, so odd field names give the record value or nothing', () => {
    const record = JSON.parse('{"__proto__": "p", "a.b": 1, "x[0]": 2}') as Record<string, unknown>
    expect(readCell(record, '__proto__')).toBe('p')
    expect(readCell(record, 'a.b')).toBe(1)
    expect(readCell(record, 'x[0]')).toBe(2)
    expect(readCell(record, 'constructor')).toBeUndefined()
    expect(readCell({}, '__proto__')).toBeUndefined()
    expect(readCell({}, 'toString')).toBeUndefined()
  })
})

describe('header sort state', () => {
  it('says a column’s part in the sort before the table model has loaded, as the model does', () => {
    const sort = [
      { field: 'country', desc: true },
      { field: 'pop', desc: false },
    ]
    expect(headerSortOf(sort, 'pop')).toEqual({ direction: 'asc', index: 1, keys: 2 })
    expect(headerSortOf(sort, 'country')).toEqual({ direction: 'desc', index: 0, keys: 2 })
    expect(headerSortOf(sort, 'year')).toBe(UNSORTED)
  })

  const [, pop, , constructorColumn] = columnSpecs(fields, t)
  /** A column's part in a sort, as the table model says it. */
  const sortedBy = (sort: Array<{ field: string; desc: boolean }>, id: string): HeaderSort => {
    const index = sort.findIndex((key) => key.field === id)
    return { direction: index === -1 ? false : sort[index]!.desc ? 'desc' : 'asc', index, keys: sort.length }
  }

  it('names the sort state and marks only the primary key with aria-sort', () => {
    const single = headerSortInfo(sortedBy([{ field: 'pop', desc: true }], 'pop'), pop!, t)
    expect(single).toMatchObject({ direction: 'desc', position: null, ariaSort: 'descending' })
    expect(single.accessibleName).toBe('Population (pop), sorted descending')

    const sort = [
      { field: 'constructor', desc: false },
      { field: 'pop', desc: true },
    ]
    expect(headerSortInfo(sortedBy(sort, 'pop'), pop!, t)).toMatchObject({
      position: 2,
      ariaSort: 'none',
      accessibleName: 'Population (pop), sorted descending, 2nd',
    })
    expect(headerSortInfo(sortedBy(sort, 'constructor'), constructorColumn!, t).accessibleName).toBe(
      'constructor, sorted ascending, 1st',
    )
    expect(headerSortInfo(UNSORTED, pop!, t)).toMatchObject({ direction: null, ariaSort: 'none' })
  })
})

describe('shownCellText', () => {
  it('keeps text that the width can show whole', () => {
    expect(shownCellText('Köln 42', 120)).toEqual({ text: 'Köln 42', cut: false })
  })

  it('cuts a long note to what the column can show, ending with an ellipsis', () => {
    const note = 'a'.repeat(630)
    const shown = shownCellText(note, 300)
    expect(shown.cut).toBe(true)
    expect(shown.text).toBe(`${'a'.repeat(100)}…`)
  })

  it('shows more of the value when the column is wider', () => {
    const note = 'word '.repeat(200)
    expect(shownCellText(note, 600).text.length).toBeGreaterThan(shownCellText(note, 300).text.length)
  })

  it('never splits an emoji in half', () => {
    const text = `${'x'.repeat(9)}😀${'y'.repeat(20)}`
    const shown = shownCellText(text, 30) // room for 10 characters: the 10th is the emoji's first half
    expect(shown.text).toBe(`${'x'.repeat(9)}…`)
  })
})

describe('columnsOnFirstScreen', () => {
  it('counts the columns that start inside the view, including one cut by its edge', () => {
    // starts at 56, 256, 456, 656: the view ends at 600, so the fourth column starts off screen
    expect(columnsOnFirstScreen([200, 200, 200, 200], 56, 600)).toBe(3)
    expect(columnsOnFirstScreen([200, 200, 200, 200], 56, 457)).toBe(3)
    expect(columnsOnFirstScreen([200, 200, 200, 200], 56, 456)).toBe(2)
  })

  it('gives every column when they all fit, and none when even the row numbers fill the view', () => {
    expect(columnsOnFirstScreen([100, 100], 56, 1280)).toBe(2)
    expect(columnsOnFirstScreen([], 56, 1280)).toBe(0)
    expect(columnsOnFirstScreen([100, 100], 56, 40)).toBe(0)
  })
})

describe('drawsEveryColumn', () => {
  const settled = { firstScreenOnly: true, settledRows: true, moving: false, whole: { first: 0, last: 35 } }

  it('draws the first screen alone for rows not yet painted, and every column once they are', () => {
    expect(drawsEveryColumn(3, { ...settled, settledRows: false })).toBe(false)
    expect(drawsEveryColumn(3, settled)).toBe(true)
  })

  it('keeps rows drawn whole while scrolling, and draws rows coming into view with the first screen', () => {
    const moving = { ...settled, moving: true, whole: { first: 10, last: 45 } }
    expect(drawsEveryColumn(10, moving)).toBe(true)
    expect(drawsEveryColumn(45, moving)).toBe(true)
    expect(drawsEveryColumn(46, moving)).toBe(false)
    expect(drawsEveryColumn(9, moving)).toBe(false)
  })

  it('draws every column when scrolled sideways or when the active cell is past the first screen', () => {
    const anywhere = {
      firstScreenOnly: false,
      settledRows: false,
      moving: true,
      whole: { first: 0, last: -1 },
    }
    expect(drawsEveryColumn(500, anywhere)).toBe(true)
  })
})

describe('room for the columns cut short', () => {
  const [city, country, year] = columnSpecs(
    [
      { id: 'city', type: 'text' },
      { id: 'country', type: 'text' },
      { id: 'year', type: 'int' },
    ],
    t,
  )
  const records = [
    { city: 'Chicago/Schaumburg', country: 'US', year: 2020 },
    { city: 'Oak Park', country: 'US', year: 2021 },
  ]
  const columns = [
    { spec: city!, width: 100 },
    { spec: country!, width: 100 },
    { spec: year!, width: 110 },
  ]
  const wanted = wantedWidths([city!, country!, year!], records)

  it('wants the width of each column’s longest value', () => {
    expect(wanted.get('city')).toBeGreaterThan(150)
    expect(wanted.get('country')).toBeLessThan(100)
  })

  it('gives the spare room to the columns cut short first, up to what they want', () => {
    const roomy = withRoom(columns, 600, wanted)
    expect(roomy[0]!.width).toBe(wanted.get('city'))
    expect(roomy[1]).toBe(columns[1])
    expect(roomy[2]!.width).toBe(110)
  })

  it('shares too little room in proportion, and gives none when there is none or it is not wanted', () => {
    expect(withRoom(columns, 330, wanted)[0]!.width).toBe(120)
    expect(withRoom(columns, 300, wanted)).toBe(columns)
    const fitting = [{ spec: country!, width: 100 }]
    expect(withRoom(fitting, 900, wanted)).toBe(fitting)
  })

  it('leaves a column the reader sized as it is, and moves the kept-in-view ones after a widened one', () => {
    const sized = [{ ...columns[0]!, userSized: true }, columns[1]!]
    expect(withRoom(sized, 900, wanted)).toBe(sized)
    const pinned = [
      { ...columns[0]!, pinnedAt: 0 },
      { ...columns[2]!, pinnedAt: 100 },
    ]
    const roomy = withRoom(pinned, 900, wanted)
    expect(roomy[1]!.pinnedAt).toBe(roomy[0]!.width)
  })
})

describe('fitting a column to its content', () => {
  const measure = { cell: (text: string) => text.length * 8, header: (text: string) => text.length * 9 }

  it('takes the longest value, and the name with its buttons, within limits', () => {
    expect(fittedWidth(['Oak Park', 'Chicago/Schaumburg'], 'city', measure)).toBe(18 * 8 + 18)
    expect(fittedWidth(['x'], 'a long column name', measure)).toBe(18 * 9 + 62)
    expect(fittedWidth(['x'.repeat(500)], 'c', measure)).toBe(640)
    expect(fittedWidth([], '', measure)).toBe(62)
  })

  it('says when a value likely runs past its cell', () => {
    expect(likelyCut('Chicago/Schaumburg', 100)).toBe(true)
    expect(likelyCut('Oak Park', 100)).toBe(false)
  })
})

describe("stepped widths (the column menu's Narrower and Wider)", () => {
  it('takes a quarter off or adds a quarter, in whole pixels', () => {
    expect(steppedWidth(200, 1)).toBe(250)
    expect(steppedWidth(200, -1)).toBe(150)
    expect(steppedWidth(121, 1)).toBe(151)
    expect(steppedWidth(121, -1)).toBe(91)
  })

  it('stays within the limits a drag keeps to', () => {
    expect(steppedWidth(60, -1)).toBe(MIN_COLUMN_WIDTH)
    expect(steppedWidth(MIN_COLUMN_WIDTH, -1)).toBe(MIN_COLUMN_WIDTH)
    expect(steppedWidth(1000, 1)).toBe(MAX_COLUMN_WIDTH)
    expect(steppedWidth(MAX_COLUMN_WIDTH, 1)).toBe(MAX_COLUMN_WIDTH)
    // a step from the limit moves away from it
    expect(steppedWidth(MIN_COLUMN_WIDTH, 1)).toBe(60)
    expect(steppedWidth(MAX_COLUMN_WIDTH, -1)).toBe(900)
  })

  it('clamps as a dragged width is clamped', () => {
    expect(columnWidthWithin(10)).toBe(MIN_COLUMN_WIDTH)
    expect(columnWidthWithin(5000)).toBe(MAX_COLUMN_WIDTH)
    expect(columnWidthWithin(123.6)).toBe(124)
  })
})

describe('sameColumns (the rows keep their columns when the table model arrives)', () => {
  const specs = columnSpecs(fields, t)
  const layout = { hidden: [], columns: [], pinned: ['constructor'] }
  const first = firstShownColumns(specs, fields, layout)

  it('holds a list equal to another built from the same view', () => {
    const again = firstShownColumns(specs, fields, layout)
    expect(again).not.toBe(first)
    expect(sameColumns(first, again)).toBe(true)
  })

  it('tells a width, a pin, an order, a column or a width the reader set apart', () => {
    const widened = first.map((column, index) =>
      index === 0 ? { ...column, width: column.width + 1 } : column,
    )
    expect(sameColumns(first, widened)).toBe(false)
    expect(sameColumns(first, firstShownColumns(specs, fields, { ...layout, pinned: [] }))).toBe(false)
    expect(sameColumns(first, [...first].reverse())).toBe(false)
    expect(sameColumns(first, first.slice(1))).toBe(false)
    const sized = first.map((column, index) => (index === 0 ? { ...column, userSized: true } : column))
    expect(sameColumns(first, sized)).toBe(false)
    // an unset flag and false draw the same
    const unsized = first.map((column) => ({ ...column, userSized: false }))
    expect(sameColumns(first, unsized)).toBe(true)
  })

  it("tells another table's column of the same name apart", () => {
    const otherSpecs = columnSpecs(fields, t)
    expect(sameColumns(first, firstShownColumns(otherSpecs, fields, layout))).toBe(false)
  })
})
