import { describe, expect, it } from 'vitest'
import {
  createCsvRecordSplitter,
  createDumpJsonReader,
  firstCsvRecordLength,
  readCsvRecords,
} from '../dump-readers'
import { dumpUrl, openDump, prepareDumpRequest, type DumpRequest } from '../dump'
import { CkanError } from '../errors'

const view: DumpRequest = {
  resourceId: 'generated-cities',
  q: 'berl:*',
  plain: false,
  filters: { country: ['Germany', 'France'] },
  sort: [
    { field: 'year', desc: true },
    { field: '_id', desc: true },
  ],
  fields: ['name', 'city name', 'year'],
  limit: 500,
}

describe('dumpUrl', () => {
  it('puts the view in the dump’s query string, under the locale prefix', () => {
    const url = new URL(dumpUrl('http://host/en/', view, 'csv')!)
    expect(url.origin + url.pathname).toBe('http://host/en/datastore/dump/generated-cities')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'csv',
      q: 'berl:*',
      plain: 'false',
      filters: '{"country":["Germany","France"]}',
      sort: 'year desc nulls last,_id desc',
      fields: 'name,city name,year',
      limit: '500',
    })
  })

  it('works on a portal without a locale prefix, and leaves out what the view does not set', () => {
    const url = dumpUrl('http://host', { resourceId: 'a/b', fields: ['x'] }, 'json')
    expect(url).toBe('http://host/datastore/dump/a%2Fb?format=json&fields=x')
  })

  it('leaves `nulls last` out of the sort for a portal older than CKAN 2.10', () => {
    const url = new URL(dumpUrl('http://host/en', view, 'csv', { nullsLast: false })!)
    expect(url.searchParams.get('sort')).toBe('year desc,_id desc')
  })

  it('sends an offset to resume a dump', () => {
    const url = new URL(dumpUrl('http://host', { resourceId: 'r', fields: ['x'], offset: 300 }, 'csv')!)
    expect(url.searchParams.get('offset')).toBe('300')
  })

  it('gives up on a column name with a comma, which the dump would split', () => {
    expect(dumpUrl('http://host', { resourceId: 'r', fields: ['a,b'] }, 'csv')).toBeNull()
    expect(
      dumpUrl(
        'http://host',
        { resourceId: 'r', fields: ['x'], sort: [{ field: 'a,b', desc: false }] },
        'csv',
      ),
    ).toBeNull()
  })
})

describe('prepareDumpRequest', () => {
  it('sends the token in Authorization to the portal, never in the URL', () => {
    const prepared = prepareDumpRequest(
      { baseUrl: 'https://portal.example/en', token: ' secret ' },
      view,
      'csv',
    )!
    expect(prepared.init.headers).toEqual({ Authorization: 'secret' })
    expect(prepared.url).not.toContain('secret')
    expect(prepared.init.credentials).toBe('omit')
  })

  it('sends no header without a token (a simple request)', () => {
    const prepared = prepareDumpRequest({ baseUrl: 'https://portal.example/en' }, view, 'json')!
    expect(prepared.init.headers).toEqual({})
  })
})

function fakeFetch(response: Response | Error) {
  return (async () => {
    if (response instanceof Error) throw response
    return response
  }) as unknown as typeof fetch
}

