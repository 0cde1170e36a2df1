// Word-start search for CKAN: `berl zür` → `'berl':* & 'zür':*`, sent with `plain=false`.
//
// CKAN's default `plainto_tsquery` only matches whole (stemmed) words, and with `plain=false` any
// text that is not valid tsquery syntax is a 409 "Invalid query". CKAN's own DataTables view keeps
// only [0-9a-zA-Z-], which breaks every non-Latin script. Here a word is a run of Unicode letters,
// digits and combining marks (so "zür", "תל", "三民區" survive) and everything else separates words.
// A word then contains no quote, backslash or operator character, so quoting it as a tsquery
// lexeme `'…'` can never be rejected by PostgreSQL (proved against PGlite in search-query.test.ts).

// Letters, digits and marks, joined by `.`, `-`, `@` or `/` inside a word (53.56, 2011-04, co-op,
// name@example.org, 12/09/2021), with a leading minus before a digit (-210.5): PostgreSQL's parser
// keeps such tokens whole, so splitting them would miss them. These characters are plain text inside
// a quoted lexeme; only `'` and `\` are special there, and they never get into a word.
const WORD = /(?:-(?=\p{N}))?[\p{L}\p{N}\p{M}]+(?:[.\-@/][\p{L}\p{N}\p{M}]+)*/gu

/** PostgreSQL rejects a lexeme of 2 KB or more ("word is too long"); prefixes this long are useless anyway. */
const MAX_WORD_CHARS = 100
/** Keeps the query small whatever is pasted into the box. */
const MAX_WORDS = 32

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop), which CKAN's default `english`
 * configuration removes from a query. A query of stop words only matches nothing at all, so typing
 * "a" (the first letter of many searches) would empty the table: such a query becomes "no q" instead.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
)

/**
 * A sanitised tsquery for `plain=false` in which every word is a quoted prefix lexeme ANDed with `&`.
 * Returns null when the text holds no letter or digit, or only English stop words (the caller then
 * sends no `q`).
 */
export function prefixQuery(userText: string): string | null {
  const words = userText.normalize('NFC').match(WORD)
  if (!words) return null
  const seen = new Set<string>()
  const lexemes: string[] = []
  for (const word of words) {
    const key = Array.from(word).slice(0, MAX_WORD_CHARS).join('').toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    lexemes.push(`'${key}':*`)
    if (lexemes.length === MAX_WORDS) break
  }
  // Stop words stay in a query with other words (harmless under `english`, useful under `simple`).
  if ([...seen].every((word) => ENGLISH_STOP_WORDS.has(word))) return null
  return lexemes.join(' & ')
}
