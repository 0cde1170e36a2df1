// Inputs known to be expensive, refused with CKAN's 409 before the database sees them. CKAN sets
// no such bounds; these are this server's own (docs/server.md, "Limits"):
// - search terms: PostgreSQL matches every row's text against every term of a query, so a query's
//   cost grows with its terms times the rows it reads. A word-start query of 1,000 ORed prefixes
//   took 16 s on the 100,000-row generated table, one of 5,000 ran out the 60 s timeout, and a
//   130,000-word `q` held the database for a minute. People type a few words; the explorer sends
//   at most 32. So a request may have at most 100 terms, in `q` (a string or each value of a
//   dict, plain or not) and `full_text` together.
// - `fields`: each one listed is computed for every row read, and with `distinct` compared too: a
//   `fields` of 1,000 times one column with `distinct` ran for 62 s. A table has at most 1,600
//   columns (PostgreSQL's limit), so no request needs more names, nor any name twice.
import { truthy } from './search-schema.ts'
import type { ValidatedSearch } from './search-schema.ts'
import { getList } from './search-validate.ts'

/** Search terms a request may have, in all. */
export const MAX_SEARCH_TERMS = 100
/** Names a `fields` list may have (PostgreSQL's most columns in a table). */
export const MAX_FIELDS = 1600

/** A term: a run of letters, digits and combining marks (how PostgreSQL's parser finds words). */
const TERM = /[\p{L}\p{N}\p{M}]+/gu

/** Terms of `text`, counted up to `stopAt` (a megabyte of text is not scanned to its end). */
function countTerms(text: string, stopAt: number): number {
  let count = 0
  TERM.lastIndex = 0
  while (count < stopAt && TERM.exec(text)) count++
  return count
}

function searchTexts(search: ValidatedSearch): Array<[param: 'q' | 'full_text', text: string]> {
  const texts: Array<['q' | 'full_text', string]> = []
  if (search.fullText !== undefined) texts.push(['full_text', search.fullText])
  const q = search.q
  if (typeof q === 'string') texts.push(['q', q])
  else if (q !== undefined && truthy(q)) {
    // each value is searched as its text (search-sql.ts)
    for (const value of Object.values(q)) texts.push(['q', String(value)])
  }
  return texts
}

/** CKAN's field errors for inputs over this server's limits; undefined when within them. */
export function inputLimitErrors(search: ValidatedSearch): Record<string, string[]> | undefined {
  let terms = 0
  let param: 'q' | 'full_text' | undefined
  for (const [name, text] of searchTexts(search)) {
    terms += countTerms(text, MAX_SEARCH_TERMS + 1 - terms)
    if (terms > MAX_SEARCH_TERMS) {
      param = name
      break
    }
  }
  if (param) {
    return {
      [param]: [`Too many search terms: a search may have at most ${MAX_SEARCH_TERMS} words in all`],
    }
  }
  if (search.fields !== undefined && truthy(search.fields)) {
    const fields = getList(search.fields)
    if (fields.length > MAX_FIELDS) {
      return { fields: [`Too many fields: at most ${MAX_FIELDS} may be listed`] }
    }
    const seen = new Set<string>()
    for (const field of fields) {
      if (seen.has(field)) return { fields: [`Field "${field}" is listed more than once`] }
      seen.add(field)
    }
  }
  return undefined
}
