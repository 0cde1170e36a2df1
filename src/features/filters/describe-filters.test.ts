import { describe, expect, it } from 'vitest'

import type { CkanField } from '../../api/ckan/types'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { createLocaleFormats } from '../../i18n/locale-formats'
import { createTranslator } from '../../i18n/translate'
import { createCellLocale } from '../../lib/format'
import { describeFilters as describeWith } from './describe-filters'

function describeFilters(
  filters: Record<string, (string | number | boolean)[]>,
  list: CkanField[],
  locale: string,
) {
  const formats = createLocaleFormats(locale)
  const t = createTranslator(mainCatalogue, undefined, formats)
  return describeWith(filters, list, createCellLocale(formats, t), t)
}

const fields: CkanField[] = [
  { id: 'country', type: 'text' },
  { id: 'year', type: 'int4' },
  { id: 'amount', type: 'numeric', info: { label: 'Amount (€)' } },
  { id: 'open', type: 'bool' },
  { id: 'day', type: 'date' },
]

describe('describeFilters', () => {
  it('joins values with "or" and fields with "and"', () => {
    expect(describeFilters({ country: ['DE', 'UK'], year: [2013] }, fields, 'en')).toBe(
      'country is DE or UK and year is 2013',
    )
    expect(describeFilters({ country: ['DE', 'UK', 'FR'], year: [2013], open: [true] }, fields, 'en')).toBe(
      'country is DE, UK, or FR, year is 2013, and open is true',
    )
  })

  it('formats values by field type and names fields by their label', () => {
    expect(describeFilters({ amount: [12345.5] }, fields, 'en')).toBe('Amount (€) is 12,345.5')
    expect(describeFilters({ amount: ['12345.5'] }, fields, 'de')).toContain('12.345,5')
    expect(describeFilters({ day: ['2013-02-01'] }, fields, 'en')).toBe('day is Feb 1, 2013')
  })

  it('shows a code as the table does: without grouping', () => {
    const codes: CkanField[] = [
      { id: 'zip_code', type: 'int4' },
      { id: 'population', type: 'int4' },
    ]
    expect(describeFilters({ zip_code: [46001], population: [46001] }, codes, 'en')).toBe(
      'zip_code is 46001 and population is 46,001',
    )
  })

  it('uses the language’s own list words', () => {
    expect(describeFilters({ country: ['DE', 'UK'], year: [2013] }, fields, 'fr')).toBe(
      'country is DE ou UK et year is 2013',
    )
  })

  it('shows an empty text value visibly, and unknown fields as text', () => {
    expect(describeFilters({ country: [''] }, fields, 'en')).toBe('country is (empty)')
    expect(describeFilters({ other: ['001'] }, fields, 'en')).toBe('other is 001')
  })

  it('is empty without filters and survives a bad locale', () => {
    expect(describeFilters({}, fields, 'en')).toBe('')
    expect(describeFilters({ country: [] }, fields, 'en')).toBe('')
    expect(describeFilters({ country: ['DE'] }, fields, 'not a locale!')).toBe('country is DE')
  })
})
