import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ckanSampleFiles } from '../../../scripts/ckan-samples'

import { ckanType, isTemporalType, normaliseType, parseBool, parseNumber, rawValue } from '../ckan-types'

interface SampleResult {
  fields: Array<{ id: string; type: string }>
  records: Array<Record<string, unknown>>
}

function sample(fragment: string): SampleResult {
  const path = ckanSampleFiles().find((file) => file.includes(fragment))
  if (!path) throw new Error(`sample ${fragment} missing`)
  const body = JSON.parse(readFileSync(path, 'utf8')) as { result: SampleResult }
  return body.result
}

describe('ckanType', () => {
  it('aligns numbers at the end and offers the filter input of each family', () => {
    expect(['int4', 'int', 'float8', 'numeric', 'bigint'].map((t) => ckanType(t).align)).toEqual(
      Array(5).fill('end'),
    )
    expect(['text', 'date', 'timestamp', 'bool', 'jsonb', '_text'].map((t) => ckanType(t).align)).toEqual(
      Array(6).fill('start'),
    )
    expect(
      ['int4', 'date', 'timestamptz', 'boolean', 'time', 'json', '_int4', 'tsvector'].map(
        (t) => ckanType(t).filterInput,
      ),
    ).toEqual(['number', 'date', 'timestamp', 'bool', 'text', 'text', 'text', 'text'])
    expect(normaliseType(' INT4 ')).toBe('int')
  })

  it('reads numbers sent as padded strings and refuses what is not a number', () => {
    expect(parseNumber('  12.50')).toBe(12.5)
    expect(parseNumber(' -210.500 ')).toBe(-210.5)
    expect(parseNumber(7)).toBe(7)
    expect(parseNumber('')).toBeNull()
    expect(parseNumber('12 apples')).toBeNull()
    expect(parseNumber(Number.NaN)).toBeNull()
    expect(parseNumber(null)).toBeNull()
  })

  it('reads PostgreSQL and CSV spellings of booleans', () => {
    expect(['t', ' TRUE', 'yes', 'y', '1', true].map(parseBool)).toEqual(Array(6).fill(true))
    expect(['f', 'False ', 'no', 'n', '0', false].map(parseBool)).toEqual(Array(6).fill(false))
    expect(parseBool('maybe')).toBeNull()
  })
})

describe('rawValue (what an export writes)', () => {
  it('gives numbers as numbers for numerics sent as strings (data.gov.sg)', () => {
    const result = sample('numeric-as-string')
    const type = result.fields.find((field) => field.id === 'count_of_case')?.type ?? ''
    expect(type).toBe('numeric')
    const record = result.records[0] ?? {}
    expect(typeof record.count_of_case).toBe('string')
    expect(rawValue(record.count_of_case, type)).toBe(Number(record.count_of_case))
  })

  it('keeps int4 numbers and ISO timestamps, and text columns as sent (odaa.dk)', () => {
    const result = sample('int4-timestamp')
    const record = result.records[0] ?? {}
    expect(rawValue(record.WaitingCustomersSQ, 'int4')).toBe(0)
    expect(rawValue(record.AvgWaitingSQ, 'timestamp')).toBe('2017-05-22T00:00:00')
    // a date written as text in a text column is not a date to us
    expect(rawValue(record.date, 'text')).toBe('2017/05/22 09:30:04')
  })

  it('keeps padded Hebrew text exactly and nulls as null (data.gov.il)', () => {
    const result = sample('hebrew-total_was_estimated')
    const record = result.records[0] ?? {}
    expect(rawValue(record['שם_ישוב'], 'text')).toBe('לא רשום ')
    expect(rawValue(record['שם_מועצה'], 'text')).toBeNull()
    expect(rawValue(record['סמל_נפה'], 'numeric')).toBe(0)
  })

  it('writes timestamps with a space as ISO, and keeps values that do not fit their type as sent', () => {
    expect(rawValue('2023-02-01 10:20:30', 'timestamp')).toBe('2023-02-01T10:20:30')
    expect(rawValue('n/a', 'numeric')).toBe('n/a')
    expect(rawValue('t', 'bool')).toBe(true)
    expect(rawValue(undefined, 'int')).toBeNull()
  })
})

describe('how each type compares and shows, in one entry', () => {
  it('says numbers compare and show as numbers, whatever the spelling of their type', () => {
    for (const type of ['int4', 'int', 'float8', 'numeric', 'money'])
      expect(ckanType(type)).toMatchObject({ compareAs: 'number', display: 'number', align: 'end' })
  })

  it('says dates and timestamps compare as ISO date-times and show as a date, or a date and a time', () => {
    expect(ckanType('date')).toMatchObject({ compareAs: 'date', display: 'date' })
    expect(ckanType('timestamptz')).toMatchObject({ compareAs: 'date', display: 'timestamp' })
  })

  it('shows JSON and arrays as JSON, compares them as text, and keeps text, time and unknown types as sent', () => {
    expect(ckanType('jsonb')).toMatchObject({ compareAs: 'text', display: 'json' })
    expect(ckanType('_text')).toMatchObject({ compareAs: 'text', display: 'json' })
    for (const type of ['text', 'time', 'geometry'])
      expect(ckanType(type)).toMatchObject({ compareAs: 'text', display: 'text' })
    expect(ckanType('bool')).toMatchObject({ compareAs: 'bool', display: 'bool' })
  })
})

describe('what the features ask of a type, answered once', () => {
  it('says which types are points in time: dates and timestamps, not times of day, text or numbers', () => {
    for (const type of ['date', 'timestamp', 'timestamptz', 'timestamp with time zone'])
      expect(isTemporalType(type), type).toBe(true)
    for (const type of ['time', 'timetz', 'text', 'int4', 'numeric', 'bool', 'json', '_date'])
      expect(isTemporalType(type), type).toBe(false)
  })

  it('gives each type the width a column starts at: narrow yes/no, wide timestamps and JSON', () => {
    expect(ckanType('bool').width).toBeLessThan(ckanType('int4').width)
    expect(ckanType('int4').width).toBeLessThan(ckanType('text').width)
    expect(ckanType('timestamptz').width).toBeGreaterThan(ckanType('date').width)
    expect(ckanType('jsonb').width).toBeGreaterThan(ckanType('text').width)
  })
})
