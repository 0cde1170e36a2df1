// The browser's filtering against PostgreSQL's: the project's CKAN 2.12 server (server/ckan on
// PGlite) and lib/filter-match.ts must keep the same records for the same filters, whatever they are.
// This is what makes "filtered in your browser" safe on portals before CKAN 2.12: a range applied
// there keeps exactly the records a 2.12 portal would send.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { actions } from '../../../server/ckan/actions'
import { toCkanJson } from '../../../server/ckan/ckan-json'
import { createResource, initDatastore } from '../../../server/ckan/datastore-create'
import { createTestDb, searchContext } from '../../../server/ckan/test-db'
import type { Json } from '../../../server/ckan/types'
import type { CkanFilters, FilterJson } from '../../api/ckan/filters'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { createRecordMatcher, FilterMatchError, type FilterMatchProblem } from '../filter-match'

const RESOURCE = 'filter-contract'
const FIELDS: CkanField[] = [
  { id: 'i', type: 'int4' },
  { id: 'big', type: 'int8' },
  { id: 'n', type: 'numeric' },
  { id: 'f', type: 'float8' },
  { id: 'd', type: 'date' },
  { id: 'ts', type: 'timestamp' },
  { id: 'b', type: 'bool' },
  { id: 't', type: 'text' },
]

const INTS = [-5, 0, 1, 2, 7, 40, 1000, null]
const BIGS = ['9007199254740993', '9007199254740992', '-12', '0', null]
const NUMERICS = ['0.5', '12.25', '-3', '123456789012345678901.5', '40', null]
const FLOATS = [-2.5, 0, 1.5, 40.000001, 1e6, null]
const DATES = ['2014-01-01', '2014-02-28', '2014-03-01', '2015-12-31', null]
const TIMES = [
  '2014-03-01T00:00:00',
  '2014-03-01T10:30:00',
  '2014-03-31T23:59:59',
  '2014-04-01T00:00:00',
  null,
]
const BOOLS = [true, false, null]
const TEXTS = ['IL', 'IN', '10', 'True', '', 'chicago', null]

/** Every combination is not needed: a deterministic spread of 60 rows over the values above. */
const RECORDS: Record<string, Json>[] = Array.from({ length: 60 }, (_, row) => ({
  i: INTS[row % INTS.length]!,
  big: BIGS[(row * 3) % BIGS.length]!,
  n: NUMERICS[(row * 5) % NUMERICS.length]!,
  f: FLOATS[(row * 7) % FLOATS.length]!,
  d: DATES[(row * 2) % DATES.length]!,
  ts: TIMES[(row * 11) % TIMES.length]!,
  b: BOOLS[row % BOOLS.length]!,
  t: TEXTS[(row * 13) % TEXTS.length]!,
}))

/** Values a filter may hold for each column: its own, a few around them, and a wrong type or two. */
const OPERANDS: Record<string, readonly FilterJson[]> = {
  i: [-5, 0, 1, 2.5, '7', 40, 999],
  big: ['9007199254740992', 9007199254740992, '-12', 0],
  n: [0.5, '12.25', '12.3', -3, '123456789012345678901', 40],
  f: [0, 1.5, 40, '40.000001', 1e6],
  d: ['2014-01-01', '2014-3-1', '2014-02-28', '2015-12-31', '2014-03-01 10:00'],
  ts: ['2014-03-01', '2014-03-01T10:30:00', '2014-04-01', '2014-03-31 23:59:59'],
  b: [true, false, 't', 'false'],
  t: ['IL', 'chicago', '', 10, true],
}

