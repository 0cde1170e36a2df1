import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ckanSampleFiles } from '../../../scripts/ckan-samples'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { compareDecimals, createRecordMatcher, dateKey, FilterMatchError, readDecimal } from '../filter-match'

const fields: CkanField[] = [
  { id: 'name', type: 'text' },
  { id: 'n', type: 'int4' },
  { id: 'x', type: 'numeric' },
  { id: 'f', type: 'float8' },
  { id: 'd', type: 'date' },
  { id: 'ts', type: 'timestamp' },
  { id: 'ok', type: 'bool' },
  { id: 'tags', type: '_text' },
]

const records: CkanRecord[] = [
  {
    _id: 1,
    name: 'a',
    n: 1,
    x: '0.5',
    f: 1.5,
    d: '2014-01-01',
    ts: '2014-03-01T00:00:00',
    ok: true,
    tags: ['a'],
  },
  {
    _id: 2,
    name: 'b',
    n: 5,
    x: '10',
    f: -2,
    d: '2014-03-01',
    ts: '2014-03-01T10:30:00.250',
    ok: false,
    tags: ['a', 'b'],
  },
  {
    _id: 3,
    name: '10',
    n: 10,
    x: '123456789012345678901',
    f: null,
    d: '2015-06-30',
    ts: '2014-04-01T00:00:00',
    ok: 't',
    tags: null,
  },
  { _id: 4, name: 'True', n: null, x: null, f: 0, d: null, ts: null, ok: null, tags: [] },
]

/** The `_id`s of the records that match. */
function ids(filters: unknown): number[] {
  const matches = createRecordMatcher(filters as Record<string, never>, fields)
  return records.filter(matches).map((record) => record._id as number)
}

describe('createRecordMatcher', () => {
  it('applies values, lists and ranges as CKAN 2.12 does', () => {
    expect(ids({ n: 5 })).toEqual([2])
    expect(ids({ n: [1, 10] })).toEqual([1, 3])
    expect(ids({ n: { gte: 5 } })).toEqual([2, 3])
    expect(ids({ n: { gt: 1, lte: 10 } })).toEqual([2, 3])
    expect(ids({ n: { lt: 2.5 } })).toEqual([1])
    // a list mixing values and operators is OR; a top-level list and $or too; $and nests
    expect(ids({ n: [10, { lte: 1 }] })).toEqual([1, 3])
    expect(ids([{ n: 1 }, { name: 'b' }])).toEqual([1, 2])
    expect(ids({ $or: [{ n: 1 }, { $and: [{ name: 'b' }, { ok: false }] }] })).toEqual([1, 2])
    expect(ids({ n: [] })).toEqual([])
    expect(ids({})).toEqual([1, 2, 3, 4])
  })

  it('compares numbers as numbers whatever their JSON type, exactly beyond double precision', () => {
    expect(ids({ x: { lte: '0.5' } })).toEqual([1])
    expect(ids({ x: { gt: 9 } })).toEqual([2, 3])
    expect(ids({ x: { gt: '123456789012345678900' } })).toEqual([3])
    expect(ids({ x: '123456789012345678901' })).toEqual([3])
    expect(ids({ f: { lt: 0 } })).toEqual([2])
    expect(ids({ f: 0 })).toEqual([4])
  })

  it('compares dates as dates, a timestamp from the midnight of a date', () => {
    // as text "2014-03-01" < "2014-1-1"; as dates it is later
    expect(ids({ d: { gt: '2014-1-1' } })).toEqual([2, 3])
    expect(ids({ d: { gte: '2014-03-01', lte: '2014-12-31' } })).toEqual([2])
    expect(ids({ ts: { gte: '2014-03-01' } })).toEqual([1, 2, 3])
    expect(ids({ ts: { gt: '2014-03-01' } })).toEqual([2, 3])
    expect(ids({ ts: { lt: '2014-03-02' } })).toEqual([1, 2])
    expect(ids({ ts: '2014-03-01 10:30:00.25' })).toEqual([2])
  })

  it('reads true and false as PostgreSQL does', () => {
    expect(ids({ ok: true })).toEqual([1, 3])
    expect(ids({ ok: 'f' })).toEqual([2])
    expect(ids({ ok: { gt: false } })).toEqual([1, 3])
  })

  it('compares text with the text of the value, as CKAN’s str() does', () => {
    expect(ids({ name: 10 })).toEqual([3])
    expect(ids({ name: true })).toEqual([4])
    expect(ids({ name: ['a', 'b'] })).toEqual([1, 2])
  })

  it('never matches an empty value', () => {
    expect(ids({ n: { lt: 100 } })).toEqual([1, 2, 3])
    expect(ids({ n: null })).toEqual([])
    expect(ids({ d: { lte: '2100-01-01' } })).toEqual([1, 2, 3])
  })

  it('compares a whole array with eq', () => {
    expect(ids({ tags: { eq: ['a', 'b'] } })).toEqual([2])
  })

  it('refuses what CKAN would refuse, with its words', () => {
    const problem = (filters: unknown) => {
      try {
        createRecordMatcher(filters as Record<string, never>, fields)
        return null
      } catch (error) {
        return error instanceof FilterMatchError ? [error.problem, error.message] : String(error)
      }
    }
    expect(problem({ nope: { gt: 1 } })).toEqual(['invalid', 'Unknown field: nope'])
    expect(problem({ n: { ne: 1 } })).toEqual(['invalid', 'Unknown filter operation: n ne'])
    expect(problem({ n: { gt: 'abc' } })?.[0]).toBe('bad-value')
    expect(problem({ d: { lt: 'not a date' } })?.[0]).toBe('bad-value')
    expect(problem({ d: { gt: 5 } })?.[0]).toBe('bad-value')
  })

  it('refuses an order it cannot make as the portal would: text follows the database’s collation', () => {
    expect(() => createRecordMatcher({ name: { gt: 'a' } }, fields)).toThrow(FilterMatchError)
    expect(() => createRecordMatcher({ tags: { gt: 'a' } }, fields)).toThrow(FilterMatchError)
  })
})

