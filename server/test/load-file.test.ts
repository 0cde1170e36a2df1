import fc from 'fast-check'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { describeFixes, readCsvRows } from '../data/csv-rows.ts'
import { guessColumnType } from '../data/csv-types.ts'
import {
  definitionFromCsv,
  definitionsFromJson,
  loadFile,
  LoadError,
  resourceIdFromFileName,
} from '../data/load-file.ts'

describe('CSV typing (DataPusher-like)', () => {
  it('types a column by the narrowest type every non-empty cell fits', () => {
    expect(guessColumnType(['1', '2', '', '-3'])).toBe('int4')
    expect(guessColumnType(['1', '3000000000'])).toBe('int8')
    expect(guessColumnType(['1', '2.5', '1e3'])).toBe('numeric')
    expect(guessColumnType(['2024-01-31', ''])).toBe('date')
    expect(guessColumnType(['2024-01-31', '2024-02-01 10:00'])).toBe('timestamp')
    expect(guessColumnType(['2024-02-30'])).toBe('text')
    expect(guessColumnType(['1', 'two'])).toBe('text')
    expect(guessColumnType(['', ''])).toBe('text')
  })

  it('keeps codes with leading zeros as text', () => {
    expect(guessColumnType(['00501', '12345'])).toBe('text')
    expect(guessColumnType(['0', '10'])).toBe('int4')
  })

  it('builds a resource from a CSV file: id from the file name, typed fields, NULL for empty typed cells', () => {
    const csv =
      '\uFEFFzip,name,population,ratio\n00501,Holtsville,"1,000",0.5\n12345,"Schenectady, NY",,1.25\n'
    const def = definitionFromCsv(csv, '/tmp/My Zips (2024).csv')
    expect(def.resource_id).toBe('my-zips-2024')
    expect(def.fields).toEqual([
      { id: 'zip', type: 'text' },
      { id: 'name', type: 'text' },
      { id: 'population', type: 'text' },
      { id: 'ratio', type: 'numeric' },
    ])
    expect(def.records).toEqual([
      ['00501', 'Holtsville', '1,000', '0.5'],
      ['12345', 'Schenectady, NY', '', '1.25'],
    ])
  })
})

