import { describe, expect, it } from 'vitest'

import type { CkanField } from '../../api/ckan/types'
import { filterChipsCatalogue } from '../../i18n/catalogues/filter-chips'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { createLocaleFormats } from '../../i18n/locale-formats'
import { createTranslator, type Translation } from '../../i18n/translate'
import { frenchTranslations } from '../../i18n/translations/fr'
import { createCellLocale } from '../../lib/format'
import { readFilters, type FilterCondition } from '../../model/filters'
import { dayRange } from '../../model/ranges'
import { describeCondition, describeFilters as describeWith, type DescribeContext } from './describe-filters'

const fields: CkanField[] = [
  { id: 'country', type: 'text' },
  { id: 'year', type: 'int4' },
  { id: 'amount', type: 'numeric', info: { label: 'Amount (€)' } },
  { id: 'open', type: 'bool' },
  { id: 'day', type: 'date' },
  { id: 'elevation', type: 'int4' },
  { id: 'updated', type: 'timestamp' },
]

function contextFor(locale: string): DescribeContext {
  const formats = createLocaleFormats(locale)
  const french = locale === 'fr'
  const tMain = createTranslator(
    mainCatalogue,
    french ? (frenchTranslations.main as Translation<typeof mainCatalogue.en>) : undefined,
    formats,
  )
  const t = createTranslator(
    filterChipsCatalogue,
    french ? (frenchTranslations.filterChips as Translation<typeof filterChipsCatalogue.en>) : undefined,
    formats,
  )
  return { fields, locale: createCellLocale(formats, tMain), t, emptyText: tMain('cell.empty') }
}

/** The sentence of filters written in CKAN 2.12's JSON. */
function describe2(json: unknown, locale = 'en'): string {
  return describeWith(readFilters(JSON.stringify(json)).conditions, contextFor(locale))
}

const say = (condition: FilterCondition, locale = 'en') => describeCondition(condition, contextFor(locale))

describe('describeFilters', () => {
  it('joins values with "or" and conditions with "and"', () => {
    expect(describe2({ country: ['DE', 'UK'], year: 2013 })).toBe('country is DE or UK and year is 2013')
    expect(describe2({ country: ['DE', 'UK', 'FR'], year: 2013, open: true })).toBe(
      'country is DE, UK, or FR, year is 2013, and open is true',
    )
  })

  it('formats values by field type and names fields by their label', () => {
    expect(describe2({ amount: 12345.5 })).toBe('Amount (€) is 12,345.5')
    expect(describe2({ amount: '12345.5' }, 'de')).toContain('12.345,5')
    expect(describe2({ day: '2013-02-01' })).toBe('day is Feb 1, 2013')
  })

  it('says a range in plain words', () => {
    // grouped as the table groups them: 10,000, but 1000 and years such as 2013 as written
    expect(describe2({ elevation: { gte: 10000, lte: 50000 } })).toBe('elevation from 10,000 to 50,000')
    expect(describe2({ elevation: { gte: 1000 } })).toBe('elevation at least 1000')
    expect(describe2({ elevation: { lte: 1000 } })).toBe('elevation at most 1000')
    expect(describe2({ elevation: { gt: 1000 } })).toBe('elevation more than 1000')
    expect(describe2({ elevation: { lt: -40 } })).toBe('elevation less than -40')
    expect(describe2({ elevation: { gt: 1000, lte: 50000 } })).toBe(
      'elevation more than 1000 and at most 50,000',
    )
  })

  it('says a range of dates in days, whole days on a timestamp column too', () => {
    expect(describe2({ day: { gte: '2014-03-01' } })).toBe('day on or after Mar 1, 2014')
    expect(describe2({ day: { gte: '2014-03-01', lte: '2014-06-30' } })).toBe(
      'day from Mar 1, 2014 to Jun 30, 2014',
    )
    expect(describe2({ day: { lt: '2014-03-01' } })).toBe('day before Mar 1, 2014')
    expect(say(dayRange('updated', 'timestamp', '2014-03-01', '2014-03-31'))).toBe(
      'updated from Mar 1, 2014 to Mar 31, 2014',
    )
    expect(say(dayRange('updated', 'timestamp', undefined, '2014-03-31'))).toBe(
      'updated on or before Mar 31, 2014',
    )
    // a midnight that does not end a day says its time
    expect(describe2({ updated: { lte: '2014-03-01' } })).toBe('updated on or before Mar 1, 2014, 12:00 AM')
  })

  it('says ranges and values in French', () => {
    expect(describe2({ elevation: { gte: 10000, lte: 50000 } }, 'fr')).toBe(
      'elevation de 10\u202f000 à 50\u202f000',
    )
    expect(describe2({ day: { gte: '2014-03-01' } }, 'fr')).toBe('day le 1 mars 2014 ou après')
    expect(describe2({ country: ['DE', 'UK'], elevation: { lt: 10 } }, 'fr')).toBe(
      'country vaut DE ou UK et elevation en dessous de 10',
    )
  })

  it('says in words the forms the dialog cannot build', () => {
    expect(describe2([{ country: 'DE' }, { year: { gte: 2010 } }])).toBe(
      'either country is DE or year at least 2010',
    )
    expect(describe2({ $or: [{ country: 'DE', open: true }, { year: 2013 }] })).toBe(
      'either (country is DE and open is true) or year is 2013',
    )
    expect(describe2({ year: { ne: 3 } })).toBe('year ne 3')
    expect(describe2({ year: [] })).toBe('year is one of no value (no record passes)')
    expect(describe2({ $not: [{ year: 1 }] })).toBe('the filter {"$not":[{"year":1}]}')
  })

  it('shows a code as the table does: without grouping', () => {
    const codes: CkanField[] = [
      { id: 'zip_code', type: 'int4' },
      { id: 'population', type: 'int4' },
    ]
    const context = { ...contextFor('en'), fields: codes }
    expect(describeWith(readFilters('{"zip_code": 46001, "population": 46001}').conditions, context)).toBe(
      'zip_code is 46001 and population is 46,001',
    )
  })

  it('shows an empty text value visibly, and unknown fields as text', () => {
    expect(describe2({ country: '' })).toBe('country is (empty)')
    expect(describe2({ other: '001' })).toBe('other is 001')
  })

  it('is empty without filters and survives a bad locale', () => {
    expect(describe2({})).toBe('')
    expect(describe2({ country: 'DE' }, 'not a locale!')).toBe('country is DE')
  })
})
