// Conformance with CKAN 2.12's datastore_search filters, over real HTTP: the filter tests of
// ckanext/datastore/tests/test_search.py on branch dev-v2.12 (test_range, test_nested_and_or,
// test_search_filter_array_field, the next_page asserts, TestDatastoreSearchDistinctTests), the
// examples of doc/maintaining/datastore.rst "Advanced Filters", the limits and messages of
// filters.py as /work/shared/ckan-datastore-api.md §12 counts them, the dump with the same filters,
// and what CKAN 2.11.5 answers to all of this (`--ckan-version 2.11`, §12.5). Items marked
// "derived" come from reading CKAN's code, not its tests.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBackends } from './backends.ts'
import { Client, column, type Dict, type Json, records } from './ckan-client.ts'
import { type RunningServer, startServer } from './start-server.ts'

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const loadArgs = (names: string[]): string[] => names.flatMap((name) => ['--load', fixture(name)])
const FIXTURES = ['f2-books.json', 'f4-fmt.json', 'f6-filters.json', 'misc.json']

const RANGE = '77777777-7777-4777-8777-000000000001'
const MENU = '77777777-7777-4777-8777-000000000002'
const DISTINCT = '77777777-7777-4777-8777-000000000003'
const DOCS = '77777777-7777-4777-8777-000000000004'
const TYPED = '77777777-7777-4777-8777-000000000005'
const BOOKS = '22222222-2222-4222-8222-222222222222'
const FMT = '44444444-4444-4444-8444-444444444444'
const HUNDRED = '66666666-6666-4666-8666-000000000100'

const ids = (result: Dict): Json[] => column(result, '_id')

/** `depth` nested `$or`s around one condition: `{"$or": [{"$or": [… {"i": 1} …]}]}`. */
function nestedOr(depth: number): Dict {
  let filters: Dict = { i: 1 }
  for (let level = 0; level < depth; level++) filters = { $or: [filters] }
  return filters
}

