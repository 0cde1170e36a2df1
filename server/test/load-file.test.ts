import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
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
