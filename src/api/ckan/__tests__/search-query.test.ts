import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ENGLISH_STOP_WORDS, prefixQuery } from '../search-query'
import { mulberry32 } from '../../../testing/seeded-random'

const ALPHABET = [
  ...`abcXYZ019 '"\\:*&|!()<>-_.,;@#$%^~\`[]{}/?+=`,
  'ü',
  'ß',
  'é',
  '\u0301', // combining acute accent, alone
  'ת',
  'ל',
  '三',
  '區',
  'İ',
  'Σ',
  '😀',
  '👩‍👩‍👧',
  '\u0000',
  '\t',
  '\n',
  '\u200b',
  '\uFEFF',
  '\uD800', // lone surrogate
  '١', // Arabic-Indic digit
  '²',
  'Ⅻ',
]

function randomString(random: () => number, maxLength: number): string {
  const length = Math.floor(random() * maxLength)
  let text = ''
  for (let index = 0; index < length; index++) text += ALPHABET[Math.floor(random() * ALPHABET.length)]
  return text
}

const HOSTILE = [
  '',
  ' ',
  "'",
  "''",
  '"',
  '\\',
  "\\'",
  ':*',
  "berl':*",
  "'berl':* & 'x",
  '&',
  '|',
  '!',
  '!!!',
  '()',
  '(a',
  'a)',
  '<->',
  '<2>',
  'a <-> b',
  'a & | b',
  'DE UK',
  'DE | UK',
  '!DE',
  'a:*:*',
  'a:A',
  'a:ABCD*',
  "it's",
  'l’eau',
  'co-op',
  'e-mail@example.com',
  'https://example.com/a?b=c&d=e',
  '3.14',
  '-1',
  '1e10',
  '2011-04-04',
  '😀',
  '😀😀😀 berlin',
  'the', // an English stop word only
  'the a of',
  '\u0301',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'zür',
  'תל אביב',
  '三民區',
  'İstanbul',
  'ΣΊΣΥΦΟΣ',
  'x'.repeat(5000),
  'ü'.repeat(3000),
  '三'.repeat(3000),
  Array.from({ length: 500 }, (_, index) => `w${index}`).join(' '),
  '{"title":"jones"}',
  "'; DROP TABLE x; --",
  '$$',
  "E'\\x41'",
]

let db: PGlite

beforeAll(async () => {
  db = new PGlite()
  await db.waitReady
})

afterAll(async () => {
  await db.close()
})

async function runs(tsquery: string): Promise<void> {
  await db.query(`select to_tsquery('english', $1)`, [tsquery])
}

