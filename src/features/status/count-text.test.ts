import { describe, expect, it } from 'vitest'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { createLocaleFormats } from '../../i18n/locale-formats'
import { createTranslator, type Translation } from '../../i18n/translate'
import { frenchTranslations } from '../../i18n/translations/fr'
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

  it('reads as French in French: “1–100 sur 12 345 enregistrements”, the singular for one record', () => {
    const french = (input: CountInput) =>
      countWith(
        input,
        createTranslator(
          mainCatalogue,
          frenchTranslations.main as Translation<typeof mainCatalogue.en>,
          createLocaleFormats('fr'),
        ),
      )
    expect(french({ shown: 100, total: 12_345, totalWasEstimated: false, limit: 100 })).toBe(
      '1–100 sur 12\u202f345 enregistrements',
    )
    expect(french({ shown: 100, total: 1_000_000, totalWasEstimated: true, limit: 100 })).toBe(
      '1–100 sur environ 1\u202f000\u202f000 enregistrements',
    )
    expect(french({ shown: 344, total: 344, totalWasEstimated: false, limit: 500 })).toBe(
      'Tous les 344 enregistrements',
    )
    expect(french({ shown: 1, total: 1, totalWasEstimated: false, limit: 100 })).toBe('1 enregistrement')
    expect(french({ shown: 0, total: 0, totalWasEstimated: false, limit: 100 })).toBe(
      'Aucun enregistrement ne correspond',
    )
    expect(french({ shown: 100, total: undefined, totalWasEstimated: false, limit: 100 })).toBe(
      '1–100 enregistrements',
    )
  })
})
