// Conformance of our `GET /datastore/dump/<resource_id>` with CKAN 2.12's (ckanext/datastore/
// blueprint.py and writer.py, and its tests in ckanext/datastore/tests/test_dump.py; 2.11's where
// they agree), over real HTTP. The records must be exactly what datastore_search returns for the
// same query; the writers' layout is CKAN's. Where CKAN answers a 500 (a bad sort), we answer
// datastore_search's 409. The dump's filters and 2.11's differences: conformance-2.12.test.ts.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBackends } from './backends.ts'
import { type RunningServer, startServer } from './start-server.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Dict = Record<string, Json>

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

const BOOKS = '22222222-2222-4222-8222-222222222222'
const SECRET = '66666666-6666-4666-8666-000000000067'
const EMPTY = '66666666-6666-4666-8666-000000000066'
const HUNDRED = '66666666-6666-4666-8666-000000000100'
const MARKUP = '66666666-6666-4666-8666-000000000072'
const TOKEN = 'dump-test-token'

// the suite's server, one per backend in turn
let server: RunningServer

interface Dump {
  status: number
  headers: Headers
  bytes: Buffer
  text: string
}

async function dump(path: string, init: RequestInit = {}): Promise<Dump> {
  const response = await fetch(server.url + path, init)
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') }
}

const dumpOf = (resourceId: string, params: Record<string, string> = {}, init: RequestInit = {}) =>
  dump(`/datastore/dump/${resourceId}?${new URLSearchParams(params).toString()}`, init)

/** datastore_search's answer (which must succeed) for the same query. */
async function search(data: Dict, headers: Record<string, string> = {}): Promise<Dict> {
  const response = await fetch(`${server.url}/api/3/action/datastore_search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ limit: 32000, include_total: false, ...data }),
  })
  const body = (await response.json()) as Dict
  if (body['success'] !== true) throw new Error(`search failed: ${JSON.stringify(body)}`)
  return body['result'] as Dict
}

async function searchError(data: Dict): Promise<{ status: number; error: Json }> {
  const response = await fetch(`${server.url}/api/3/action/datastore_search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  })
  return { status: response.status, error: ((await response.json()) as Dict)['error'] ?? null }
}

const fieldIds = (result: Dict): string[] => (result['fields'] as Dict[]).map((field) => String(field['id']))

/** What the CSV dump must be: Python's csv header row (\r\n), then datastore_search's CSV records. */
async function expectedCsv(data: Dict): Promise<string> {
  const result = await search({ ...data, records_format: 'csv' })
  return `${fieldIds(result).join(',')}\r\n${String(result['records'])}`
}

