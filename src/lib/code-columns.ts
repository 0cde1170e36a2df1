// Columns whose numbers are codes (ids, postal codes, FIPS, reference numbers) rather than quantities:
// 46001 is a postal code, and "46,001" would read as a count. Decided once per column, by its name.

/** Whole words that mark a column of codes. */
const CODE_WORDS: ReadonlySet<string> = new Set([
  'id',
  'code',
  'no',
  'nr',
  'num',
  'number',
  'zip',
  'postal',
  'postcode',
  'fips',
  'ref',
  'key',
  // the same words on the Spanish, Portuguese and Italian portals of our samples (CodMunicipio,
  // codigo_postal), and an employee's file number (legajo) on Argentine ones
  'cod',
  'codigo',
  'código',
  'codice',
  'legajo',
])

// camelCase and acronym boundaries ("stationNo", "FIPSCode"), and letters next to digits ("zip5")
const WORD_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu
const SEPARATORS = /[^\p{L}\p{N}]+/u

/** The words of a column name: split at `_`, `-`, spaces, dots and camelCase boundaries, lower-cased. */
export function nameWords(name: string): string[] {
  return name
    .replace(WORD_BOUNDARY, ' ')
    .split(SEPARATORS)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase())
}

/** Whether a column's numbers are codes, shown without grouping: `employee_id`, `ZipCode`, `FIPS`. */
export function isCodeColumnName(name: string): boolean {
  return nameWords(name).some((word) => CODE_WORDS.has(word))
}
