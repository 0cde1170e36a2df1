// How the link says which summary (model/view-tab.ts: which tab): `group=` and `show=`.
//
//   group   one or two columns, comma-separated, each with how it groups after a colon:
//           `country`, `founded:month`, `population:1000000` (ranges of that width), `year:value`;
//           a name that is not a plain word goes in double quotes, as in `hidden`: `"city name":value`
//   show    the figures, comma-separated: `count`, `sum:population`, `avg:score`, `min:…`, `max:…`
//           (also read: total, average, mean, smallest, minimum, largest, maximum)
//
// Tolerant in (case, spaces, synonyms, a figure twice), canonical out. The URL codec keeps `group`
// and `show` as given; the Summary tab reads them with these functions (so that they load with it),
// checks them against the table's columns, and writes them back canonically. Pure.
import { quoteSortName, readQuotedName, splitOutsideQuotes } from '../api/ckan/ckan-syntax'
import {
  DATE_PARTS,
  sameMeasure,
  type DatePart,
  type FieldMeasureKind,
  type Grouping,
  type Measure,
} from '../lib/summary/summary-spec'

/** The most groupings a summary has: a column, and a second one splitting it. */
export const MAX_GROUPINGS = 2

/** One item: a name (plain, or in double quotes) and what follows its last colon, if anything. */
function readItem(rawItem: string): { name: string; how: string | undefined } | null {
  const item = rawItem.trim()
  if (item === '') return null
  if (item.startsWith('"')) {
    const quoted = readQuotedName(item)
    if (!quoted || quoted.name === '') return null
    const rest = quoted.rest.trim()
    if (rest === '') return { name: quoted.name, how: undefined }
    return rest.startsWith(':') ? { name: quoted.name, how: rest.slice(1).trim() } : null
  }
  if (item.includes('"')) return null
  const colon = item.lastIndexOf(':')
  return colon < 0
    ? { name: item, how: undefined }
    : { name: item.slice(0, colon).trim(), how: item.slice(colon + 1).trim() }
}

function readGrouping(name: string, how: string | undefined): Grouping | null {
  if (name === '') return null
  const word = (how ?? 'value').toLowerCase()
  if (word === 'value') return { field: name, by: 'value' }
  if ((DATE_PARTS as readonly string[]).includes(word)) return { field: name, by: word as DatePart }
  const width = Number(word)
  return word !== '' && Number.isFinite(width) && width > 0 ? { field: name, by: 'range', width } : null
}

/** `group`'s groupings; null when it cannot be read (the link's notice says so). */
export function parseGroups(text: string): Grouping[] | null {
  const items = splitOutsideQuotes(text)
  if (!items) return null
  const groups: Grouping[] = []
  for (const raw of items) {
    if (raw.trim() === '') continue
    const item = readItem(raw)
    const grouping = item && readGrouping(item.name, item.how)
    if (!grouping) return null
    if (!groups.some((group) => group.field === grouping.field)) groups.push(grouping)
  }
  return groups.length > 0 && groups.length <= MAX_GROUPINGS ? groups : null
}

export function formatGroups(groups: readonly Grouping[]): string {
  return groups
    .map((group) => {
      const name = quoteSortName(group.field)
      if (group.by === 'value') return name
      return `${name}:${group.by === 'range' ? String(group.width) : group.by}`
    })
    .join(',')
}

const MEASURE_WORDS: Readonly<Record<string, FieldMeasureKind>> = {
  sum: 'sum',
  total: 'sum',
  avg: 'avg',
  average: 'avg',
  mean: 'avg',
  min: 'min',
  smallest: 'min',
  minimum: 'min',
  max: 'max',
  largest: 'max',
  maximum: 'max',
}

/** `show`'s figures; null when it cannot be read. */
export function parseMeasures(text: string): Measure[] | null {
  const items = splitOutsideQuotes(text)
  if (!items) return null
  const measures: Measure[] = []
  for (const raw of items) {
    const trimmed = raw.trim()
    if (trimmed === '') continue
    let measure: Measure | null = null
    if (/^count$/i.test(trimmed)) measure = { kind: 'count' }
    else {
      // the figure's word comes first: `sum:population`
      const colon = trimmed.indexOf(':')
      const kind = colon < 0 ? undefined : MEASURE_WORDS[trimmed.slice(0, colon).trim().toLowerCase()]
      const item = colon < 0 ? null : readItem(trimmed.slice(colon + 1))
      if (kind && item && item.how === undefined && item.name !== '') measure = { kind, field: item.name }
    }
    if (!measure) return null
    if (!measures.some((known) => sameMeasure(known, measure))) measures.push(measure)
  }
  return measures.length > 0 ? measures : null
}

export function formatMeasures(measures: readonly Measure[]): string {
  return measures
    .map((measure) =>
      measure.kind === 'count' ? 'count' : `${measure.kind}:${quoteSortName(measure.field)}`,
    )
    .join(',')
}
