// Loaded when the Table box is first focused (else at the first open): reading a typed id or a
// pasted link, and the words for what cannot be read, are not needed to show a table.
import { parseResourceInput, type ParsedResourceInput } from '../../api/ckan/resource-input'
import { errorsCatalogue } from '../../i18n/catalogues/errors'
import { translatorFor, type I18n } from '../../i18n/i18n-context'

const PROBLEM_KEY = {
  empty: 'resourceInput.empty',
  'bad-url': 'resourceInput.badUrl',
  'not-id': 'resourceInput.notId',
} as const

/** The table a text names, or why it names none, in words. */
export function readResourceInput(
  text: string,
  currentPortal: string,
  i18n: I18n,
): ParsedResourceInput | { problem: string } {
  const parsed = parseResourceInput(text, currentPortal)
  if (!('error' in parsed)) return parsed
  return { problem: translatorFor(i18n, errorsCatalogue)(PROBLEM_KEY[parsed.error]) }
}
