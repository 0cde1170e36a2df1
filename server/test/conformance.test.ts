// Conformance of our server with CKAN's datastore_search, over real HTTP. One test per behaviour of
// /work/shared/ckan-datastore-api.md §10 (items 1–72 and 77–80; the 2.12 items 73–76 are in
// conformance-2.12.test.ts), run against the server as CKAN 2.11.5 (`--ckan-version 2.11`) and as
// CKAN 2.12 (the default), with 2.12's answer where it differs (§12). Items marked "derived" come
// from reading CKAN's code, not its tests. Fixtures mirror CKAN's own test data (server/test/fixtures,
// loaded with --load).
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CKAN_RELEASES, CKAN_VERSIONS, type CkanVersion } from '../ckan/ckan-version.ts'
import { type Backend, testBackends } from './backends.ts'
import { Client, column, type Dict, records } from './ckan-client.ts'
import { type RunningServer, startServer } from './start-server.ts'

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const allFixtures = [
  'f1-years.json',
  'f2-books.json',
  'f3-geo.json',
  'f4-fmt.json',
  'f5-travel.json',
  'misc.json',
]
const loadArgs = (names: string[]): string[] => names.flatMap((name) => ['--load', fixture(name)])

const YEARS = '11111111-1111-4111-8111-111111111111'
const BOOKS = '22222222-2222-4222-8222-222222222222'
const GEO = '33333333-3333-4333-8333-333333333333'
const FMT = '44444444-4444-4444-8444-444444444444'
const FMT2 = '44444444-4444-4444-8444-444444444445'
const NULLS = '44444444-4444-4444-8444-444444444446'
const TRAVEL = '55555555-5555-4555-8555-555555555555'
const PERCENT = '66666666-6666-4666-8666-000000000014'
const TEXT_NUMBERS = '66666666-6666-4666-8666-000000000015'
const NULL_ORDER = '66666666-6666-4666-8666-000000000029'
const JSON_YEAR = '66666666-6666-4666-8666-000000000058'
const EMPTY = '66666666-6666-4666-8666-000000000066'
const SECRET = '66666666-6666-4666-8666-000000000067'
const MARKUP = '66666666-6666-4666-8666-000000000072'
const THREE = '66666666-6666-4666-8666-000000000003'
const FOUR = '66666666-6666-4666-8666-000000000004'
const HUNDRED = '66666666-6666-4666-8666-000000000100'
const THIRTY = '66666666-6666-4666-8666-000000000030'
const TOKEN = 'conformance-sysadmin-token'

/** A timestamp as CKAN writes it: with milliseconds from 2.12 on. */
const timestampOf = (version: CkanVersion) => (text: string) => (version === '2.11' ? text : `${text}.000`)

const book1 = (version: CkanVersion) => ({
  _id: 1,
  bük: 'annakarenina',
  author: 'tolstoy',
  published: timestampOf(version)('2005-03-01T00:00:00'),
  characters: ['Princess Anna', 'Sergius'],
  'rating with %': '60%',
  nested: ['b', { moo: 'moo' }],
})
const BOOK_2 = {
  _id: 2,
  bük: 'warandpeace',
  author: 'tolstoy',
  published: null,
  characters: null,
  'rating with %': '99%',
  nested: { a: 'b' },
}

for (const backend of testBackends()) {
  for (const version of CKAN_VERSIONS) describeOn(backend, version)
}

