// Every translation against the English catalogues: no stray keys, the same placeholders in every
// form, plurals kept plural (and ordinals ordinal), French complete; and a few French sentences as
// the page shows them.
import { describe, expect, it } from 'vitest'
import { cardsCatalogue } from './catalogues/cards'
import { compactCatalogue } from './catalogues/compact'
import { filterDialogCatalogue } from './catalogues/filter-dialog'
import { mainCatalogue } from './catalogues/main'
import { loadTranslations, TRANSLATED_LOCALES } from './languages'
import { createLocaleFormats, directionOf } from './locale-formats'
import {
  createTranslator,
  placeholders,
  type Catalogue,
  type Message,
  type MessageTable,
  type Translation,
  withoutIsolation,
} from './translate'
import { frenchTranslations } from './translations/fr'

// every catalogue file, so that a new one is checked without being listed here
const CATALOGUES: readonly Catalogue<MessageTable>[] = Object.values(
  import.meta.glob<Record<string, unknown>>('./catalogues/*.ts', { eager: true }),
).flatMap((module) =>
  Object.values(module).filter(
    (value): value is Catalogue<MessageTable> =>
      typeof value === 'object' && value !== null && 'id' in value && 'en' in value,
  ),
)
const BY_ID = new Map(CATALOGUES.map((catalogue) => [catalogue.id, catalogue]))
const PSEUDO = new Set(['en-XA', 'ar-XB'])
const LANGUAGES = TRANSLATED_LOCALES.filter((locale) => !PSEUDO.has(locale))

function shape(message: Message): 'string' | 'plural' | 'ordinal' {
  if (typeof message === 'string') return 'string'
  return 'ordinal' in message ? 'ordinal' : 'plural'
}

const sorted = (names: Set<string>) => [...names].sort()

describe('catalogue ids', () => {
  it('are unique, and every catalogue file is checked', () => {
    expect(BY_ID.size).toBe(CATALOGUES.length)
    expect([...BY_ID.keys()]).toEqual(expect.arrayContaining(['main', 'errors', 'filterDialog', 'profile']))
  })

  it('include French, Hebrew and Arabic among the translated languages', () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(['fr', 'he', 'ar']))
  })
})

describe.each(LANGUAGES)('the %s translation', (locale) => {
  it('only translates catalogues that exist, and keys the English has', async () => {
    const translations = await loadTranslations(locale)
    expect(Object.keys(translations).length).toBeGreaterThan(0)
    for (const [id, translation] of Object.entries(translations)) {
      const catalogue = BY_ID.get(id)
      expect(catalogue, `catalogue “${id}”`).toBeDefined()
      const stray = Object.keys(translation).filter((key) => !Object.hasOwn(catalogue!.en, key))
      expect(stray, `${id}: keys the English does not have`).toEqual([])
    }
  })

  it('keeps every placeholder of the English, in every form, and each message’s shape', async () => {
    const translations = await loadTranslations(locale)
    for (const [id, translation] of Object.entries(translations)) {
      const english = BY_ID.get(id)!.en
      for (const [key, message] of Object.entries(translation as Translation<MessageTable>)) {
        if (message === undefined || !Object.hasOwn(english, key)) continue
        const source = english[key]!
        expect(shape(message), `${id} ${key}: shape`).toBe(shape(source))
        expect(sorted(placeholders(message)), `${id} ${key}: placeholders`).toEqual(
          sorted(placeholders(source)),
        )
        if (typeof message !== 'string') {
          const forms = 'ordinal' in message ? message.ordinal : message
          expect(forms.other, `${id} ${key}: an "other" form`).toEqual(expect.any(String))
        }
      }
    }
  })
})

