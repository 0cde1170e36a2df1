// Every user-visible string of the records table, keyed, in the same style as src/lib/messages.ts:
// flat keys, `{name}` placeholders. Numbers inside messages are formatted by the caller with Intl.

export const tableMessages = {
  en: {
    'columns.button': 'Columns',
    'columns.close': 'Close',
    'columns.legend': 'Show or hide columns',
    'columns.lastVisible': 'At least one column stays visible.',
    'columns.showAll': 'Show all',
    'columns.summary': '{shown} of {total} shown',
    'cell.empty': 'Empty text',
    'cell.expand': 'Show the full value of {column}',
    'cell.loading': 'Loading',
    'cell.loadFailed': 'Could not load',
    'cell.null': 'No value (null)',
    'dialog.close': 'Close',
    'dialog.title': '{column}, row {row}',
    'grid.label': 'Records',
    'grid.loadFailed': 'Some rows could not be loaded.',
    'grid.noColumns': 'All columns are hidden.',
    'grid.noRows': 'No records match.',
    'grid.retry': 'Try again',
    'header.described': '{label} ({id})',
    'header.resize': 'Resize column {column}',
    'header.rowNumber': 'Row number',
    'header.rowNumberSymbol': '#',
    'header.sortedAsc': 'sorted ascending',
    'header.sortedDesc': 'sorted descending',
    'header.sortHint': 'Click to sort. Shift+click adds a sort key.',
    'sort.local': 'Sorted in your browser: all {count} records are loaded.',
    'type.bool': 'True/false column',
    'type.date': 'Date column',
    'type.json': 'Structured data (JSON) column',
    'type.number': 'Number column',
    'type.text': 'Text column',
    'type.time': 'Time column',
    'type.timestamp': 'Date and time column',
    'type.array': 'List column',
  },
} as const

export type TableMessageKey = keyof (typeof tableMessages)['en']

/** The English string for `key` with `{name}` placeholders filled from `params`. */
export function tableText(key: TableMessageKey, params?: Record<string, string | number>): string {
  const template: string = tableMessages.en[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  )
}

/** "1st", "2nd", "3rd", "4th"… for the position of a sort key (English ordinal rules). */
export function ordinal(position: number, locale: string): string {
  const rules = new Intl.PluralRules(locale.startsWith('en') ? locale : 'en', { type: 'ordinal' })
  const suffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }
  return `${position}${suffix[rules.select(position)] ?? 'th'}`
}
