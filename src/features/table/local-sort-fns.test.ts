import { describe, expect, it } from 'vitest'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { sortRecordsLocally } from './local-sort-fns'

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'pop', type: 'numeric' },
  { id: 'city', type: 'text' },
  { id: 'founded', type: 'timestamp' },
  { id: 'open', type: 'bool' },
  { id: '__proto__', type: 'int4' },
]

const records: CkanRecord[] = [
  { _id: 1, pop: '120.5', city: 'Zürich', founded: '2001-05-01T00:00:00', open: true },
  { _id: 2, pop: '16', city: 'berlin', founded: '1999-12-31 23:59:59', open: false },
  { _id: 3, pop: null, city: 'Århus', founded: null, open: null },
  { _id: 4, pop: ' -210.500', city: 'Ängelholm', founded: '2001-05-01T00:00:00.5', open: 't' },
  { _id: 5, pop: '9', city: 'item10', founded: '2020-01-01', open: 'f' },
  { _id: 6, pop: 1e3, city: 'item9', founded: '2020-01-01', open: true },
]

const ids = (rows: CkanRecord[]) => rows.map((row) => row['_id'])

describe('local sort', () => {
  it('sorts numbers sent as strings by value, not as text, with nulls last', () => {
    expect(ids(sortRecordsLocally(records, [{ field: 'pop', desc: false }], fields, 'en'))).toEqual([
      4, 5, 2, 1, 6, 3,
    ])
    expect(ids(sortRecordsLocally(records, [{ field: 'pop', desc: true }], fields, 'en'))).toEqual([
      6, 1, 2, 5, 4, 3,
    ])
  })

  it('sorts codes in a text column as text, each value kept as sent (00501 keeps its zeros)', () => {
    const zipFields: CkanField[] = [{ id: 'zip', type: 'text' }]
    const zips: CkanRecord[] = [{ zip: '10001' }, { zip: '00501' }, { zip: null }, { zip: '02134' }]
    const sorted = sortRecordsLocally(zips, [{ field: 'zip', desc: true }], zipFields, 'en')
    expect(sorted.map((row) => row['zip'])).toEqual(['10001', '02134', '00501', null])
  })

  it('sorts text with the collation of the UI locale', () => {
    // Swedish puts Å and Ä after Z; English folds them next to A; digits compare as numbers (item9 < item10)
    expect(ids(sortRecordsLocally(records, [{ field: 'city', desc: false }], fields, 'en'))).toEqual([
      4, 3, 2, 6, 5, 1,
    ])
    expect(ids(sortRecordsLocally(records, [{ field: 'city', desc: false }], fields, 'sv'))).toEqual([
      2, 6, 5, 1, 3, 4,
    ])
  })

  it('sorts timestamps chronologically whatever the separator, and keeps ties in arrival order', () => {
    expect(ids(sortRecordsLocally(records, [{ field: 'founded', desc: false }], fields, 'en'))).toEqual([
      2, 1, 4, 5, 6, 3,
    ])
  })

  it('applies several keys in order', () => {
    const sorted = sortRecordsLocally(
      records,
      [
        { field: 'open', desc: true },
        { field: 'pop', desc: false },
      ],
      fields,
      'en',
    )
    expect(ids(sorted)).toEqual([4, 1, 6, 5, 2, 3])
  })

  it('returns a copy and ignores keys for unknown fields', () => {
    const sorted = sortRecordsLocally(records, [{ field: 'nope', desc: true }], fields, 'en')
    expect(sorted).not.toBe(records)
    expect(ids(sorted)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('reads a field named __proto__ as an own property, never the prototype', () => {
    const odd: CkanRecord[] = [
      JSON.parse('{"_id": 1, "__proto__": 5}'),
      JSON.parse('{"_id": 2, "__proto__": 2}'),
      { _id: 3 },
    ]
    expect(ids(sortRecordsLocally(odd, [{ field: '__proto__', desc: false }], fields, 'en'))).toEqual([
      2, 1, 3,
    ])
  })
})
