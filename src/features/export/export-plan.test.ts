import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import { slug } from '../../lib/file-names'
import { shownColumns } from '../../model/fields'
import { exportFileName, isFiltered, recordRow, recordsToExport } from './export-plan'

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'name', type: 'text', info: { label: ' Name ', notes: 'Place name' } },
  { id: '_full_text', type: 'tsvector' },
  { id: 'year', type: 'int4', info: { label: '', notes: 3 } },
  { id: 'name', type: 'text' },
  { id: '__proto__', type: 'text' },
]

describe('the file name', () => {
  const date = new Date(2026, 10, 24, 23, 59)

  it('names the table, says when the view is narrowed, and carries the local date', () => {
    expect(
      exportFileName({ name: 'generated-cities', resourceId: 'x', filtered: true, date, format: 'csv' }),
    ).toBe('generated-cities-filtered-2026-11-24.csv')
    expect(
      exportFileName({
        name: 'Générée: Villes (2024)',
        resourceId: 'x',
        filtered: false,
        date,
        format: 'xlsx',
      }),
    ).toBe('generee-villes-2024-2026-11-24.xlsx')
  })

  it('falls back on the resource id, then on “export”', () => {
    expect(exportFileName({ name: '!!!', resourceId: 'ab-12', filtered: false, date, format: 'json' })).toBe(
      'ab-12-2026-11-24.json',
    )
    expect(
      exportFileName({ name: undefined, resourceId: '***', filtered: false, date, format: 'json' }),
    ).toBe('export-2026-11-24.json')
  })

  it('keeps letters of other scripts', () => {
    expect(slug('תל אביב')).toBe('תל-אביב')
  })
})

describe('what the view narrows and how many records go in', () => {
  it('is filtered by a search or a filter with values', () => {
    expect(isFiltered({ q: 'berl:*' })).toBe(true)
    expect(isFiltered({ filters: { country: ['DE'] } })).toBe(true)
    expect(isFiltered({ filters: { elevation: { gte: 1000 } } })).toBe(true)
    expect(isFiltered({ q: ' ', filters: {} })).toBe(false)
  })

  it('takes every match up to the limit', () => {
    expect(recordsToExport(100, 12_345)).toBe(100)
    expect(recordsToExport(1000, 12)).toBe(12)
    expect(recordsToExport('all', 12_345)).toBe(12_345)
  })

  it('reads a record’s values in the columns’ order', () => {
    const record = JSON.parse('{"__proto__":"p","year":3}') as Record<string, unknown>
    expect(recordRow(record, shownColumns(fields, ['_id']))).toEqual([null, 3, 'p'])
  })
})