describe('CSV rows that do not fit', () => {
  const error = (text: string): string => {
    try {
      definitionFromCsv(text, 'data.csv')
    } catch (caught) {
      expect(caught).toBeInstanceOf(LoadError)
      return (caught as Error).message
    }
    throw new Error('loaded without an error')
  }

  it('refuses a row with an extra cell or a missing one, naming the file, the line and the header’s width', () => {
    expect(error('a,b,c,d\n1,2,3,4\n1,2,3,4,5\n')).toBe(
      'data.csv: line 3 has 5 cells, the header has 4 (--lenient loads such rows anyway)',
    )
    expect(error('a,b,c,d\n1,2,3,4\n1,2,3,4\n1,2,3\n')).toBe(
      'data.csv: line 4 has 3 cells, the header has 4 (--lenient loads such rows anyway)',
    )
    expect(error('a,b\n1\n')).toBe(
      'data.csv: line 2 has 1 cell, the header has 2 (--lenient loads such rows anyway)',
    )
  })

  it('refuses a quote that never closes, at the line where it opens, instead of reading the rest of the file as one cell', () => {
    const text = ['a,b', '1,2', '3,"4', '5,6', '7,8', ''].join('\n')
    expect(error(text)).toBe(
      'data.csv: line 3: a quote opened here is never closed (--lenient reads it as a plain character)',
    )
    // text after a closing quote would let the cell run on to a quote lines further
    expect(error('a,b\n"ab"c,2\n"d",3\n')).toMatch(
      /^data\.csv: line 2: a quoted cell here has text after its closing quote/,
    )
  })

  it('counts lines as an editor does: a quoted cell over several lines, CRLF, lone CR, blank lines, a BOM', () => {
    const rows = ['id,note', '1,"first line\nsecond line\nthird line"', '', '2,"a ""quoted"" word"', '3']
    const crlf = `\uFEFF${rows.join('\n').replaceAll('\n', '\r\n')}\r\n`
    expect(error(crlf)).toBe(
      'data.csv: line 7 has 1 cell, the header has 2 (--lenient loads such rows anyway)',
    )
    expect(error(rows.join('\n'))).toMatch(/^data\.csv: line 7 has 1 cell/)
    expect(error(rows.join('\n').replaceAll('\n', '\r'))).toMatch(/^data\.csv: line 7 has 1 cell/)
    expect(error('id;note\r\n1;"x\r\ny"\r\n2;"never\r\nclosed\r\n3;z\r\n')).toMatch(
      /^data\.csv: line 4: a quote opened here is never closed/,
    )
  })

  it('on generated files with quoted cells over several lines, names the right line and reads sound files as papaparse does', () => {
    const cell = fc
      .array(fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r\n'), { maxLength: 6 })
      .map((chars) => `x${chars.join('')}`)
    const quoted = (value: string): string =>
      /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.record({
            rows: fc.array(fc.array(cell, { minLength: width, maxLength: width }), {
              minLength: 2,
              maxLength: 8,
            }),
            newline: fc.constantFrom('\n', '\r\n'),
            ragged: fc.nat(),
          }),
        ),
        ({ rows, newline, ragged }) => {
          const lines = rows.map((cells) => cells.map(quoted).join(','))
          const text = lines.join(newline) + newline
          expect(readCsvRows(text).rows).toEqual(
            Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data.slice(1),
          )
          // one row gets an extra cell: the error names the line it starts on
          const bad = 1 + (ragged % (rows.length - 1))
          const broken = lines.map((line, i) => (i === bad ? `${line},extra` : line))
          const before = broken.slice(0, bad).join(newline) + newline
          const expectedLine = before.split(/\r\n|\n|\r/).length
          expect(() => readCsvRows(broken.join(newline))).toThrow(`line ${expectedLine} has`)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('loads well-formed files as before: quoted delimiters, doubled quotes, semicolons, tabs, blank lines', () => {
    expect(readCsvRows('a,b\n"x, ""y""",2\n\n  \n3,4').rows).toEqual([
      ['x, "y"', '2'],
      ['3', '4'],
    ])
    expect(readCsvRows('a;b\r\n1;2\r\n').rows).toEqual([['1', '2']])
    expect(readCsvRows('a\tb\n1\t2\n').rows).toEqual([['1', '2']])
  })

  it('with --lenient, pads short rows, cuts long ones, reads a broken quote as a character to the end of its line, and says so', () => {
    const text = ['a,b,c', '1,2', '3,4,5,6', '7,"8,9', '10,11,12', ''].join('\n')
    const reports: string[] = []
    const definition = definitionFromCsv(text, 'data.csv', {
      lenient: true,
      report: (line) => reports.push(line),
    })
    expect(definition.records).toEqual([
      ['1', '2', null],
      ['3', '4', '5'],
      ['7', '"8', '9'],
      ['10', '11', '12'],
    ])
    expect(reports).toEqual([
      "data.csv: --lenient fixed 3 rows: 1 short row padded with empty cells (line 2); 1 long row cut to the header's 3 cells (line 3); 1 quote that did not close read as plain characters (line 4)",
    ])
    // nothing to fix: nothing said
    const quiet: string[] = []
    definitionFromCsv('a\n1\n', 'ok.csv', { lenient: true, report: (line) => quiet.push(line) })
    expect(quiet).toEqual([])
  })

  it('lists the first five lines of each fix and counts each row once', () => {
    const text = ['a,b', ...Array.from({ length: 7 }, () => '1'), '"2,3'].join('\n')
    const { fixes } = readCsvRows(text, { lenient: true })
    expect(fixes).toEqual({ rows: 8, padded: [2, 3, 4, 5, 6, 7, 8], cut: [], quotes: [9] })
    expect(describeFixes(fixes, 2)).toBe(
      '--lenient fixed 8 rows: 7 short rows padded with empty cells (lines 2, 3, 4, 5, 6, …); 1 quote that did not close read as plain characters (line 9)',
    )
  })
})

describe('JSON inputs', () => {
  it('reads datastore_create-shaped input, alone or in a list', () => {
    const one = {
      resource_id: 'r1',
      fields: [{ id: 'a', type: 'int' }],
      records: [{ a: 1 }],
      aliases: ['one'],
      private: true,
    }
    expect(definitionsFromJson(one, 'x.json')).toEqual([
      {
        resource_id: 'r1',
        fields: [{ id: 'a', type: 'int' }],
        records: [{ a: 1 }],
        aliases: ['one'],
        private: true,
        name: 'r1',
        description: undefined,
        package_title: undefined,
        package_id: undefined,
      },
    ])
    const many = definitionsFromJson([one, { ...one, resource_id: 'r2' }], 'x.json')
    expect(many.map((d) => d.resource_id)).toEqual(['r1', 'r2'])
  })

  it('reads a saved datastore_search response, dropping _id and rank', () => {
    const response = {
      help: 'h',
      success: true,
      result: {
        resource_id: 'abc',
        fields: [
          { id: '_id', type: 'int' },
          { id: 'name', type: 'text' },
          { id: 'n', type: 'int' },
          { id: 'rank', type: 'float' },
        ],
        records: [{ _id: 1, name: 'x', n: 2, rank: 0.1 }],
      },
    }
    const [def] = definitionsFromJson(response, 'saved.json')
    expect(def!.resource_id).toBe('abc')
    expect(def!.fields).toEqual([
      { id: 'name', type: 'text' },
      { id: 'n', type: 'int4' },
    ])
    expect(def!.records).toEqual([{ name: 'x', n: 2 }])
  })

  it('explains malformed input in one line', () => {
    expect(() => definitionsFromJson({ resource_id: 'x', fields: 'nope' }, 'bad.json')).toThrow(
      new LoadError('bad.json: "fields" must be a list'),
    )
    expect(() => definitionsFromJson({ help: 'h', success: false, error: {} }, 'err.json')).toThrow(LoadError)
  })

  it('reports unreadable and invalid files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'load-file-'))
    await expect(loadFile(path.join(dir, 'missing.json'))).rejects.toThrow(/no such file/)
    const broken = path.join(dir, 'broken.json')
    await writeFile(broken, '{oops')
    await expect(loadFile(broken)).rejects.toThrow(/is not valid JSON/)
  })

  it('derives readable ids from file names', () => {
    expect(resourceIdFromFileName('data/Café Données.csv')).toBe('cafe-donnees')
    expect(resourceIdFromFileName('___.csv')).toBe('resource')
  })
})