function describeOn(backend: Backend, version: CkanVersion): void {
  const as2_11 = version === '2.11'
  // a test of one generation's own behaviour is declared in that generation's suite only
  const notDeclared = (() => undefined) as unknown as typeof it
  const only2_11 = as2_11 ? it : notDeclared
  const only2_12 = as2_11 ? notDeclared : it
  const ts = timestampOf(version)
  const BOOK_1 = book1(version)
  const versionArgs = ['--ckan-version', version]

  describe(`on ${backend.name}, as CKAN ${CKAN_RELEASES[version]}`, () => {
    let server: RunningServer
    let ckan: Client

    beforeAll(async () => {
      server = await startServer(
        [...loadArgs(allFixtures), '--token', TOKEN, '--quiet', ...versionArgs],
        await backend.serverEnv(),
      )
      ckan = new Client(server.url)
    })

    afterAll(async () => {
      await server?.stop()
    })

    describe('totals and limit', () => {
      it('1. include_total true gives total 2, not estimated (2.12: and does not say so)', async () => {
        const result = await ckan.search({ resource_id: YEARS, include_total: true })
        expect(result['total']).toBe(2)
        if (as2_11) expect(result['total_was_estimated']).toBe(false)
        else expect(result).not.toHaveProperty('total_was_estimated')
      })

      it('2. include_total false leaves out total and total_was_estimated', async () => {
        const result = await ckan.search({ resource_id: YEARS, include_total: false })
        expect(result).not.toHaveProperty('total')
        expect(result).not.toHaveProperty('total_was_estimated')
      })

      it('3. limit 1 returns the first row only, with the total of all rows', async () => {
        const result = await ckan.search({ resource_id: YEARS, limit: 1 })
        expect(records(result)).toEqual([{ 'the year': 2014, _id: 1 }])
        expect(result['limit']).toBe(1)
        expect(result['total']).toBe(2)
      })

      it('4. limit "bad" is an Invalid integer validation error', async () => {
        const { status, error } = await ckan.searchError({ resource_id: YEARS, limit: 'bad' })
        expect(status).toBe(409)
        expect(error).toEqual({ limit: ['Invalid integer'], __type: 'Validation Error' })
      })

      it('5. limit -1 must be a natural number', async () => {
        const { status, error } = await ckan.searchError({ resource_id: YEARS, limit: -1 })
        expect(status).toBe(409)
        expect(error['limit']).toEqual(['Must be a natural number'])
      })

      only2_11('10. a threshold below reltuples gives the planner estimate', async () => {
        const result = await ckan.search({ resource_id: HUNDRED, total_estimation_threshold: 50 })
        expect(result['total_was_estimated']).toBe(true)
        expect(result['total']).toBeGreaterThanOrEqual(90)
        expect(result['total']).toBeLessThanOrEqual(110)
      })

      only2_11('11. with filters the total is exact even above the threshold', async () => {
        const result = await ckan.search({
          resource_id: THIRTY,
          filters: { 'the year': 1901 },
          total_estimation_threshold: 5,
        })
        expect(result['total']).toBe(10)
        expect(result['total_was_estimated']).toBe(false)
      })

      only2_11('12. with distinct the total is exact', async () => {
        const result = await ckan.search({
          resource_id: THIRTY,
          fields: ['the year'],
          distinct: true,
          total_estimation_threshold: 1,
        })
        expect(result['total']).toBe(3)
        expect(result['total_was_estimated']).toBe(false)
      })

      only2_11('13. threshold 0 always estimates; null or absent never does', async () => {
        expect(
          (await ckan.search({ resource_id: HUNDRED, total_estimation_threshold: 0 }))['total_was_estimated'],
        ).toBe(true)
        const none = await ckan.search({ resource_id: HUNDRED, total_estimation_threshold: null })
        expect(none).toMatchObject({
          total: 100,
          total_was_estimated: false,
          total_estimation_threshold: null,
        })
        expect((await ckan.search({ resource_id: HUNDRED }))['total_was_estimated']).toBe(false)
      })

      only2_12(
        '10–13. (2.12) the threshold is ignored: totals are exact, never estimated or echoed',
        async () => {
          const searches: Dict[] = [
            { resource_id: HUNDRED, total_estimation_threshold: 50 },
            { resource_id: HUNDRED, total_estimation_threshold: 0 },
            { resource_id: HUNDRED, total_estimation_threshold: null },
            { resource_id: HUNDRED },
          ]
          for (const data of searches) {
            const result = await ckan.search(data)
            expect(result['total'], JSON.stringify(data)).toBe(100)
            expect(result).not.toHaveProperty('total_was_estimated')
            expect(result).not.toHaveProperty('total_estimation_threshold')
          }
          const filtered = await ckan.search({
            resource_id: THIRTY,
            filters: { 'the year': 1901 },
            total_estimation_threshold: 5,
          })
          expect(filtered['total']).toBe(10)
          const distinct = await ckan.search({
            resource_id: THIRTY,
            fields: ['the year'],
            distinct: true,
            total_estimation_threshold: 1,
          })
          expect(distinct['total']).toBe(3)
        },
      )
    })

    describe('rows_default and rows_max configuration', () => {
      let small: RunningServer
      let client: Client

      beforeAll(async () => {
        small = await startServer(
          [
            ...loadArgs(['f1-years.json', 'misc.json']),
            '--rows-default',
            '1',
            '--rows-max',
            '2',
            '--quiet',
            ...versionArgs,
          ],
          await backend.serverEnv(),
        )
        client = new Client(small.url)
      })

      afterAll(async () => {
        await small?.stop()
      })

      it('6. rows_default 1 without limit returns one record and echoes limit 1', async () => {
        const result = await client.search({ resource_id: YEARS })
        expect(column(result, '_id')).toEqual([1])
        expect(result['limit']).toBe(1)
        expect(result['total']).toBe(2)
      })

      it('7. rows_default 1 with limit 2 returns the first two of three rows', async () => {
        const result = await client.search({ resource_id: THREE, limit: 2 })
        expect(column(result, '_id')).toEqual([1, 2])
        expect(result['limit']).toBe(2)
        expect(result['total']).toBe(3)
      })

      it('9. rows_max 2 caps limit 3 silently', async () => {
        const result = await client.search({ resource_id: FOUR, limit: 3 })
        expect(column(result, '_id')).toEqual([1, 2])
        expect(result['limit']).toBe(2)
        expect(result['total']).toBe(4)
      })
    })

    describe('rows_max of 1', () => {
      let capped: RunningServer
      let client: Client

      beforeAll(async () => {
        // CKAN also accepts rows_max below rows_default (the default 100 is then capped); our CLI refuses
        // --rows-default above --rows-max, so both are set to 1 here.
        capped = await startServer(
          [
            ...loadArgs(['f1-years.json']),
            '--rows-max',
            '1',
            '--rows-default',
            '1',
            '--quiet',
            ...versionArgs,
          ],
          await backend.serverEnv(),
        )
        client = new Client(capped.url)
      })

      afterAll(async () => {
        await capped?.stop()
      })

      it('8. (adapted: rows_default 1 as well) rows_max 1 gives one record and limit 1, also when more are asked for', async () => {
        const result = await client.search({ resource_id: YEARS })
        expect(records(result)).toHaveLength(1)
        expect(result['limit']).toBe(1)
        const asked = await client.search({ resource_id: YEARS, limit: 100 })
        expect(records(asked)).toHaveLength(1)
        expect(asked['limit']).toBe(1)
      })
    })

    describe('filters', () => {
      it('14. a column name with % filters normally', async () => {
        expect((await ckan.search({ resource_id: PERCENT, filters: { 'bo%ok': 'El Nino' } }))['total']).toBe(
          1,
        )
      })

      it('15. text columns compare the string form of numbers', async () => {
        expect((await ckan.search({ resource_id: TEXT_NUMBERS, filters: { text_field: 25 } }))['total']).toBe(
          1,
        )
        expect(
          (await ckan.search({ resource_id: TEXT_NUMBERS, filters: { text_field: '37' } }))['total'],
        ).toBe(1)
      })

      it('16. filter on a unicode column name', async () => {
        const result = await ckan.search({ resource_id: BOOKS, filters: { bük: 'annakarenina' } })
        expect(result['total']).toBe(1)
        expect(records(result)).toEqual([BOOK_1])
      })

      it('17. a list on an array column means whole-array equality (2.12: any of, which fails: Invalid query)', async () => {
        const filters = { characters: ['Princess Anna', 'Sergius'] }
        if (as2_11) {
          const result = await ckan.search({ resource_id: BOOKS, filters })
          expect(result['total']).toBe(1)
          expect(column(result, '_id')).toEqual([1])
        } else {
          const { status, error } = await ckan.searchError({ resource_id: BOOKS, filters })
          expect(status).toBe(409)
          expect(error['query']).toEqual(['Invalid query'])
        }
      })

      it('18. a list on a scalar column means any of', async () => {
        const result = await ckan.search({
          resource_id: BOOKS,
          filters: { bük: ['annakarenina', 'warandpeace'] },
        })
        expect(result['total']).toBe(2)
      })

      it('19. GET with filters as JSON text in the query string', async () => {
        const reply = await ckan.get('datastore_search', {
          resource_id: BOOKS,
          filters: '{"bük": "annakarenina"}',
        })
        expect(reply.status).toBe(200)
        const result = (reply.body as Dict)['result'] as Dict
        expect(result['total']).toBe(1)
        expect(records(result)).toEqual([BOOK_1])
      })

      it('20. filters that are not JSON are a filters error', async () => {
        const { status, error } = await ckan.searchError({ resource_id: BOOKS, filters: 'the-filter' })
        expect(status).toBe(409)
        expect(error['filters']).toEqual(['Cannot parse JSON'])
      })

      it('21. a filter on an unknown column is a filters error', async () => {
        const { status, error } = await ckan.searchError({
          resource_id: BOOKS,
          filters: { 'invalid-column-name': 'value' },
        })
        expect(status).toBe(409)
        expect(error['filters']).toEqual([
          as2_11 ? 'invalid value "invalid-column-name"' : 'Unknown field: invalid-column-name',
        ])
      })

      it('22. a column name with a space works in fields, sort, filters and q', async () => {
        const result = await ckan.search({
          resource_id: YEARS,
          fields: 'the year',
          sort: 'the year',
          filters: { 'the year': 2013 },
          q: { 'the year': '2013' },
        })
        expect(column(result, 'the year')).toEqual([2013])
      })

      it('23. csv records with fields and a filter', async () => {
        const result = await ckan.search({
          resource_id: FMT2,
          records_format: 'csv',
          fields: 'dt, num, txt',
          filters: { txt: 'aaab' },
        })
        expect(result['records']).toBe(`${ts('2020-01-02T00:00:00')},9,aaab\n`)
      })
    })

    describe('sort', () => {
      it('24. sort "num, dt"', async () => {
        expect(column(await ckan.search({ resource_id: FMT, sort: 'num, dt' }), '_id')).toEqual([3, 2, 1])
      })

      it('25. sort "dt, txt"', async () => {
        expect(column(await ckan.search({ resource_id: FMT, sort: 'dt, txt' }), '_id')).toEqual([1, 3, 2])
      })

      it('26. sort "txt, num"', async () => {
        expect(column(await ckan.search({ resource_id: FMT, sort: 'txt, num' }), '_id')).toEqual([2, 1, 3])
      })

      it('27. directions and quoted names, as a string or a list', async () => {
        expect(records(await ckan.search({ resource_id: BOOKS, sort: 'bük asc, author desc' }))).toEqual([
          BOOK_1,
          BOOK_2,
        ])
        expect(
          records(await ckan.search({ resource_id: BOOKS, sort: ['bük desc', '"author" asc'] })),
        ).toEqual([BOOK_2, BOOK_1])
      })

      it('28. an unknown sort column is reported with the whole clause', async () => {
        const { status, error } = await ckan.searchError({ resource_id: BOOKS, sort: 'füü asc' })
        expect(status).toBe(409)
        expect((error['sort'] as string[])[0]).toContain('füü')
      })

      it('29. nulls last / nulls first', async () => {
        const last = await ckan.search({ resource_id: NULL_ORDER, sort: ['a desc nulls last'] })
        expect(column(last, 'b')[0]).toBe('Y')
        const first = await ckan.search({ resource_id: NULL_ORDER, sort: ['a desc nulls first'] })
        expect(column(first, 'b')[0]).toBe('Z')
      })

      it('30. lists with nulls sorted last on two columns', async () => {
        const result = await ckan.search({
          resource_id: NULLS,
          records_format: 'lists',
          sort: 'num nulls last, dt nulls last',
        })
        expect(result['records']).toEqual([
          [2, 9, ts('2020-01-02T00:00:00'), 'aaab', null],
          [3, 9, null, 'aaac', ['one', 'two']],
          [1, 10, ts('2020-01-01T00:00:00'), 'aaab', ['one']],
          [4, null, null, null, null],
        ])
      })

      it('31. sort on an array column (2.11.3+)', async () => {
        const result = await ckan.search({ resource_id: NULLS, sort: 'lst nulls first, num nulls last' })
        expect(column(result, '_id')).toEqual([2, 4, 1, 3])
      })

      it('32. the same sorts as objects keep keys _id,num,dt,txt,lst and nulls as null', async () => {
        const first = await ckan.search({ resource_id: NULLS, sort: 'num nulls last, dt nulls last' })
        expect(column(first, '_id')).toEqual([2, 3, 1, 4])
        expect(records(first)[3]).toEqual({ _id: 4, num: null, dt: null, txt: null, lst: null })
        for (const record of records(first))
          expect(Object.keys(record)).toEqual(['_id', 'num', 'dt', 'txt', 'lst'])
        const second = await ckan.search({ resource_id: NULLS, sort: 'lst nulls first, num nulls last' })
        expect(column(second, '_id')).toEqual([2, 4, 1, 3])
      })
    })

    describe('offset, fields, distinct and aliases', () => {
      it('33. limit 1 offset 1 returns the second row', async () => {
        const result = await ckan.search({ resource_id: BOOKS, limit: 1, offset: 1 })
        expect(records(result)).toEqual([BOOK_2])
        expect(result['total']).toBe(2)
      })

      it('34. offset "bad" and offset -1 are validation errors', async () => {
        expect(await ckan.searchError({ resource_id: BOOKS, offset: 'bad' })).toEqual({
          status: 409,
          error: { offset: ['Invalid integer'], __type: 'Validation Error' },
        })
        expect(await ckan.searchError({ resource_id: BOOKS, offset: -1 })).toEqual({
          status: 409,
          error: { offset: ['invalid value "-1"'], __type: 'Validation Error' },
        })
      })

      it('35. fields as a list leaves out _id', async () => {
        expect(records(await ckan.search({ resource_id: BOOKS, fields: ['bük'] }))).toEqual([
          { bük: 'annakarenina' },
          { bük: 'warandpeace' },
        ])
      })

      it('36. fields as a comma-separated string', async () => {
        for (const record of records(await ckan.search({ resource_id: BOOKS, fields: 'bük, author' }))) {
          expect(Object.keys(record)).toEqual(['bük', 'author'])
        }
      })

      it('37. an unknown field is a fields error', async () => {
        const { status, error } = await ckan.searchError({
          resource_id: BOOKS,
          fields: ['invalid-column-name'],
        })
        expect(status).toBe(409)
        expect(error['fields']).toEqual(['invalid value "invalid-column-name"'])
      })

      it('38. fields given as a list of dicts is junk in 2.11 (2.12: not a string)', async () => {
        const { status, error } = await ckan.searchError({ resource_id: BOOKS, fields: [{ id: 'bad' }] })
        expect(status).toBe(409)
        if (as2_11)
          expect(error['__junk']).toEqual(["The input field [('fields', 0, 'id')] was not expected."])
        else expect(error['fields']).toEqual(["Neither a string nor a list: {'id': 'bad'}"])
      })

      it('39. distinct over one field', async () => {
        const result = await ckan.search({ resource_id: BOOKS, fields: ['author'], distinct: true })
        expect(result['total']).toBe(1)
        expect(records(result)).toEqual([{ author: 'tolstoy' }])
      })

      it('40. an alias gives the same total and records, with the real id', async () => {
        const real = await ckan.search({ resource_id: BOOKS })
        const alias = await ckan.search({ resource_id: 'books3' })
        expect(alias['total']).toBe(real['total'])
        expect(alias['records']).toEqual(real['records'])
        expect(alias['resource_id']).toBe(BOOKS)
      })

      it('41. id is accepted instead of resource_id', async () => {
        const byId = await ckan.search({ id: BOOKS })
        const byResourceId = await ckan.search({ resource_id: BOOKS })
        expect(byId).toEqual(byResourceId)
      })

      it('42. basic search returns the exact records', async () => {
        const result = await ckan.search({ resource_id: BOOKS })
        expect(records(result)).toEqual([BOOK_1, BOOK_2])
        expect(Object.keys(records(result)[0] ?? {})).toEqual(Object.keys(BOOK_1))
      })
    })

    describe('full-text search', () => {
      it('43. q matches one row and adds a rank', async () => {
        const result = await ckan.search({ resource_id: BOOKS, q: 'annakarenina' })
        expect(result['total']).toBe(1)
        expect(column(result, '_id')).toEqual([1])
        expect(records(result)[0]).toHaveProperty('rank')
      })

      it('44. q lists the fields with their types plus rank', async () => {
        const result = await ckan.search({ resource_id: BOOKS, q: 'tolstoy' })
        expect(result['total']).toBe(2)
        expect(result['fields']).toEqual([
          { id: '_id', type: 'int' },
          { id: 'bük', type: 'text' },
          { id: 'author', type: 'text' },
          { id: 'published', type: 'timestamp' },
          { id: 'characters', type: '_text' },
          { id: 'rating with %', type: 'text' },
          { id: 'nested', type: 'json' },
          { id: 'rank', type: 'float' },
        ])
      })

      it('45. plain q ANDs its words', async () => {
        expect(
          (await ckan.search({ resource_id: BOOKS, plain: true, q: 'tolstoy annakarenina' }))['total'],
        ).toBe(1)
      })

      it('46. q as a dict searches one column', async () => {
        const result = await ckan.search({ resource_id: BOOKS, q: { bük: 'annakarenina' } })
        expect(column(result, '_id')).toEqual([1])
      })

      it('47. q as JSON text of an object is the dict form', async () => {
        const result = await ckan.search({ resource_id: BOOKS, q: '{"bük": "annakarenina"}' })
        expect(column(result, '_id')).toEqual([1])
      })

      it('48. q dict on an unknown field is a q error', async () => {
        const { status, error } = await ckan.searchError({
          resource_id: BOOKS,
          q: { invalid_field_name: 'value' },
        })
        expect(status).toBe(409)
        expect(error['q']).toEqual(['invalid value "invalid_field_name"'])
      })

      it('49. q dict with a non-string value is a q error', async () => {
        const { status, error } = await ckan.searchError({
          resource_id: BOOKS,
          q: { author: ['invalid', 'value'] },
        })
        expect(status).toBe(409)
        expect(error['q']).toEqual(['invalid value "author"'])
      })

      it('50. q "DE" matches two rows', async () => {
        expect((await ckan.search({ resource_id: GEO, q: 'DE' }))['total']).toBe(2)
      })

      it('51. plain "False" as a string enables tsquery operators', async () => {
        expect((await ckan.search({ resource_id: GEO, plain: 'False', q: 'DE | UK' }))['total']).toBe(5)
      })

      it('52. a number inside text', async () => {
        expect((await ckan.search({ resource_id: GEO, q: '99' }))['total']).toBe(1)
      })

      it('53. "4" matches whole cells, not dates', async () => {
        expect((await ckan.search({ resource_id: GEO, q: '4' }))['total']).toBe(3)
      })

      it('54. decimals inside text and in float columns', async () => {
        expect((await ckan.search({ resource_id: GEO, q: '53.56' }))['total']).toBe(1)
        expect((await ckan.search({ resource_id: GEO, q: '52.56' }))['total']).toBe(1)
      })

      it('55. a date column', async () => {
        expect((await ckan.search({ resource_id: GEO, q: '2011-01-01' }))['total']).toBe(1)
      })

      it('56. a JSON string literal stays a text query', async () => {
        const result = await ckan.search({ resource_id: GEO, q: '"{}"' })
        expect(result['q']).toBe('"{}"')
      })

      it('57. dict q with "rank from" in fields', async () => {
        const result = await ckan.search({
          resource_id: TRAVEL,
          fields: 'from, rank from',
          q: { from: 'Brazil' },
        })
        expect(records(result)).toHaveLength(2)
        const ranks = column(result, 'rank from')
        expect(typeof ranks[0]).toBe('number')
        expect(ranks[0]).toBe(ranks[1])
      })

      it('58. prefix search on a json column needs plain false', async () => {
        const result = await ckan.search({
          resource_id: JSON_YEAR,
          fields: 'year',
          plain: false,
          q: { year: '20:*' },
        })
        expect(records(result)).toEqual([{ year: { foo: 2014 } }])
      })

      it('59. full_text ranks whole rows; adding q "Brazil" changes nothing', async () => {
        const result = await ckan.search({ resource_id: TRAVEL, full_text: 'Brazil' })
        expect(records(result)).toHaveLength(2)
        const ranks = column(result, 'rank')
        expect(ranks[0]).not.toBe(ranks[1])
        const both = await ckan.search({ resource_id: TRAVEL, full_text: 'Brazil', q: 'Brazil' })
        expect(column(both, 'rank')).toEqual(ranks)
      })

      it('60. full_text with dict q and fields keeps one distinct "rank from"', async () => {
        const result = await ckan.search({
          resource_id: TRAVEL,
          fields: 'from, rank from',
          full_text: 'Brazil',
          q: { from: 'Brazil' },
        })
        expect(records(result)).toHaveLength(2)
        expect(new Set(column(result, 'rank from')).size).toBe(1)
      })
    })

    describe('records_format', () => {
      it('61. lists', async () => {
        const result = await ckan.search({ resource_id: FMT, records_format: 'lists', sort: 'num, dt' })
        expect(result['records']).toEqual([
          [3, 9, ts('2020-01-01T00:00:00'), 'aaac'],
          [2, 9, ts('2020-01-02T00:00:00'), 'aaab'],
          [1, 10, ts('2020-01-01T00:00:00'), 'aaab'],
        ])
      })

      it('62. csv', async () => {
        const result = await ckan.search({ resource_id: FMT, records_format: 'csv', sort: 'num, dt' })
        expect(result['records']).toBe(
          `3,9,${ts('2020-01-01T00:00:00')},aaac\n2,9,${ts('2020-01-02T00:00:00')},aaab\n1,10,${ts('2020-01-01T00:00:00')},aaab\n`,
        )
      })

      it('63. csv with fields lists only those fields', async () => {
        const result = await ckan.search({ resource_id: FMT2, records_format: 'csv', fields: 'dt, num, txt' })
        expect(result['fields']).toEqual([
          { id: 'dt', type: 'timestamp' },
          { id: 'num', type: 'numeric' },
          { id: 'txt', type: 'text' },
        ])
        expect(result['records']).toBe(
          `${ts('2020-01-02T00:00:00')},9,aaab\n${ts('2020-01-01T00:00:00')},9,aaac\n`,
        )
      })

      it('64. csv with one field and q', async () => {
        const result = await ckan.search({
          resource_id: FMT2,
          records_format: 'csv',
          fields: 'dt',
          q: 'aaac',
        })
        expect(result['fields']).toEqual([{ id: 'dt', type: 'timestamp' }])
        expect(result['records']).toBe(`${ts('2020-01-01T00:00:00')}\n`)
      })

      it('65. csv with a "rank txt" column', async () => {
        const result = await ckan.search({
          resource_id: FMT2,
          records_format: 'csv',
          fields: 'txt, rank txt',
          q: { txt: 'aaac' },
        })
        expect(result['fields']).toEqual([
          { id: 'txt', type: 'text' },
          { id: 'rank txt', type: 'float' },
        ])
        expect(result['records']).toMatch(/^aaac,0\./)
      })

      it('66. an empty table gives records []', async () => {
        const reply = await ckan.get('datastore_search', { resource_id: EMPTY })
        expect(((reply.body as Dict)['result'] as Dict)['records']).toEqual([])
      })
    })

    describe('access, special ids and HTTP', () => {
      it('67. a private resource with a token that grants nothing is an Authorization Error', async () => {
        const reply = await ckan.post(
          'datastore_search',
          { resource_id: SECRET },
          { Authorization: 'not-a-granted-token' },
        )
        expect(reply.status).toBe(403)
        expect(reply.body).toMatchObject({
          success: false,
          error: {
            __type: 'Authorization Error',
            message: `Access denied: User  not authorized to read resource ${SECRET}`,
          },
        })
        const granted = await ckan.search({ resource_id: SECRET }, { Authorization: TOKEN })
        expect(records(granted)).toEqual([{ _id: 1, name: 'hidden' }])
      })

      it('68. _table_metadata is searchable by anyone', async () => {
        const result = await ckan.search({ resource_id: '_table_metadata', filters: { name: 'books3' } })
        expect(records(result)).toEqual([
          { _id: expect.any(String), name: 'books3', oid: expect.anything(), alias_of: BOOKS },
        ])
      })

      it('69. GET with callback is JSONP; POST with callback is plain JSON', async () => {
        const jsonp = await ckan.get('datastore_search', { resource_id: YEARS, callback: 'my_callback' })
        expect(jsonp.contentType).toContain('application/javascript')
        expect(jsonp.text).toMatch(/^my_callback\(.*\);$/s)
        const posted = await ckan.post('datastore_search', { resource_id: YEARS, callback: 'my_callback' })
        expect(posted.contentType).toContain('application/json')
        expect((posted.body as Dict)['success']).toBe(true)
      })

      it('70. (adapted: the only actions with side effects are not offered) GET of datastore_create is a bare 400 string', async () => {
        const reply = await ckan.get('datastore_create', { resource_id: YEARS })
        expect(reply.status).toBe(400)
        expect(reply.body).toBe(`Bad request${as2_11 ? ' -' : ':'} Action name not known: datastore_create`)
      })

      it('71. a granted token plus callback is anonymous', async () => {
        const reply = await ckan.get(
          'datastore_search',
          { resource_id: SECRET, callback: 'cb' },
          { Authorization: TOKEN },
        )
        expect(reply.status).toBe(403)
        expect(reply.body).toMatchObject({ success: false, error: { __type: 'Authorization Error' } })
      })

      it('72. (adapted: the DataTables view is not part of the API) the API returns cells raw, never HTML-escaped', async () => {
        const result = await ckan.search({ resource_id: MARKUP })
        expect(column(result, 'cell')).toEqual(['a < b && a > 0', null])
      })
    })

    describe('behaviours derived from CKAN code', () => {
      it('77. (derived) unknown resource is 404 with the resource id in the message', async () => {
        const reply = await ckan.post('datastore_search', { resource_id: 'no-such-resource' })
        expect(reply.status).toBe(404)
        expect((reply.body as Dict)['error']).toEqual({
          __type: 'Not Found Error',
          message: 'Not found: Resource "no-such-resource" was not found.',
        })
      })

      it('78. (derived) an unknown parameter is __junk, even a cache buster', async () => {
        const reply = await ckan.get('datastore_search', { resource_id: YEARS, _: '1699999' })
        expect(reply.status).toBe(409)
        expect((reply.body as Dict)['error']).toEqual({
          __junk: ["The input field [('_',)] was not expected."],
          __type: 'Validation Error',
        })
      })

      it('79. (derived) records_format xml is refused with the one_of message', async () => {
        const { status, error } = await ckan.searchError({ resource_id: YEARS, records_format: 'xml' })
        expect(status).toBe(409)
        expect(error['records_format']).toEqual(["Value must be one of ['objects', 'lists', 'csv', 'tsv']"])
      })

      only2_11(
        '(derived §3.5) _links come from the path and query string, POST bodies never show up',
        async () => {
          const reply = await ckan.request(
            `/api/action/datastore_search?resource_id=${BOOKS}&limit=1&offset=2&q=`,
          )
          expect(((reply.body as Dict)['result'] as Dict)['_links']).toEqual({
            start: `/api/action/datastore_search?resource_id=${BOOKS}&limit=1`,
            next: `/api/action/datastore_search?resource_id=${BOOKS}&limit=1&offset=3`,
            prev: `/api/action/datastore_search?resource_id=${BOOKS}&limit=1&offset=1`,
          })
          const posted = await ckan.search({ resource_id: BOOKS, limit: 5 })
          expect(posted['_links']).toEqual({
            start: '/api/3/action/datastore_search',
            next: '/api/3/action/datastore_search?offset=5',
          })
        },
      )

      only2_12('(2.12) no _links', async () => {
        const reply = await ckan.request(`/api/action/datastore_search?resource_id=${BOOKS}&limit=1&offset=2`)
        expect((reply.body as Dict)['result']).not.toHaveProperty('_links')
        expect(await ckan.search({ resource_id: BOOKS, limit: 5 })).not.toHaveProperty('_links')
      })

      it('(derived §3.4) records are PostgreSQL JSON spliced verbatim, the envelope is simplejson text', async () => {
        const reply = await ckan.post('datastore_search', { resource_id: BOOKS, limit: 1 })
        expect(reply.text).toContain('{"id": "b\\u00fck", "type": "text"}')
        expect(reply.text).toContain('"records": [{"_id":1,"bük":"annakarenina","author":"tolstoy"')
      })

      it('80. (derived) limit above rows_max is capped; limit 0 returns no records but a total', async () => {
        const capped = await ckan.search({ resource_id: YEARS, limit: 50_000 })
        expect(capped['limit']).toBe(32_000)
        const none = await ckan.search({ resource_id: YEARS, limit: 0 })
        expect(none['records']).toEqual([])
        expect(none['total']).toBe(2)
      })
    })
  })
}
