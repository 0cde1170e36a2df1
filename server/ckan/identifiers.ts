// Identifier quoting and CKAN's naming rules. Every identifier that reaches SQL goes through
// quoteIdent; names that could not be created in CKAN are rejected before any SQL is built.

/** Schema holding our catalogue: kept out of `public`, so it never shows up in `_table_metadata`. */
export const catalogSchema = 'ckan_catalog'

/** A PostgreSQL quoted identifier: `"a""b"`. NUL cannot be represented, so it is removed (as CKAN does). */
export function quoteIdent(name: string): string {
  return '"' + name.replace(/\0/g, '').replace(/"/g, '""') + '"'
}

/** A PostgreSQL string literal, for the few DDL statements that cannot take parameters (COMMENT ON). */
export function quoteLiteral(text: string): string {
  return "'" + text.replace(/\0/g, '').replace(/'/g, "''") + "'"
}

// Python's `str.strip()` also removes the information separators U+001C–U+001F and U+0085.
const pythonOnlyWhitespace = new Set(['\u001c', '\u001d', '\u001e', '\u001f', '\u0085'])

function isPythonWhitespace(char: string | undefined): boolean {
  return char !== undefined && (/\s/u.test(char) || pythonOnlyWhitespace.has(char))
}

/** Whether Python's `str.strip()` would change the text. */
function hasSurroundingWhitespace(text: string): boolean {
  return isPythonWhitespace(text[0]) || isPythonWhitespace(text[text.length - 1])
}

const maxIdentifierBytes = 63

/**
 * CKAN's `is_valid_field_name`: non-empty, no surrounding whitespace, no leading `_`, no `"`, no
 * control characters. Also at most 63 bytes, because PostgreSQL would silently truncate longer names.
 */
export function fieldNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name === '') return 'must be a non-empty string'
  if (hasSurroundingWhitespace(name)) return 'must not start or end with whitespace'
  if (name.startsWith('_')) return 'must not start with "_"'
  if (name.includes('"')) return 'must not contain a double quote'
  if (/\p{C}/u.test(name)) return 'must not contain control characters'
  if (new TextEncoder().encode(name).length > maxIdentifierBytes) return 'must be at most 63 bytes long'
  return undefined
}

/** CKAN's `is_valid_table_name`: a valid field name without `%`. */
export function tableNameProblem(name: unknown): string | undefined {
  if (typeof name === 'string' && name.includes('%')) return 'must not contain "%"'
  return fieldNameProblem(name)
}