describe('French', () => {
  const formats = createLocaleFormats('fr')
  const t = createTranslator(
    mainCatalogue,
    frenchTranslations.main as Translation<typeof mainCatalogue.en>,
    formats,
  )

  it('translates every key of every catalogue', () => {
    for (const catalogue of CATALOGUES) {
      const translation = frenchTranslations[catalogue.id] ?? {}
      const missing = Object.keys(catalogue.en).filter((key) => !Object.hasOwn(translation, key))
      expect(missing, `${catalogue.id}: keys without French`).toEqual([])
    }
  })

  it('is the chunk loaded for fr', async () => {
    expect(await loadTranslations('fr')).toBe(frenchTranslations)
  })

  it('writes the count message with French digits: “1–100 sur 12 345 enregistrements”', () => {
    // the whole count line, chosen by countText, is checked in features/status/count-text.test.ts
    expect(t('status.range', { from: 1, to: 100, total: 12_345 })).toBe(
      '1–100 sur 12\u202f345 enregistrements',
    )
  })

  it('uses the singular for 0 and 1, the plural from 2, and the plural for a million', () => {
    expect(t('tables.rows', { count: 0 })).toBe('0 ligne')
    expect(t('tables.rows', { count: 1 })).toBe('1 ligne')
    expect(t('tables.rows', { count: 2 })).toBe('2 lignes')
    expect(t('tables.rows', { count: 1_000_000 })).toBe('1\u202f000\u202f000 lignes')
    expect(t('status.all', { count: 1 })).toBe('1 enregistrement')
    const dialog = createTranslator(
      filterDialogCatalogue,
      frenchTranslations.filterDialog as Translation<typeof filterDialogCatalogue.en>,
      formats,
    )
    expect(dialog('filterDialog.count', { count: 0 })).toBe('0 enregistrement')
    expect(dialog('filterDialog.count', { count: 12_345 })).toBe('12\u202f345 enregistrements')
  })

  it('writes ordinals as French does: 1er, 2e', () => {
    expect(t('table.header.sortPosition', { count: 1 })).toBe('1er')
    expect(t('table.header.sortPosition', { count: 2 })).toBe('2e')
  })

  it('puts a narrow no-break space before : ; ? ! and inside guillemets, never a plain space', () => {
    for (const translation of Object.values(frenchTranslations)) {
      for (const message of Object.values(translation)) {
        if (message === undefined) continue
        const forms =
          typeof message === 'string'
            ? [message]
            : Object.values('ordinal' in message ? message.ordinal : message)
        for (const text of forms) {
          if (typeof text !== 'string') continue
          expect(text, text).not.toMatch(/[ \u00a0][:;?!»]|«[ \u00a0]|[“”"']/)
          expect(text, text).not.toMatch(/[^\s\u202f/][:;?!](\s|$)/)
        }
      }
    }
    expect(t('app.inDataset', { title: 'Élections' })).toBe('Jeu de données\u202f: Élections')
  })
})

describe('right-to-left languages', () => {
  it('lays Hebrew and Arabic out right to left, and French left to right', () => {
    expect(directionOf('he')).toBe('rtl')
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('fr')).toBe('ltr')
  })

  it('falls back to English for what Hebrew does not translate, and formats counts for Hebrew', async () => {
    const translations = await loadTranslations('he')
    const t = createTranslator(
      mainCatalogue,
      translations.main as Translation<typeof mainCatalogue.en>,
      createLocaleFormats('he'),
    )
    expect(t('search.label')).toBe('חיפוש')
    expect(t('status.range', { from: 1, to: 100, total: 12_345 })).toBe('1–100 מתוך 12,345 רשומות')
    // English standing in for Hebrew keeps its own direction: isolated left to right
    expect(t('portal.notHttp')).toBe(`\u2066${mainCatalogue.en['portal.notHttp']}\u2069`)
  })

  it('translates every word of a phone’s first screen and of its sheet into Hebrew and Arabic', async () => {
    const firstScreen = [
      'app.title',
      'app.controls',
      'app.views',
      'app.viewTable',
      'app.viewCards',
      'app.viewChart',
      'app.export',
      'app.profileStrip',
      'app.copyAsCode',
      'app.download',
      'app.embedView',
      'app.dataFrom',
      'app.skipToTable',
      'search.label',
      'search.placeholder',
      'search.hint',
      'search.hintWhole',
      'search.wholeWords',
      'limit.label',
      'limit.all',
      'filters.addFilter',
      'status.range',
      'table.columns.button',
      'table.columns.summary',
      'table.grid.label',
      'picker.placeholder',
      'picker.hint',
      'picker.open',
      'display.menu',
      'ui.close',
    ]
    for (const locale of ['he', 'ar']) {
      const translations = await loadTranslations(locale)
      const missing = firstScreen.filter((key) => !Object.hasOwn(translations.main ?? {}, key))
      const lazyParts = [cardsCatalogue, compactCatalogue].flatMap((catalogue) =>
        Object.keys(catalogue.en).filter((key) => !Object.hasOwn(translations[catalogue.id] ?? {}, key)),
      )
      expect([...missing, ...lazyParts], locale).toEqual([])
    }
  })

  it('leaves no isolation mark in words meant for a file', () => {
    const t = createTranslator(mainCatalogue, {}, createLocaleFormats('ar'))
    expect(withoutIsolation(t('portal.notHttp'))).toBe(mainCatalogue.en['portal.notHttp'])
  })

  it('isolates no French text, nor English shown in English', () => {
    const french = createTranslator(mainCatalogue, {}, createLocaleFormats('fr'))
    expect(french('portal.notHttp')).toBe(mainCatalogue.en['portal.notHttp'])
    const english = createTranslator(mainCatalogue, undefined, createLocaleFormats('en'))
    expect(english('search.hint')).toBe(mainCatalogue.en['search.hint'])
  })
})