for (const backend of testBackends()) {
  describe(`on ${backend.name}, as CKAN 2.12 (the default)`, () => {
    let server: RunningServer
    let ckan: Client

    beforeAll(async () => {
      server = await startServer([...loadArgs(FIXTURES), '--quiet'], await backend.serverEnv())
      ckan = new Client(server.url)
    })

    afterAll(async () => {
      await server?.stop()
    })

    const idsFor = async (resourceId: string, filters: Json, extra: Dict = {}): Promise<Json[]> =>
      ids(await ckan.search({ resource_id: resourceId, filters, ...extra }))

    const filtersError = async (resourceId: string, filters: Json) => {
      const { status, error } = await ckan.searchError({ resource_id: resourceId, filters })
      expect(status).toBe(409)
      return error
    }

    describe('test_search.py TestDatastoreSearchFilters', () => {
      it('test_range: gt and lt together, gte and lte together, a list mixing values and ranges', async () => {
        expect(
          records(await ckan.search({ resource_id: RANGE, filters: { num: { gt: 5, lt: 9 } } })),
        ).toEqual([{ _id: 2, num: 7 }])
        expect(
          records(await ckan.search({ resource_id: RANGE, filters: { num: { gte: 5, lte: 9 } } })),
        ).toEqual([
          { _id: 1, num: 5 },
          { _id: 2, num: 7 },
          { _id: 3, num: 9 },
        ])
        expect(
          records(await ckan.search({ resource_id: RANGE, filters: { num: [{ lte: 1 }, 7, { gte: 10 }] } })),
        ).toEqual([
          { _id: 2, num: 7 },
          { _id: 4, num: 1 },
          { _id: 5, num: 10 },
        ])
      })

      it('test_nested_and_or: $or of dicts, the same as a top-level list, and $or beside a field', async () => {
        const appetizerOrSpecial = [
          { _id: 2, course: 'appetizer', special: false },
          { _id: 3, course: 'main', special: true },
        ]
        const or: Json[] = [{ course: 'appetizer', special: false }, { special: true }]
        expect(records(await ckan.search({ resource_id: MENU, filters: { $or: or } }))).toEqual(
          appetizerOrSpecial,
        )
        expect(records(await ckan.search({ resource_id: MENU, filters: or }))).toEqual(appetizerOrSpecial)
        expect(
          records(
            await ckan.search({
              resource_id: MENU,
              filters: { special: false, $or: [{ course: 'appetizer' }, { _id: { gt: 2 } }] },
            }),
          ),
        ).toEqual([
          { _id: 2, course: 'appetizer', special: false },
          { _id: 4, course: 'dessert', special: false },
        ])
      })

      it('(GET) the same filters as JSON text in the query string, a top-level list included', async () => {
        const reply = await ckan.get('datastore_search', {
          resource_id: MENU,
          filters: JSON.stringify([{ course: 'appetizer', special: false }, { special: true }]),
        })
        expect(reply.status).toBe(200)
        expect(ids((reply.body as Dict)['result'] as Dict)).toEqual([2, 3])
      })

      it('$and nests, and nested operators of one kind merge', async () => {
        expect(
          await idsFor(MENU, {
            $and: [{ special: false }, { $and: [{ _id: { gte: 2 } }, { _id: { lte: 3 } }] }],
          }),
        ).toEqual([2])
        expect(
          await idsFor(MENU, { $or: [{ $or: [{ course: 'salad' }, { course: 'main' }] }, { _id: 4 }] }),
        ).toEqual([1, 3, 4])
      })

      it('an empty list matches nothing, an empty $or filters nothing', async () => {
        expect(await idsFor(RANGE, { num: [] })).toEqual([])
        expect(await idsFor(RANGE, { $or: [] })).toEqual([1, 2, 3, 4, 5])
      })

      it('(derived) "in" may be given explicitly', async () => {
        expect(await idsFor(RANGE, { num: { in: [1, 10] } })).toEqual([4, 5])
      })
    })

    describe('test_search.py: array columns and distinct', () => {
      it('test_search_filter_array_field: {"eq": [...]} is whole-array equality', async () => {
        const result = await ckan.search({
          resource_id: BOOKS,
          filters: { characters: { eq: ['Princess Anna', 'Sergius'] } },
        })
        expect(result['total']).toBe(1)
        expect(records(result)).toEqual([
          {
            _id: 1,
            bük: 'annakarenina',
            author: 'tolstoy',
            published: '2005-03-01T00:00:00.000',
            characters: ['Princess Anna', 'Sergius'],
            'rating with %': '60%',
            nested: ['b', { moo: 'moo' }],
          },
        ])
      })

      it('(derived) a plain list on an array column means any of, which PostgreSQL refuses: Invalid query', async () => {
        const error = await filtersError(BOOKS, { characters: ['Princess Anna', 'Sergius'] })
        expect(error['query']).toEqual(['Invalid query'])
      })

      it.each([
        [2, 2],
        [1, 1],
        [3, 2],
        [null, 2],
      ])(
        'test_search_distinct: limit %s gives %s distinct values (the limit applies after DISTINCT)',
        async (limit, count) => {
          const result = await ckan.search({ resource_id: DISTINCT, fields: ['val'], distinct: true, limit })
          expect(records(result)).toHaveLength(count)
        },
      )
    })

    describe('datastore.rst "Filters" and "Advanced Filters" examples', () => {
      it('two fields: both must match', async () => {
        expect(await idsFor(DOCS, { family_name: 'Romano', given_name: 'Do-Yun' })).toEqual([1, 5])
      })

      it('a list: any of the values', async () => {
        expect(await idsFor(DOCS, { paint: ['Black', 'Green', 'Grey'] })).toEqual([1, 2, 3])
      })

      it('{"gt": 24}', async () => {
        expect(await idsFor(DOCS, { age: { gt: 24 } })).toEqual([1, 3, 4])
      })

      it('a value or a range: 2005, or 2010 to 2019', async () => {
        expect(await idsFor(DOCS, { year: [2005, { gte: 2010, lte: 2019 }] })).toEqual([1, 2, 3, 5])
      })

      it('$or inside AND conditions', async () => {
        expect(
          await idsFor(DOCS, {
            incident: 'noise complaint',
            $or: [{ resolution: ['unresolved', 'in progress'] }, { year: { gt: 2024 } }],
          }),
        ).toEqual([1, 4, 5])
      })

      it('$$ escapes a field name that starts with $', async () => {
        expect(await idsFor(DOCS, { $$AUD: 100 })).toEqual([1, 3])
        expect(await filtersError(DOCS, { $AUD: 100 })).toEqual({
          filters: ['Unknown operators (must be one of $or, $and): $AUD'],
          __type: 'Validation Error',
        })
      })

      it('{"eq": [...]} on a text array column', async () => {
        expect(await idsFor(DOCS, { options: { eq: ['seafood meal'] } })).toEqual([1])
      })

      it('(derived) {"eq": {...}} on a json column: the dict cannot be bound, Invalid query', async () => {
        const error = await filtersError(DOCS, { seat: { eq: { row: 34, column: 'B' } } })
        expect(error['query']).toEqual(['Invalid query'])
      })
    })

    describe('(derived) values compare by the column type', () => {
      it('a date column compares dates, whatever form the string has', async () => {
        // as text, "2014-03-01" < "2014-1-1"
        expect(await idsFor(TYPED, { d: { gt: '2014-1-1' } })).toEqual([1, 5])
      })

      it('a timestamp compared with a date means from midnight', async () => {
        expect(await idsFor(TYPED, { ts: { gte: '2014-03-01' } })).toEqual([1, 3, 5])
      })

      it('numbers compare as numbers, a numeric string included', async () => {
        expect(await idsFor(TYPED, { i: { lt: 2.5 } })).toEqual([1, 2])
        expect(await idsFor(TYPED, { n: { lte: '0.5' } })).toEqual([1, 2])
        expect(await idsFor(TYPED, { _id: { gt: 3 } })).toEqual([4, 5])
      })

      it('a text column compares Python str() of the value, as text', async () => {
        expect(await idsFor(TYPED, { t: 5 })).toEqual([5])
        expect(await idsFor(TYPED, { t: true })).toEqual([3])
        // '10' < '5' < '9' as text
        expect(await idsFor(TYPED, { t: { gt: 5 }, i: { lt: 3 } })).toEqual([2])
      })

      it('booleans order false before true', async () => {
        expect(await idsFor(TYPED, { b: false })).toEqual([2])
        expect(await idsFor(TYPED, { b: { gt: false } })).toEqual([1, 5])
      })

      it('NULL never matches', async () => {
        expect(await idsFor(TYPED, { i: { lt: 100 } })).toEqual([1, 2, 3, 5])
        expect(await idsFor(TYPED, { i: null })).toEqual([])
        expect(await idsFor(TYPED, { t: null })).toEqual([])
        expect(await idsFor(TYPED, { i: [1, null] })).toEqual([1])
      })

      it.each([
        ['a word for a number', { i: { gt: 'abc' } }],
        ['a word for a date', { d: { lt: 'not a date' } }],
        ['a number for a date', { d: { gt: 5 } }],
        ['a dict', { i: { eq: { a: 1 } } }],
      ])('%s is CKAN’s 409 Invalid query, never a 500', async (_label, filters) => {
        const error = await filtersError(TYPED, filters)
        expect(error['query']).toEqual(['Invalid query'])
        expect(error['__type']).toBe('Validation Error')
      })
    })

    describe('(derived) filters.py messages, in order', () => {
      it('an unknown field in a plain list is not the parser’s: the backend says "invalid value"', async () => {
        expect(await filtersError(TYPED, { i: 1, nope: ['x'], other: [2] })).toEqual({
          filters: ['invalid value "nope"'],
          __type: 'Validation Error',
        })
      })

      it('an unknown field, one message per field', async () => {
        expect(await filtersError(TYPED, { nope: { gt: 1 } })).toEqual({
          filters: ['Unknown field: nope'],
          __type: 'Validation Error',
        })
        expect(await filtersError(TYPED, { $or: [{ i: 1 }, { nope: 2 }, { other: 3 }] })).toEqual({
          filters: ['Unknown field: nope', 'Unknown field: other'],
          __type: 'Validation Error',
        })
      })

      it('an unknown operation, shown as Python shows it', async () => {
        expect((await filtersError(TYPED, { i: { ne: 3 } }))['filters']).toEqual([
          "Unknown filter operation: FilterOp(field='i', op='ne', value=3)",
        ])
        expect((await filtersError(TYPED, { t: { between: [1, true, null, 'x'] } }))['filters']).toEqual([
          "Unknown filter operation: FilterOp(field='t', op='between', value=[1, True, None, 'x'])",
        ])
      })

      it('an unknown $ operator, and $or that is not a list of dicts', async () => {
        expect((await filtersError(TYPED, { $not: [{ i: 1 }] }))['filters']).toEqual([
          'Unknown operators (must be one of $or, $and): $not',
        ])
        expect((await filtersError(TYPED, { $or: { i: 1 } }))['filters']).toEqual([
          "Filter operations must be defined as a list of dicts: {'i': 1}",
        ])
      })

      it('filters that are neither a dict nor a list of dicts', async () => {
        for (const filters of ['5', '[1]', [1], ['a', { i: 1 }]]) {
          expect((await filtersError(TYPED, filters))['filters'], JSON.stringify(filters)).toEqual([
            'Filters must be defined as a dict or a list of dicts',
          ])
        }
      })

      it('9 nested levels pass, the 10th is refused', async () => {
        expect(await idsFor(TYPED, nestedOr(9))).toEqual([1])
        expect((await filtersError(TYPED, nestedOr(10)))['filters']).toEqual([
          'Maximum nesting depth for filter operations reached',
        ])
        // a top-level list is a level too
        expect((await filtersError(TYPED, [nestedOr(9)]))['filters']).toEqual([
          'Maximum nesting depth for filter operations reached',
        ])
      })

      it('100 operations pass, the 101st is refused; 100 keys or items are refused before counting', async () => {
        const ranges = (count: number): Json[] => Array.from({ length: count }, (_, k) => ({ gte: k }))
        // 99 comparisons and their OR
        expect(await idsFor(TYPED, { i: ranges(99) })).toEqual([1, 2, 3, 5])
        expect((await filtersError(TYPED, { i: ranges(100) }))['filters']).toEqual([
          'Maximum number of filter operations exceeded',
        ])
        // {"gte": a, "lte": b} is three operations
        const pairs = Array.from({ length: 33 }, () => ({ i: { gte: 0, lte: 100 } }))
        expect(await idsFor(TYPED, { $and: pairs })).toEqual([1, 2, 3, 5])
        expect(
          (await filtersError(TYPED, { $and: [...pairs, { i: { gte: 0, lte: 100 } }] }))['filters'],
        ).toEqual(['Maximum number of filter operations exceeded'])
        const hundredKeys = Object.fromEntries(Array.from({ length: 100 }, (_, k) => [`c${k}`, 1]))
        for (const filters of [hundredKeys, Array.from({ length: 100 }, () => ({ i: 1 })), [hundredKeys]]) {
          expect((await filtersError(TYPED, filters))['filters']).toEqual([
            'Maximum number of filter operations exceeded',
          ])
        }
      })

      it('where CKAN 2.12 answers 500, a 409', async () => {
        expect((await filtersError(TYPED, { i: {} }))['filters']).toEqual([
          'No filter operation given for field: i',
        ])
        expect((await filtersError(TYPED, { i: { $or: [{ gt: 1 }] } }))['filters']).toEqual([
          "Unknown filter operation: FilterOp(field='i', op='$or', value=[{'gt': 1}])",
        ])
        expect((await filtersError(TYPED, { i: { in: 5 } }))['filters']).toEqual([
          "Unknown filter operation: FilterOp(field='i', op='in', value=5)",
        ])
        expect((await filtersError(TYPED, 'null'))['filters']).toEqual([
          'Filters must be defined as a dict or a list of dicts',
        ])
      })
    })

    describe('test_search.py TestDatastoreSearchRecordsFormat: next_page', () => {
      it('is {"_id": {"gt": <last _id>}} with the default sort, in objects, lists and csv', async () => {
        for (const records_format of ['objects', 'lists', 'csv']) {
          const result = await ckan.search({
            resource_id: FMT,
            limit: 2,
            include_next_page: true,
            records_format,
          })
          expect(result['next_page'], records_format).toEqual({ _id: { gt: 2 } })
          expect(result['include_next_page']).toBe(true)
        }
      })

      it('is {"_id": {"lt": <last _id>}} with sort "_id desc"', async () => {
        for (const records_format of ['objects', 'lists', 'csv']) {
          const result = await ckan.search({
            resource_id: FMT,
            sort: '_id desc',
            limit: 3,
            include_next_page: true,
            records_format,
          })
          expect(result['next_page'], records_format).toEqual({ _id: { lt: 1 } })
        }
      })

      it('(derived) merged into the filters, it gives the next page; an empty page has none', async () => {
        const first = await ckan.search({
          resource_id: RANGE,
          filters: { num: { gte: 5 } },
          limit: 2,
          include_next_page: true,
        })
        expect(ids(first)).toEqual([1, 2])
        const second = await ckan.search({
          resource_id: RANGE,
          filters: { num: { gte: 5 }, ...(first['next_page'] as Dict) },
          limit: 2,
          include_next_page: true,
        })
        expect(ids(second)).toEqual([3, 5])
        expect(second['next_page']).toEqual({ _id: { gt: 5 } })
        const last = await ckan.search({
          resource_id: RANGE,
          filters: { num: { gte: 5 }, ...(second['next_page'] as Dict) },
          include_next_page: true,
        })
        expect(records(last)).toEqual([])
        expect(last).not.toHaveProperty('next_page')
      })

      it('(derived) no next_page with another sort, two sort clauses, or when not asked; include_next_page echoed', async () => {
        for (const sort of ['num', '_id, num']) {
          const result = await ckan.search({ resource_id: RANGE, sort, limit: 2, include_next_page: true })
          expect(result, sort).not.toHaveProperty('next_page')
        }
        const notAsked = await ckan.search({ resource_id: RANGE, limit: 2 })
        expect(notAsked).not.toHaveProperty('next_page')
        expect(notAsked['include_next_page']).toBe(false)
      })
    })

    describe('other 2.12 answers', () => {
      it('no _links, no total_was_estimated; total_estimation_threshold accepted, ignored, not echoed', async () => {
        const reply = await ckan.get('datastore_search', {
          resource_id: HUNDRED,
          total_estimation_threshold: '1',
        })
        const result = (reply.body as Dict)['result'] as Dict
        expect(result['total']).toBe(100)
        expect(result).not.toHaveProperty('_links')
        expect(result).not.toHaveProperty('total_was_estimated')
        expect(result).not.toHaveProperty('total_estimation_threshold')
        // `ignore`: whatever its value
        expect(
          (await ckan.search({ resource_id: HUNDRED, total_estimation_threshold: 'many' }))['total'],
        ).toBe(100)
      })

      it('totals are exact, with or without filters', async () => {
        expect((await ckan.search({ resource_id: RANGE }))['total']).toBe(5)
        expect((await ckan.search({ resource_id: RANGE, filters: { num: { gt: 5 } } }))['total']).toBe(3)
        expect((await ckan.search({ resource_id: DISTINCT, fields: 'val', distinct: true }))['total']).toBe(2)
      })

      it('timestamps have milliseconds in objects, lists and csv', async () => {
        const objects = await ckan.search({ resource_id: FMT, sort: 'num, dt' })
        expect(column(objects, 'dt')).toEqual([
          '2020-01-01T00:00:00.000',
          '2020-01-02T00:00:00.000',
          '2020-01-01T00:00:00.000',
        ])
        const lists = await ckan.search({ resource_id: FMT, records_format: 'lists', sort: 'num, dt' })
        expect(lists['records']).toEqual([
          [3, 9, '2020-01-01T00:00:00.000', 'aaac'],
          [2, 9, '2020-01-02T00:00:00.000', 'aaab'],
          [1, 10, '2020-01-01T00:00:00.000', 'aaab'],
        ])
        const csv = await ckan.search({ resource_id: FMT, records_format: 'csv', sort: 'num, dt' })
        expect(csv['records']).toBe(
          '3,9,2020-01-01T00:00:00.000,aaac\n2,9,2020-01-02T00:00:00.000,aaab\n1,10,2020-01-01T00:00:00.000,aaab\n',
        )
        expect(column(await ckan.search({ resource_id: TYPED, filters: { i: 10 } }), 'ts')).toEqual([
          '2020-06-15T08:30:00.250',
        ])
      })

      it('a pre-action 400 says "Bad request: "', async () => {
        const reply = await ckan.get('datastore_create', { resource_id: RANGE })
        expect(reply.status).toBe(400)
        expect(reply.body).toBe('Bad request: Action name not known: datastore_create')
      })

      it('status_show gives ckan_version 2.12.0 and the other keys CKAN gives', async () => {
        const reply = await ckan.get('status_show', {})
        expect(reply.status).toBe(200)
        const result = (reply.body as Dict)['result'] as Dict
        expect(Object.keys(result)).toEqual([
          'site_title',
          'site_description',
          'site_url',
          'error_emails_to',
          'locale_default',
          'extensions',
          'ckan_version',
        ])
        expect(result).toMatchObject({
          ckan_version: '2.12.0',
          site_url: server.url,
          extensions: ['datastore'],
        })
      })
    })

    describe('the dump takes the same filters', () => {
      const dump = async (resourceId: string, params: Record<string, string>) => {
        const reply = await ckan.request(
          `/datastore/dump/${resourceId}?${new URLSearchParams(params).toString()}`,
        )
        return reply
      }

      it('ranges, a top-level list and $or, in CSV', async () => {
        expect((await dump(RANGE, { filters: JSON.stringify({ num: { gt: 5, lt: 10 } }) })).text).toBe(
          '_id,num\r\n2,7\n3,9\n',
        )
        expect(
          (
            await dump(MENU, {
              filters: JSON.stringify([{ course: 'salad' }, { special: true }]),
              fields: 'course',
            })
          ).text,
        ).toBe('course\r\nsalad\nmain\n')
        expect(
          (
            await dump(DOCS, {
              filters: JSON.stringify({ $or: [{ age: { lt: 21 } }, { $$AUD: 75 }] }),
              fields: 'age',
            })
          ).text,
        ).toBe('age\r\n20\n41\n')
      })

      it('with timestamps with milliseconds, in every format', async () => {
        const csv = await dump(FMT, { fields: 'dt', filters: JSON.stringify({ _id: { lte: 1 } }) })
        expect(csv.text).toBe('dt\r\n2020-01-01T00:00:00.000\n')
        const json = await dump(FMT, { format: 'json', fields: 'dt', filters: JSON.stringify({ _id: 1 }) })
        expect((json.body as Dict)['records']).toEqual([['2020-01-01T00:00:00.000']])
      })

      it('refuses bad filters with datastore_search’s 409', async () => {
        const reply = await dump(RANGE, { filters: JSON.stringify({ num: { ne: 1 } }) })
        expect(reply.status).toBe(409)
        expect(reply.body).toMatchObject({
          error: { filters: ["Unknown filter operation: FilterOp(field='num', op='ne', value=1)"] },
        })
      })

      it('names XML elements as XML allows (#8340)', async () => {
        const reply = await dump(DOCS, {
          format: 'xml',
          fields: '$AUD, family_name',
          filters: JSON.stringify({ _id: 1 }),
        })
        expect(reply.text).toContain('<row><AUD>100</AUD><family_name>Romano</family_name></row>')
      })
    })
  })

  describe(`on ${backend.name}, as CKAN 2.11.5 (--ckan-version 2.11)`, () => {
    let server: RunningServer
    let ckan: Client

    beforeAll(async () => {
      server = await startServer(
        [...loadArgs(['f4-fmt.json', 'f6-filters.json']), '--ckan-version', '2.11', '--quiet'],
        await backend.serverEnv(),
      )
      ckan = new Client(server.url)
    })

    afterAll(async () => {
      await server?.stop()
    })

    it("(derived §12.5) an operator on a number or date column: 409 Invalid query, \"can't adapt type 'dict'\"", async () => {
      for (const filters of [{ num: { gt: 5 } }, { num: [{ lte: 1 }, 7] }]) {
        const { status, error } = await ckan.searchError({ resource_id: RANGE, filters })
        expect(status).toBe(409)
        expect(error['query']).toEqual(['Invalid query'])
        expect((error['info'] as Dict)['orig']).toEqual(["can't adapt type 'dict'"])
      }
      const date = await ckan.searchError({ resource_id: TYPED, filters: { d: { gte: '2014-01-01' } } })
      expect(date.status).toBe(409)
    })

    it('(derived §12.5) an operator on a text column: 200 and no rows', async () => {
      const result = await ckan.search({ resource_id: MENU, filters: { course: { gt: 'a' } } })
      expect(result['records']).toEqual([])
      expect(result['total']).toBe(0)
    })

    it('(derived §12.5) $or is an invalid value; a top-level list in a JSON body is junk', async () => {
      const or = await ckan.searchError({ resource_id: MENU, filters: { $or: [{ special: true }] } })
      expect(or).toEqual({
        status: 409,
        error: { filters: ['invalid value "$or"'], __type: 'Validation Error' },
      })
      const list = await ckan.searchError({
        resource_id: MENU,
        filters: [{ course: 'salad' }, { special: true }],
      })
      expect(list).toEqual({
        status: 409,
        error: {
          __junk: ["The input field [('filters', 0, 'course'), ('filters', 1, 'special')] was not expected."],
          __type: 'Validation Error',
        },
      })
    })

    it('(derived §12.5) include_next_page is junk', async () => {
      expect(await ckan.searchError({ resource_id: RANGE, include_next_page: true })).toEqual({
        status: 409,
        error: {
          __junk: ["The input field [('include_next_page',)] was not expected."],
          __type: 'Validation Error',
        },
      })
    })

    it('_links, total_was_estimated and the echoed threshold; timestamps without milliseconds', async () => {
      const result = await ckan.search({ resource_id: FMT, limit: 1 })
      expect(result['_links']).toEqual({
        start: '/api/3/action/datastore_search',
        next: '/api/3/action/datastore_search?offset=1',
      })
      expect(result).toMatchObject({ total: 3, total_was_estimated: false, total_estimation_threshold: null })
      expect(result).not.toHaveProperty('include_next_page')
      expect(column(result, 'dt')).toEqual(['2020-01-01T00:00:00'])
    })

    it('the 400 prefix "Bad request - ", and status_show says 2.11.5', async () => {
      expect((await ckan.get('datastore_create', {})).body).toBe(
        'Bad request - Action name not known: datastore_create',
      )
      const status = await ckan.get('status_show', {})
      expect(((status.body as Dict)['result'] as Dict)['ckan_version']).toBe('2.11.5')
    })

    it('the dump keeps 2.11 timestamps and element names', async () => {
      const csv = await ckan.request(`/datastore/dump/${FMT}?fields=dt&limit=1`)
      expect(csv.text).toBe('dt\r\n2020-01-01T00:00:00\n')
      const xml = await ckan.request(`/datastore/dump/${DOCS}?format=xml&fields=$AUD&limit=1`)
      expect(xml.text).toContain('<row><$AUD>100</$AUD></row>')
    })
  })
}
