import { describe, expect, it } from 'vitest'

import { createLocaleFormats } from '../../i18n/locale-formats'
import { isNumericType, normaliseType } from '../ckan-types'
import {
  CODE_COLUMN,
  formatCell as formatWith,
  MAX_CELL_CHARS,
  warmFormatters,
  type CellLocale,
} from '../format'

function cellLocale(locale: string): CellLocale {
  return { formats: createLocaleFormats(locale), nullText: '—', trueText: 'true', falseText: 'false' }
}

const locales = new Map<string, CellLocale>()
/** One CellLocale per language, as an explorer keeps one per language. */
function formatCell(value: unknown, type: string, locale: string, code = false) {
  let cell = locales.get(locale)
  if (!cell) locales.set(locale, (cell = cellLocale(locale)))
  return formatWith(value, type, cell, code ? CODE_COLUMN : undefined)
}

describe('normaliseType', () => {
  it.each([
    ['int', 'int'],
    ['int4', 'int'],
    ['int8', 'int'],
    ['INT2', 'int'],
    ['float', 'float'],
    ['float8', 'float'],
    ['numeric', 'numeric'],
    ['text', 'text'],
    ['timestamp', 'timestamp'],
    ['timestamptz', 'timestamp'],
    ['date', 'date'],
    ['time', 'time'],
    ['bool', 'bool'],
    ['json', 'json'],
    ['nested', 'json'],
    ['_text', 'array'],
    ['_int4', 'array'],
    ['tsvector', 'text'],
    ['geometry', 'text'],
    ['', 'text'],
    ['constructor', 'text'],
  ])('%s → %s', (type, family) => {
    expect(normaliseType(type)).toBe(family)
  })

  it('knows which types are numbers', () => {
    expect(['int', 'int8', 'float4', 'numeric'].every(isNumericType)).toBe(true)
    expect(['text', 'date', '_int4', 'bool'].some(isNumericType)).toBe(false)
  })
})