describe('openDump', () => {
  const prepared = prepareDumpRequest({ baseUrl: 'http://127.0.0.1:1/en' }, view, 'csv')!

  it('gives the body of a CSV answer', async () => {
    const body = await openDump(prepared, 'csv', {
      fetch: fakeFetch(new Response('a\n1\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })),
    })
    expect(await new Response(body).text()).toBe('a\n1\n')
  })

  it('refuses an HTML page (a portal without the dump) as not CKAN', async () => {
    const html = new Response('<html>hello</html>', { headers: { 'content-type': 'text/html' } })
    await expect(openDump(prepared, 'csv', { fetch: fakeFetch(html) })).rejects.toMatchObject({
      kind: 'not-ckan',
    })
  })

  it('reports a 404, a 409 and a 503 with their status', async () => {
    for (const status of [404, 409, 503, 429]) {
      const answer = new Response('{}', { status, headers: { 'content-type': 'application/json' } })
      const error = await openDump(prepared, 'csv', { fetch: fakeFetch(answer) }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CkanError)
      expect((error as CkanError).status).toBe(status)
    }
  })

  it('reports a blocked call as such', async () => {
    const error = await openDump(prepared, 'csv', {
      fetch: fakeFetch(new TypeError('Failed to fetch')),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CkanError)
    expect(['cors', 'network']).toContain((error as CkanError).kind)
  })
})

/** Every way of cutting a text in two places. */
function* splits(text: string): Generator<string[]> {
  for (let a = 0; a <= text.length; a++)
    for (let b = a; b <= text.length; b += 3) yield [text.slice(0, a), text.slice(a, b), text.slice(b)]
}

describe('CSV record splitter', () => {
  const csv = 'id,"a,b"\r\n1,"two\nlines"\n2,"say ""hi"""\n3,é€\n'
  const bytes = new TextEncoder().encode(csv)
  const decode = (parts: Uint8Array[]) => new TextDecoder().decode(concat(parts))

  it('hands back whole records only, however the bytes are cut (inside a character too)', () => {
    for (let a = 0; a <= bytes.length; a++) {
      for (let b = a; b <= bytes.length; b += 3) {
        const splitter = createCsvRecordSplitter()
        const out: Uint8Array[] = []
        let records = 0
        for (const part of [bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)]) {
          const piece = splitter.push(part)
          // what is handed back ends a record
          expect(piece.parts.length === 0 || piece.parts.at(-1)!.at(-1) === 10).toBe(true)
          out.push(...piece.parts)
          records += piece.records
        }
        expect(decode(out)).toBe(csv)
        expect(records).toBe(4)
        expect(splitter.rest()).toHaveLength(0)
      }
    }
  })

  it('keeps a last record without its line break', () => {
    const splitter = createCsvRecordSplitter()
    const piece = splitter.push(new TextEncoder().encode('a\n1,"x'))
    expect(decode(piece.parts)).toBe('a\n')
    expect(piece.records).toBe(1)
    expect(decode([splitter.rest()])).toBe('1,"x')
  })

  it('finds where the first record ends, past a quoted line break', () => {
    expect(firstCsvRecordLength(new TextEncoder().encode('"a\nb",c\r\n1,2\n'))).toBe(9)
    expect(firstCsvRecordLength(new TextEncoder().encode('"a\nb'))).toBe(-1)
  })
})

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.length
  }
  return all
}

describe('dump JSON reader', () => {
  const dump =
    '{\n  "fields": [{"id":"_id","type":"int"},{"id":"a]b","type":"text","info":{"label":"A"}}],\n  "records": [' +
    '\n    [1,"x\\"]y"],\n    [2,{"k":[1,{"z":"}"}]}],\n    [3,null]\n]}\n'

  it('reads the fields and every record, however the text is cut', () => {
    for (const parts of splits(dump)) {
      const reader = createDumpJsonReader()
      const records: unknown[][] = []
      let fields: unknown
      for (const part of parts) {
        const out = reader.push(part)
        if (out.fields) fields = out.fields
        records.push(...out.records)
      }
      reader.end()
      expect(fields).toEqual([
        { id: '_id', type: 'int' },
        { id: 'a]b', type: 'text', info: { label: 'A' } },
      ])
      expect(records).toEqual([
        [1, 'x"]y'],
        [2, { k: [1, { z: '}' }] }],
        [3, null],
      ])
    }
  })

  it('says when the dump was cut off', () => {
    const reader = createDumpJsonReader()
    reader.push(dump.slice(0, dump.length - 5))
    expect(() => reader.end()).toThrow(CkanError)
  })
})

describe('readCsvRecords', () => {
  const read = (text: string) => {
    const records: (string | null)[][] = []
    readCsvRecords(text, (values) => records.push([...values]))
    return records
  }

  it('reads quoted values with commas, quotes and line breaks, and tells null from the empty text', () => {
    expect(read('a,"b, c","say ""hi""\nthere"\n,"",x\n')).toEqual([
      ['a', 'b, c', 'say "hi"\nthere'],
      [null, '', 'x'],
    ])
  })

  it('drops the \\r of a \\r\\n line end, and reads a last record without its line feed', () => {
    expect(read('name,"year"\r\nKöln,2013\r\nNîmes,')).toEqual([
      ['name', 'year'],
      ['Köln', '2013'],
      ['Nîmes', null],
    ])
  })

  it('reads an empty line of a one-column CSV as a missing value', () => {
    expect(read('1\n\n3\n')).toEqual([['1'], [null], ['3']])
  })
})

describe('readCsvRecords in steps', () => {
  it('reads so many records at a time, and says where the next one starts', () => {
    const text = 'a,"x\ny"\nb,2\nc,3\n'
    const records: (string | null)[][] = []
    const visit = (values: (string | null)[]) => records.push([...values])
    let at = 0
    const steps: number[] = []
    while (at < text.length) {
      at = readCsvRecords(text, visit, at, 2)
      steps.push(at)
    }
    expect(records).toEqual([
      ['a', 'x\ny'],
      ['b', '2'],
      ['c', '3'],
    ])
    expect(steps).toEqual([text.indexOf('c,3'), text.length])
  })
})
