import { describe, expect, it } from 'vitest'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { createLocaleFormats } from '../../i18n/locale-formats'
import { createTranslator } from '../../i18n/translate'
import { countText as countWith, type CountInput } from './count-text'

const countText = (input: CountInput, locale: string) =>
  countWith(input, createTranslator(mainCatalogue, undefined, createLocaleFormats(locale)))

describe('countText', () => {
  it('says which records are shown out of how many, with grouped digits', () => {
    expect(countText({ shown: 100, total: 12_345, totalWasEstimated: false, limit: 100 }, 'en')).toBe(
      '1–100 of 12,345 records',
    )
    expect(countText({ shown: 1000, total: 12_345, totalWasEstimated: false, limit: 1000 }, 'de')).toBe(
      '1–1.000 of 12.345 records',
    )
  })

  it('marks an estimated total', () => {
    expect(countText({ shown: 100, total: 1_000_000, totalWasEstimated: true, limit: 100 }, 'en')).toBe(
      '1–100 of about 1,000,000 records',
    )
  })

  it('says "All" when everything is shown, and handles none, one and an unknown total', () => {
    expect(countText({ shown: 344, total: 344, totalWasEstimated: false, limit: 500 }, 'en')).toBe(
      'All 344 records',
    )
    expect(countText({ shown: 0, total: 0, totalWasEstimated: false, limit: 100 }, 'en')).toBe(
      'No records match',
    )
    expect(countText({ shown: 1, total: 1, totalWasEstimated: false, limit: 100 }, 'en')).toBe('1 record')
    expect(countText({ shown: 100, total: undefined, totalWasEstimated: false, limit: 100 }, 'en')).toBe(
      '1–100 records',
    )
  })
})
