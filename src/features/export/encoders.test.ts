import { describe, expect, it } from 'vitest'
import {
  createJsonArrayWriter,
  csvHeader,
  csvRows,
  xlsxCell,
  XLSX_DATE_FORMAT,
  XLSX_TIMESTAMP_FORMAT,
} from './encoders'

describe('CSV', () => {
  it('writes what CKAN’s dump writes for the same records', () => {
    // the bundled server's dump of generated-cities, records 1 and 3 (its CSV is PostgreSQL's)
    const dump =
      '_id,name,active,founded,updated at,growth %,tags,details,notes\r\n' +
      '1,Düsseldorf 1,t,1483-01-24,1993-01-24T18:40:21,-2.91,[],"{""rank"":0,""coords"":[40.29,-60.99]}",Düsseldorf — note 1\n' +
      '3,תל אביב 3,f,,,9.97,"[""coastal"",""industrial""]","{""rank"":2}",<img src=x onerror=alert(1)>\n'
    const ids = ['_id', 'name', 'active', 'founded', 'updated at', 'growth %', 'tags', 'details', 'notes']
    const types = ['int', 'text', 'bool', 'date', 'timestamp', 'numeric', '_text', 'json', 'text']
    const columns = types.map((type) => ({ type }))
    const rows = [
      [
        1,
        'Düsseldorf 1',
        true,
        '1483-01-24',
        '1993-01-24T18:40:21',
        -2.91,
        [],
        { rank: 0, coords: [40.29, -60.99] },
        'Düsseldorf — note 1',
      ],
      [
        3,
        'תל אביב 3',
        false,
        null,
        null,
        9.97,
        ['coastal', 'industrial'],
        { rank: 2 },
        '<img src=x onerror=alert(1)>',
      ],
    ]
    // the same text, but for the header's line end: the file ends every line alike
    expect(csvHeader(ids) + csvRows(rows, columns)).toBe(dump.replace('\r\n', '\n'))
  })

  it('quotes what needs it, and tells an empty text from a missing value', () => {
    expect(csvHeader(['a,b', 'say "x"', 'plain'])).toBe('"a,b","say ""x""",plain\n')
    const text = [{ type: 'text' }, { type: 'text' }, { type: 'text' }, { type: 'text' }]
    expect(csvRows([['', null, 'two\nlines', 'a,b']], text)).toBe('"",,"two\nlines","a,b"\n')
  })

  it('writes JSON and array columns as the dump does: as JSON text, a missing value as null', () => {
    const columns = [{ type: 'json' }, { type: '_text' }, { type: 'int' }, { type: 'json' }, { type: 'json' }]
    expect(csvRows([[null, null, null, 'a,b', true]], columns)).toBe('null,null,,"""a,b""",true\n')
  })
})

describe('JSON', () => {
  const columns = [
    { id: 'n', type: 'numeric' },
    { id: 'd', type: 'timestamp' },
    { id: '__proto__', type: 'bool' },
    { id: 'j', type: 'json' },
  ]

  it('is an array of records of raw values, even with no record', () => {
    const writer = createJsonArrayWriter(columns)
    const text =
      writer.head +
      writer.rows([[' 12.50', '2020-01-02 03:04:05', 't', { a: [1] }]]) +
      writer.rows([[1, null, false, null]]) +
      writer.tail()
    expect(JSON.parse(text)).toEqual([
      JSON.parse('{"n":12.5,"d":"2020-01-02T03:04:05","__proto__":true,"j":{"a":[1]}}'),
      JSON.parse('{"n":1,"d":null,"__proto__":false,"j":null}'),
    ])
    const empty = createJsonArrayWriter(columns)
    expect(JSON.parse(empty.head + empty.tail())).toEqual([])
  })
})

describe('XLSX cells', () => {
  it('keeps numbers numeric and booleans boolean', () => {
    expect(xlsxCell('  12.5', 'numeric')).toEqual({ value: 12.5 })
    expect(xlsxCell(true, 'bool')).toEqual({ value: true })
    expect(xlsxCell(null, 'int')).toEqual({ value: null })
  })

  it('makes dates date cells on the wall clock they name, and earlier than 1900 ISO text', () => {
    expect(xlsxCell('1993-01-24', 'date')).toEqual({
      value: new Date(Date.UTC(1993, 0, 24)),
      numFmt: XLSX_DATE_FORMAT,
    })
    expect(xlsxCell('1993-01-24T18:40:21', 'timestamp')).toEqual({
      value: new Date(Date.UTC(1993, 0, 24, 18, 40, 21)),
      numFmt: XLSX_TIMESTAMP_FORMAT,
    })
    expect(xlsxCell('1483-01-24', 'date')).toEqual({ value: '1483-01-24' })
    expect(xlsxCell('not a date', 'date')).toEqual({ value: 'not a date' })
  })

  it('writes arrays and objects as JSON text', () => {
    expect(xlsxCell(['a', 'b'], '_text')).toEqual({ value: '["a","b"]' })
    expect(xlsxCell({ a: 1 }, 'json')).toEqual({ value: '{"a":1}' })
  })
})
