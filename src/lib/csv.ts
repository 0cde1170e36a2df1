// A CSV value as PostgreSQL's CSV writes it, which is what CKAN's dump sends: `t`/`f`, JSON for
// arrays and objects, nothing for null, `""` for an empty text, quotes only where needed. The one
// home of that rule: Download's files and the summary's CSV write their values with it. Pure.

/** A text in double quotes, a quote inside it doubled. */
export function quoteCsv(text: string): string {
  return `"${text.replace(/"/g, '""')}"`
}

/**
 * Whether CKAN's CSV writes this type as JSON text: JSON and array columns are selected as JSON with
 * `coalesce(…, 'null')`, so a string is quoted, `true` is `true` and a missing value is `null`.
 */
function writtenAsJson(type: string): boolean {
  return type === 'json' || type.startsWith('_')
}

/** One value as PostgreSQL's CSV writes it. */
export function csvValue(value: unknown, type = ''): string {
  let text: string
  if (writtenAsJson(type)) text = JSON.stringify(value ?? null)
  else if (value === null || value === undefined) return ''
  else if (typeof value === 'string') text = value
  else if (typeof value === 'boolean') text = value ? 't' : 'f'
  else if (typeof value === 'number') text = String(value)
  else text = JSON.stringify(value)
  if (text === '') return '""'
  return /[",\r\n]/.test(text) ? quoteCsv(text) : text
}
