import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { createXlsxBuilder } from './xlsx-workbook'

describe('the .xlsx file', () => {
  it('has typed cells under the column ids, and the data dictionary on a second sheet', async () => {
    const columns = [
      { id: 'name', type: 'text', label: 'Name', notes: 'Place name' },
      { id: 'population', type: 'int8' },
      { id: 'founded', type: 'date' },
      { id: 'updated at', type: 'timestamp' },
      { id: 'active', type: 'bool' },
    ]
    const builder = await createXlsxBuilder(columns, {
      recordsSheet: 'Records',
      columnsSheet: 'Columns',
      columnsHeader: ['Column', 'Label', 'Notes'],
    })
    builder.addRows([
      ['Köln', 1_000_000, '1993-01-24', '2000-09-13T01:31:45', true],
      ['Old', null, '1483-01-24', null, false],
    ])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await builder.finish())
    const records = workbook.getWorksheet('Records')!
    expect(records.getRow(1).values).toEqual([
      undefined,
      'name',
      'population',
      'founded',
      'updated at',
      'active',
    ])
    expect(records.getRow(2).values).toEqual([
      undefined,
      'Köln',
      1_000_000,
      new Date(Date.UTC(1993, 0, 24)),
      new Date(Date.UTC(2000, 8, 13, 1, 31, 45)),
      true,
    ])
    expect(records.getCell('C2').numFmt).toBe('yyyy-mm-dd')
    // before 1900: ISO text; null: an empty cell
    expect(records.getRow(3).values).toEqual([undefined, 'Old', undefined, '1483-01-24', undefined, false])
    const dictionary = workbook.getWorksheet('Columns')!
    expect(dictionary.getRow(2).values).toEqual([undefined, 'name', 'Name', 'Place name'])
    expect(dictionary.rowCount).toBe(1 + columns.length)
  })
})