// on PostgreSQL too (DSE_TEST_PG_URL), where the dump reads a pg cursor on a connection of its own
for (const backend of testBackends()) {
  describe(`on ${backend.name}`, () => {
    beforeAll(async () => {
      const loads = ['f2-books.json', 'misc.json'].flatMap((name) => ['--load', fixture(name)])
      server = await startServer([...loads, '--token', TOKEN, '--quiet'], await backend.serverEnv())
    })

    afterAll(async () => {
      await server?.stop()
    })

    describe('formats', () => {
      it('CSV by default: the header row of field ids, _id first, then the records in _id order', async () => {
        const reply = await dumpOf(BOOKS)
        expect(reply.status).toBe(200)
        expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8')
        expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${BOOKS}.csv"`)
        expect(reply.text).toBe(await expectedCsv({ resource_id: BOOKS, sort: '_id' }))
        expect(reply.text.split('\r\n')[0]).toBe('_id,bük,author,published,characters,rating with %,nested')
        expect(reply.text.split('\n')).toHaveLength(4) // header and two records, each line ended
      })

      it('TSV: tab-separated, with its own type and file name', async () => {
        const reply = await dumpOf(BOOKS, { format: 'tsv' })
        expect(reply.status).toBe(200)
        expect(reply.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8')
        expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${BOOKS}.tsv"`)
        const result = await search({ resource_id: BOOKS, sort: '_id', records_format: 'tsv' })
        expect(reply.text).toBe(`${fieldIds(result).join('\t')}\r\n${String(result['records'])}`)
      })

      it("JSON: CKAN's {fields, records} with one record list per line", async () => {
        const reply = await dumpOf(BOOKS, { format: 'json' })
        expect(reply.status).toBe(200)
        expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8')
        expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${BOOKS}.json"`)
        const result = await search({ resource_id: BOOKS, sort: '_id', records_format: 'lists' })
        expect(JSON.parse(reply.text)).toEqual({ fields: result['fields'], records: result['records'] })
        // writer.py's layout, with simplejson's compact separators
        const lines = reply.text.split('\n')
        expect(lines[0]).toBe('{')
        expect(lines[1]).toMatch(/^ {2}"fields": \[\{"id":"_id","type":"int"\},\{"id":"bük","type":"text"\},/)
        expect(lines[2]).toBe('  "records": [')
        expect(lines[3]).toBe(
          '    [1,"annakarenina","tolstoy","2005-03-01T00:00:00.000",["Princess Anna","Sergius"],"60%",["b",{"moo":"moo"}]],',
        )
        expect(lines.slice(5)).toEqual([']}', ''])
      })

      it("XML: test_dump_xml's document (a row per record, _id as attribute, lists as keyed values, names as XML allows)", async () => {
        const reply = await dumpOf(BOOKS, { format: 'xml', limit: '1' })
        expect(reply.status).toBe(200)
        expect(reply.headers.get('content-type')).toBe('text/xml; charset=utf-8')
        expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${BOOKS}.xml"`)
        expect(reply.text).toBe(
          '<data xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
            '<row _id="1">' +
            '<bük>annakarenina</bük>' +
            '<author>tolstoy</author>' +
            '<published>2005-03-01T00:00:00.000</published>' +
            '<characters><value key="0">Princess Anna</value><value key="1">Sergius</value></characters>' +
            '<rating_with_>60%</rating_with_>' +
            '<nested><value key="0">b</value><value key="1"><value key="moo">moo</value></value></nested>' +
            '</row>\n' +
            '</data>\n',
        )
      })

      it('XML: nulls are xsi:nil, markup in values is escaped', async () => {
        const second = await dumpOf(BOOKS, { format: 'xml', offset: '1' })
        expect(second.text).toContain('<row _id="2"><bük>warandpeace</bük>')
        expect(second.text).toContain('<published xsi:nil="true" /><characters xsi:nil="true" />')
        const markup = await search({ resource_id: MARKUP, sort: '_id' })
        const reply = await dumpOf(MARKUP, { format: 'xml' })
        const escape = (text: string): string =>
          text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
        const rows = (markup['records'] as Dict[]).map(({ _id, cell }) =>
          cell === null || cell === undefined
            ? `<row _id="${String(_id)}"><cell xsi:nil="true" /></row>\n`
            : `<row _id="${String(_id)}"><cell>${escape(String(cell))}</cell></row>\n`,
        )
        expect(rows.join('')).toContain('&lt;')
        expect(reply.text).toBe(
          `<data xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${rows.join('')}</data>\n`,
        )
      })

      it('bom=true starts every format with the UTF-8 byte order mark; without it none', async () => {
        for (const format of ['csv', 'tsv', 'json', 'xml']) {
          const withBom = await dumpOf(BOOKS, { format, bom: 'true' })
          const without = await dumpOf(BOOKS, { format })
          expect([...withBom.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
          expect(withBom.bytes.subarray(3).equals(without.bytes)).toBe(true)
          expect(without.bytes[0]).not.toBe(0xef)
        }
      })

      it('an empty table dumps its header only', async () => {
        const reply = await dumpOf(EMPTY)
        expect(reply.status).toBe(200)
        expect(reply.text).toBe('_id,name\r\n')
        const json = await dumpOf(EMPTY, { format: 'json' })
        expect(JSON.parse(json.text)).toEqual({
          fields: [
            { id: '_id', type: 'int' },
            { id: 'name', type: 'text' },
          ],
          records: [],
        })
      })
    })

    describe('the query: the same records as datastore_search', () => {
      it('filters', async () => {
        const filters = JSON.stringify({ author: 'tolstoy', bük: 'warandpeace' })
        const reply = await dumpOf(BOOKS, { filters })
        expect(reply.text).toBe(await expectedCsv({ resource_id: BOOKS, filters, sort: '_id' }))
        expect(reply.text).toContain('warandpeace')
        expect(reply.text).not.toContain('annakarenina')
      })

      it('q (with its rank column), plain and language', async () => {
        const reply = await dumpOf(BOOKS, { q: 'annakarenina' })
        const expected = await expectedCsv({ resource_id: BOOKS, q: 'annakarenina', sort: '_id' })
        expect(reply.text).toBe(expected)
        expect(reply.text.split('\r\n')[0]).toMatch(/,rank$/)
        expect(reply.text.split('\n')).toHaveLength(3)

        const prefix = await dumpOf(BOOKS, { q: 'warand:*', plain: 'false', language: 'simple' })
        expect(prefix.text).toBe(
          await expectedCsv({
            resource_id: BOOKS,
            q: 'warand:*',
            plain: false,
            language: 'simple',
            sort: '_id',
          }),
        )
        expect(prefix.text).toContain('warandpeace')
      })

      it('filter values bind as datastore_search binds them: text for a number column, lists, null', async () => {
        const years = (await search({ resource_id: HUNDRED, limit: 3, sort: '_id' }))['records'] as Dict[]
        const [first, second] = years.map((record) => record['the year'] as number)
        const cases = [
          { 'the year': String(first) },
          { 'the year': [String(first), second!] },
          { 'the year': null },
        ]
        for (const value of cases) {
          const filters = JSON.stringify(value)
          const reply = await dumpOf(HUNDRED, { filters, format: 'tsv' })
          const expected = await search({ resource_id: HUNDRED, filters, sort: '_id', records_format: 'tsv' })
          expect(reply.status).toBe(200)
          expect(reply.text).toBe(`${fieldIds(expected).join('\t')}\r\n${String(expected['records'] ?? '')}`)
        }
        const listed = await dumpOf(HUNDRED, { filters: JSON.stringify(cases[1]) })
        expect(listed.text.trimEnd().split('\n').length).toBeGreaterThanOrEqual(3)
      })

      it('sort, offset and limit over more rows', async () => {
        const params = { sort: 'the year desc', offset: '10', limit: '25' }
        const reply = await dumpOf(HUNDRED, params)
        const expected = await expectedCsv({
          resource_id: HUNDRED,
          sort: 'the year desc',
          offset: 10,
          limit: 25,
        })
        expect(reply.text).toBe(expected)
        expect(reply.text.trimEnd().split('\n')).toHaveLength(26)
      })

      it('without limit, every row, even beyond rows_max pages', async () => {
        const reply = await dumpOf(HUNDRED, { format: 'json' })
        expect((JSON.parse(reply.text) as { records: unknown[] }).records).toHaveLength(100)
      })

      it('fields: only those columns, in the order given', async () => {
        const reply = await dumpOf(BOOKS, { fields: 'author,_id,bük', format: 'json' })
        const result = await search({ resource_id: BOOKS, fields: 'author,_id,bük', records_format: 'lists' })
        expect(JSON.parse(reply.text)).toEqual({ fields: result['fields'], records: result['records'] })
        expect(fieldIds(result)).toEqual(['author', '_id', 'bük'])
        // XML gives _id an attribute only when it comes first, as writer.py does
        const xml = await dumpOf(BOOKS, { fields: 'author,_id', format: 'xml', limit: '1' })
        expect(xml.text).toContain('<row><author>tolstoy</author><_id>1</_id></row>')
      })

      it('parameters the dump does not know are ignored, as dump_schema ignores them', async () => {
        const reply = await dumpOf(BOOKS, { records_format: 'objects', include_total: 'true', callback: 'x' })
        expect(reply.status).toBe(200)
        expect(reply.text).toBe((await dumpOf(BOOKS)).text)
      })

      it('answers under the locale prefix as CKAN routes it, and by alias', async () => {
        const plain = await dumpOf(BOOKS, { format: 'json' })
        for (const locale of ['en', 'fr', 'pt_BR']) {
          const localised = await dump(`/${locale}/datastore/dump/${BOOKS}?format=json`)
          expect(localised.status).toBe(200)
          expect(localised.text).toBe(plain.text)
        }
        const alias = await dump('/datastore/dump/books3')
        expect(alias.status).toBe(200)
        expect(alias.headers.get('content-disposition')).toBe('attachment; filename="books3.csv"')
        expect(alias.text).toBe((await dumpOf(BOOKS)).text)
      })

      it('a browser on another origin may read it and its file name (CORS)', async () => {
        const reply = await dumpOf(BOOKS, {}, { headers: { Origin: 'https://elsewhere.example' } })
        expect(reply.headers.get('access-control-allow-origin')).toBe('*')
        expect(reply.headers.get('access-control-expose-headers')).toBe('Content-Disposition')
      })
    })

    describe('access', () => {
      it('a private table is a 404 without a valid token, and dumps with one', async () => {
        const anonymous = await dumpOf(SECRET)
        expect(anonymous.status).toBe(404)
        expect(anonymous.text).toContain('DataStore resource not found')
        expect((await dumpOf(SECRET, {}, { headers: { Authorization: 'wrong' } })).status).toBe(404)
        const granted = await dumpOf(SECRET, {}, { headers: { Authorization: TOKEN } })
        expect(granted.status).toBe(200)
        expect(granted.text).toBe(
          `_id,name\r\n${String((await search({ resource_id: SECRET, records_format: 'csv' }, { Authorization: TOKEN }))['records'])}`,
        )
      })

      it('an unknown resource is a 404; other methods than GET are refused', async () => {
        const unknown = await dump('/datastore/dump/no-such-table')
        expect(unknown.status).toBe(404)
        expect(unknown.text).toContain('DataStore resource not found')
        expect((await dump(`/datastore/dump/${BOOKS}`, { method: 'POST' })).status).toBe(405)
      })
    })

    describe("bad input: datastore_search's 409 and messages", () => {
      const cases: Array<[string, Record<string, string>, Dict]> = [
        ['an unknown sort column', { sort: 'nope' }, { sort: 'nope' }],
        ['a bad sort direction', { sort: 'author sideways' }, { sort: 'author sideways' }],
        ['an unknown field', { fields: 'author,nope' }, { fields: 'author,nope' }],
        ['an unknown filter column', { filters: '{"nope":1}' }, { filters: { nope: 1 } }],
        ['filters that are not JSON', { filters: '{nope' }, { filters: '{nope' }],
        ['a limit that is not a number', { limit: 'many' }, { limit: 'many' }],
        ['a negative limit', { limit: '-1' }, { limit: -1 }],
        ['a negative offset', { offset: '-5' }, { offset: -5 }],
        ['a q that is not a valid tsquery', { q: 'a&&', plain: 'false' }, { q: 'a&&', plain: false }],
      ]
      for (const [name, params, searchData] of cases) {
        it(name, async () => {
          const reply = await dumpOf(BOOKS, params)
          const expected = await searchError({ resource_id: BOOKS, ...searchData })
          expect(expected.status).toBe(409)
          expect(reply.status).toBe(409)
          const body = JSON.parse(reply.text) as Dict
          expect(body['success']).toBe(false)
          const error = body['error'] as Dict
          const expectedError = expected.error as Dict
          expect(error['__type']).toBe('Validation Error')
          // the same key and message (an invalid query's statement differs: the dump's SQL is its own)
          for (const key of Object.keys(expectedError).filter((key) => key !== 'info')) {
            expect(error[key]).toEqual(expectedError[key])
          }
        })
      }

      it("an unknown format: dump_schema's message, as a 409", async () => {
        const reply = await dumpOf(BOOKS, { format: 'pdf' })
        expect(reply.status).toBe(409)
        expect(JSON.parse(reply.text)).toEqual({
          success: false,
          error: {
            format: ["Value must be one of ('csv', 'tsv', 'json', 'xml')"],
            __type: 'Validation Error',
          },
        })
      })
    })
  })
}