const field = fc.constantFrom(...FIELDS.map((entry) => entry.id))
const comparison = field.chain((id) =>
  fc.oneof(
    fc.constantFrom(...OPERANDS[id]!).map((value): CkanFilters => ({ [id]: value })),
    fc
      .uniqueArray(fc.constantFrom(...OPERANDS[id]!), { minLength: 1, maxLength: 3 })
      .map((values): CkanFilters => ({ [id]: values })),
    fc
      .record(
        { gt: fc.constantFrom(...OPERANDS[id]!), gte: fc.constantFrom(...OPERANDS[id]!) },
        { requiredKeys: [] },
      )
      .chain((lower) =>
        fc
          .record(
            { lt: fc.constantFrom(...OPERANDS[id]!), lte: fc.constantFrom(...OPERANDS[id]!) },
            { requiredKeys: [] },
          )
          .map((upper) => ({ ...lower, ...upper })),
      )
      .filter((operators) => Object.keys(operators).length > 0)
      .map((operators): CkanFilters => ({ [id]: operators as FilterJson })),
  ),
)
const filters: fc.Arbitrary<CkanFilters> = fc.oneof(
  comparison,
  fc
    .array(comparison, { minLength: 2, maxLength: 3 })
    .map((parts) => Object.assign({}, ...parts) as CkanFilters),
  fc.array(comparison, { minLength: 2, maxLength: 3 }).map((parts): CkanFilters => ({ $or: parts })),
  fc
    .tuple(comparison, fc.array(comparison, { minLength: 2, maxLength: 2 }))
    .map(([one, either]): CkanFilters => ({ ...one, $or: either })),
)

let db: Awaited<ReturnType<typeof createTestDb>>
let all: CkanRecord[]

/** The server's answer as the browser reads it: through JSON (a big integer arrives as the nearest double). */
async function search(
  filters: CkanFilters | null,
): Promise<{ ok: true; records: CkanRecord[] } | { ok: false; error: unknown }> {
  const outcome = await actions.datastore_search!(
    { resource_id: RESOURCE, limit: 1000, sort: '_id', ...(filters ? { filters: filters as Json } : {}) },
    searchContext(db),
  )
  if (!outcome.ok) return { ok: false, error: outcome.error }
  return {
    ok: true,
    records: (JSON.parse(toCkanJson(outcome.result as Json)) as { records: CkanRecord[] }).records,
  }
}

beforeAll(async () => {
  db = await createTestDb()
  await initDatastore(db)
  await createResource(db, {
    resource_id: RESOURCE,
    fields: FIELDS.map(({ id, type }) => ({ id, type })),
    records: RECORDS,
  })
  const outcome = await search(null)
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error))
  all = outcome.records
}, 60_000)

afterAll(async () => {
  await db?.close()
})

/** The `_id`s the browser keeps, or why it refuses (when it is made, or when it meets a value). */
function inBrowser(filters: CkanFilters): { ids: unknown[] } | { refused: FilterMatchProblem } {
  try {
    const matches = createRecordMatcher(filters, FIELDS)
    return { ids: all.filter(matches).map((record) => record._id) }
  } catch (error) {
    if (error instanceof FilterMatchError) return { refused: error.problem }
    throw error
  }
}

describe('the browser keeps the records PostgreSQL keeps', () => {
  it('for 300 generated filters: values, lists, ranges, their AND and OR, on every column family', async () => {
    await fc.assert(
      fc.asyncProperty(filters, async (generated) => {
        const outcome = await search(generated)
        const browser = inBrowser(generated)
        const shown = JSON.stringify(generated)
        if ('refused' in browser) {
          // the browser refuses what it cannot apply exactly as the portal would ('unsupported'), and
          // what the portal refuses itself: never an answer of its own
          if (browser.refused !== 'unsupported') expect(outcome.ok, shown).toBe(false)
          return
        }
        // a value PostgreSQL cannot read as the column's type is a 409: the browser must refuse it too
        if (!outcome.ok) expect(outcome.error, shown).toBeUndefined()
        else expect(browser.ids, shown).toEqual(outcome.records.map((record) => record._id))
      }),
      { numRuns: 300, seed: 25 },
    )
  }, 120_000)
})