describe('formatCell', () => {
  it('keeps null and empty text apart', () => {
    expect(formatCell(null, 'text', 'en')).toMatchObject({ kind: 'null', text: '—' })
    expect(formatCell(undefined, 'numeric', 'en')).toMatchObject({ kind: 'null' })
    expect(formatCell('', 'text', 'en')).toEqual({ kind: 'empty', text: '', align: 'start' })
  })

  it('formats numbers by column type, also when sent as strings', () => {
    expect(formatCell('120.30369', 'numeric', 'en')).toEqual({
      text: '120.30369',
      kind: 'number',
      align: 'end',
    })
    expect(formatCell(' -210.500', 'numeric', 'en')).toEqual({
      text: '-210.500',
      kind: 'number',
      align: 'end',
    })
    expect(formatCell(' -210.500', 'numeric', 'de')).toMatchObject({ text: '-210,500' })
    expect(formatCell(28853124, 'numeric', 'en').text).toBe('28,853,124')
    expect(formatCell(2013, 'int4', 'en').text).toBe('2013')
    expect(formatCell('1.50', 'numeric', 'en').text).toBe('1.50')
    expect(formatCell(0.0573088, 'float', 'fr').text).toBe('0,0573088')
    expect(formatCell(1e21, 'float', 'en').text).toBe('1,000,000,000,000,000,000,000')
  })

  it('keeps every digit of numerics beyond 2^53', () => {
    expect(formatCell('12345678901234567890.123456789', 'numeric', 'en').text).toBe(
      '12,345,678,901,234,567,890.123456789',
    )
    expect(formatCell('9007199254740993', 'int8', 'en').text).toBe('9,007,199,254,740,993')
  })

  it('does not coerce number-looking text in text columns', () => {
    expect(formatCell(' 22757,96', 'text', 'en')).toEqual({ text: ' 22757,96', kind: 'text', align: 'start' })
    expect(formatCell('0 ', 'text', 'en').text).toBe('0 ')
  })

  it('shows the numbers of a column of codes without grouping, decimals kept', () => {
    expect(formatCell(46001, 'int', 'en', true)).toEqual({ text: '46001', kind: 'number', align: 'end' })
    expect(formatCell('305642', 'int4', 'en', true).text).toBe('305642')
    expect(formatCell('1234.5', 'numeric', 'en', true).text).toBe('1234.5')
    expect(formatCell(1234.5, 'float8', 'de', true).text).toBe('1234,5')
    expect(formatCell('9007199254740993', 'int8', 'en', true).text).toBe('9007199254740993')
    // a quantity is grouped as before
    expect(formatCell(46001, 'int', 'en').text).toBe('46,001')
    expect(formatCell('305642', 'int4', 'en').text).toBe('305,642')
  })

  it('keeps the leading zeros of a code, whatever its column type', () => {
    expect(formatCell('00501', 'text', 'en')).toEqual({ text: '00501', kind: 'text', align: 'start' })
    expect(formatCell('00501', 'text', 'en', true).text).toBe('00501')
    expect(formatCell('00501', 'numeric', 'en', true).text).toBe('00501')
    expect(formatCell('0', 'int', 'en', true).text).toBe('0')
  })

  it('shows values that do not fit a numeric column as sent', () => {
    expect(formatCell('N/A', 'numeric', 'en')).toEqual({ text: 'N/A', kind: 'text', align: 'start' })
    expect(formatCell('NaN', 'numeric', 'en')).toMatchObject({ text: 'NaN', kind: 'number' })
  })

  it('reads timestamps as wall-clock time, without any time-zone shift', () => {
    const original = process.env.TZ
    process.env.TZ = 'Pacific/Kiritimati'
    try {
      expect(formatCell('2023-02-01T00:00:00', 'timestamp', 'en')).toEqual({
        text: 'Feb 1, 2023',
        kind: 'timestamp',
        align: 'start',
      })
      expect(formatCell('2023-02-01T23:30:00', 'timestamp', 'en').text).toBe('Feb 1, 2023, 11:30 PM')
      expect(formatCell('2023-02-01T23:30:15.250', 'timestamp', 'en-GB').text).toBe('1 Feb 2023, 23:30:15')
      expect(formatCell('2020-01-01T10:00:00+02:00', 'timestamptz', 'en').text).toBe(
        'Jan 1, 2020, 10:00 AM (UTC+02:00)',
      )
    } finally {
      process.env.TZ = original
    }
  })

  it('formats dates and leaves odd date text alone', () => {
    expect(formatCell('2011-04-04', 'date', 'en')).toMatchObject({ text: 'Apr 4, 2011', kind: 'date' })
    expect(formatCell('2023-02-30', 'date', 'en')).toMatchObject({ text: '2023-02-30', kind: 'text' })
    expect(formatCell('2017/05/22 09:30:04', 'timestamp', 'en')).toMatchObject({ kind: 'text' })
  })

  it('shows JSON and arrays compactly', () => {
    expect(formatCell(['b', { moo: 'moo' }], 'json', 'en')).toEqual({
      text: '["b",{"moo":"moo"}]',
      kind: 'json',
      align: 'start',
    })
    expect(formatCell(['Princess Anna', 'Sergius'], '_text', 'en').text).toBe('["Princess Anna","Sergius"]')
    expect(formatCell({ a: 'b' }, 'text', 'en')).toMatchObject({ text: '{"a":"b"}', kind: 'json' })
  })

  it('shows booleans in words', () => {
    expect(formatCell(true, 'bool', 'en')).toMatchObject({ text: 'true', kind: 'bool' })
    expect(formatCell('f', 'bool', 'en')).toMatchObject({ text: 'false', kind: 'bool' })
    expect(formatCell('maybe', 'bool', 'en')).toMatchObject({ text: 'maybe', kind: 'text' })
  })

  it('cuts very long text and says so', () => {
    const cell = formatCell('x'.repeat(MAX_CELL_CHARS + 10), 'text', 'en')
    expect(cell.truncated).toBe(true)
    expect(cell.text).toHaveLength(MAX_CELL_CHARS + 1)
    expect(formatCell('Codice: <br>TIPO', 'text', 'en').truncated).toBeUndefined()
  })

  it('never throws on odd input', () => {
    for (const value of [Symbol.iterator, () => 1, 10n, NaN, -Infinity, {}, [], new Date(0)]) {
      for (const type of ['int', 'numeric', 'timestamp', 'date', 'bool', 'json', 'text', '_text']) {
        expect(() => formatCell(value, type, 'xx-invalid!!')).not.toThrow()
      }
    }
  })
})

describe('counts', () => {
  it('groups counts and row numbers the way the locale writes them', () => {
    expect(createLocaleFormats('en').count(1_000_000)).toBe('1,000,000')
    expect(createLocaleFormats('fr').count(1_000_000)).toMatch(/^1\s000\s000$/u)
  })

  it('falls back to English for a tag it cannot read', () => {
    expect(createLocaleFormats('not a locale!').count(12345)).toBe('12,345')
  })
})

describe('warmFormatters', () => {
  it('builds, before the first rows, the number formatters those rows need', () => {
    const swiss = cellLocale('de-CH')
    warmFormatters(swiss)
    const original = Intl.NumberFormat
    let built = 0
    Intl.NumberFormat = new Proxy(original, {
      construct(target, args: Parameters<typeof Intl.NumberFormat>) {
        built++
        return new target(...args)
      },
    })
    try {
      for (const value of ['1.5', '-2.91', '204.251', '76.1508', '0.12345', '3.141593', '12345'])
        formatWith(value, 'numeric', swiss)
      formatWith(2004942730, 'int', swiss)
      expect(built).toBe(0)
      // seven decimals were not prepared: that formatter is built on first use
      expect(formatWith('1.1234567', 'numeric', swiss).text).toBe('1.1234567')
      expect(built).toBe(1)
    } finally {
      Intl.NumberFormat = original
    }
  })
})