describe('prefixQuery', () => {
  it('turns every word into a quoted prefix lexeme ANDed with &', () => {
    expect(prefixQuery('Berl  zür')).toBe("'berl':* & 'zür':*")
    expect(prefixQuery('三民區')).toBe("'三民區':*")
    expect(prefixQuery('תל')).toBe("'תל':*")
  })

  it('returns null when the text holds no letter or digit', () => {
    for (const text of ['', '   ', '!!!', '\'"\\:*&|!()<>', '😀', '\u0000\t\n']) {
      expect(prefixQuery(text)).toBeNull()
    }
  })

  it('gives no q for English stop words alone, which PostgreSQL would turn into a query matching nothing', () => {
    expect(prefixQuery('a')).toBeNull()
    expect(prefixQuery('The Of')).toBeNull()
    expect(prefixQuery('the berl')).toBe("'the':* & 'berl':*")
  })

  it('lists only words that PostgreSQL’s english configuration really drops', async () => {
    const result = await db.query<{ word: string }>(
      `select word from unnest($1::text[]) as word where to_tsvector('english', word) <> ''::tsvector`,
      [[...ENGLISH_STOP_WORDS]],
    )
    expect(result.rows).toEqual([])
    expect(ENGLISH_STOP_WORDS.size).toBe(127)
  })

  it('drops operator characters instead of passing them to PostgreSQL', () => {
    expect(prefixQuery("berl':* | !x & (y)")).toBe("'berl':* & 'x':* & 'y':*")
  })

  it('uses a check that does see PostgreSQL reject raw user text (control)', async () => {
    await expect(runs('DE UK')).rejects.toThrow()
    await expect(runs("'berl':* & 'x")).rejects.toThrow()
    await expect(runs('a & | b')).rejects.toThrow()
  })

  it('never produces a tsquery PostgreSQL rejects, for hostile inputs', async () => {
    for (const text of HOSTILE) {
      const query = prefixQuery(text)
      if (query === null) continue
      await expect(runs(query), JSON.stringify(text.slice(0, 80))).resolves.toBeUndefined()
    }
  })

  it('never produces a tsquery PostgreSQL rejects, for 600 random strings', async () => {
    const random = mulberry32(20261122)
    let checked = 0
    for (let round = 0; round < 600; round++) {
      const text = randomString(random, 40)
      const query = prefixQuery(text)
      if (query === null) continue
      checked++
      await expect(runs(query), JSON.stringify(text)).resolves.toBeUndefined()
    }
    // Guards against a generator that only produces "no q".
    expect(checked).toBeGreaterThan(400)
  })

  it('never produces a tsquery PostgreSQL rejects, for 400 strings dense in joiners and quotes', async () => {
    const random = mulberry32(99)
    const dense = ['a', 'ü', '1', '.', '-', '@', '/', "'", '\\', ':', '*', ' ', '&', '三', '\u0301']
    for (let round = 0; round < 400; round++) {
      const length = 1 + Math.floor(random() * 20)
      const text = Array.from({ length }, () => dense[Math.floor(random() * dense.length)]).join('')
      const query = prefixQuery(text)
      if (query === null) continue
      await expect(runs(query), JSON.stringify(text)).resolves.toBeUndefined()
    }
  })

  it('matches words by their start, across accents and scripts', async () => {
    const matches = async (document: string, text: string): Promise<boolean> => {
      const query = prefixQuery(text)
      if (query === null) throw new Error(`no query for ${text}`)
      const result = await db.query<{ hit: boolean }>(
        `select to_tsvector('english', $1) @@ to_tsquery('english', $2) as hit`,
        [document, query],
      )
      return result.rows[0]?.hit ?? false
    }
    expect(await matches('Berlin Zürich', 'berl')).toBe(true)
    expect(await matches('Berlin Zürich', 'zür')).toBe(true)
    expect(await matches('Berlin Zürich', 'BERL zü')).toBe(true)
    expect(await matches('Berlin Zürich', 'berl paris')).toBe(false)
    expect(await matches('高雄市 三民區', '三民區')).toBe(true)
    expect(await matches('תל אביב', 'תל')).toBe(true)
    expect(await matches('first 99', '99')).toBe(true)
  })

  it('keeps numbers, dates, hyphenated words and addresses whole, as PostgreSQL indexes them', async () => {
    const matches = async (document: string, text: string): Promise<boolean> => {
      const result = await db.query<{ hit: boolean }>(
        `select to_tsvector('english', $1) @@ to_tsquery('english', $2) as hit`,
        [document, prefixQuery(text)],
      )
      return result.rows[0]?.hit ?? false
    }
    expect(prefixQuery('53.56, co-op.')).toBe("'53.56':* & 'co-op':*")
    expect(await matches('sixth 53.56', '53.5')).toBe(true)
    expect(await matches('2011-04-04', '2011-04')).toBe(true)
    expect(await matches('co-op shop', 'co-op')).toBe(true)
    expect(await matches('mail john@example.com', 'John@Example.com')).toBe(true)
    expect(await matches('12/09/2021', '12/09')).toBe(true)
    expect(await matches(' -210.500', '-210.5')).toBe(true)
    expect(await matches('2023-02-01T00:00:00', '2023-02-01')).toBe(true)
  })
})