describe('dateKey', () => {
  it('reads the date forms PostgreSQL reads, and refuses days that do not exist', () => {
    expect(dateKey('2014-3-1', 'date')).toBe('2014-03-01')
    expect(dateKey('2014-03-01 10:00', 'date')).toBe('2014-03-01')
    expect(dateKey('2014-03-01', 'timestamp')).toBe('2014-03-01T00:00:00.000')
    expect(dateKey('2014-02-30', 'date')).toBeNull()
    expect(dateKey('March 1', 'date')).toBeNull()
  })
})

describe('exact decimals', () => {
  const compare = (a: number | string, b: number | string) =>
    compareDecimals(readDecimal(a)!, readDecimal(b)!)
  it('orders numbers of any size and form', () => {
    expect(compare('123456789012345678901', '123456789012345678900')).toBe(1)
    expect(compare(0.5, '0.50')).toBe(0)
    expect(compare('-1', '-10')).toBe(1)
    expect(compare('1e3', 999)).toBe(1)
    expect(compare(' +12.5 ', 12.5)).toBe(0)
    expect(compare(0, '-0.0')).toBe(0)
    expect(compare(1e-7, '0.0000001')).toBe(0)
    expect(readDecimal('abc')).toBeNull()
    expect(readDecimal('.')).toBeNull()
  })
})

describe('on real portals’ answers', () => {
  const sample = (fragment: string) => {
    const path = ckanSampleFiles().find((file) => file.includes(fragment))!
    return (
      JSON.parse(readFileSync(path, 'utf8')) as { result: { fields: CkanField[]; records: CkanRecord[] } }
    ).result
  }

  it('compares numbers a portal sends as text (data.gov.sg, Bari) by their value', () => {
    const { fields, records } = sample('covid-age-group')
    const matches = createRecordMatcher({ count_of_case: { gte: 100, lt: 1000 } }, fields)
    const expected = records.filter((record) => {
      const count = Number(record.count_of_case)
      return count >= 100 && count < 1000
    })
    expect(expected.length).toBeGreaterThan(0)
    expect(records.filter(matches)).toEqual(expected)

    const bari = sample('comune-bari')
    const north = createRecordMatcher({ LATITUDINE: { gt: '41.12' } }, bari.fields)
    expect(bari.records.filter(north).length).toBe(
      bari.records.filter((record) => record.LATITUDINE !== null && Number(record.LATITUDINE) > 41.12).length,
    )
  })

  it('compares an old portal’s timestamps (odaa.dk) from the midnight of a day', () => {
    const { fields, records } = sample('int4-timestamp')
    const matches = createRecordMatcher({ AvgWaitingSQ: { gte: '2017-05-22', lt: '2017-05-23' } }, fields)
    expect(records.filter(matches)).toEqual(
      records.filter((record) => String(record.AvgWaitingSQ).startsWith('2017-05-22')),
    )
  })
})
