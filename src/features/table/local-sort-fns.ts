import type { CkanField, CkanRecord } from '../../api/ckan/types'
import {
  ckanType,
  normaliseType,
  parseBool,
  parseIsoDateLike,
  parseNumber,
  type NormalisedType,
} from '../../lib/ckan-types'
import type { SortKey } from '../../model/explorer-state'
import { readCell } from './columns-fns'

/**
 * Sorting in the browser, used only when every matching record is loaded (`sortLocally`): a sort of one
 * page is never presented as a sort of the whole table. Values are compared by their column's CKAN type
 * (numbers sent as strings compare by value), text with Intl.Collator in the UI locale, and missing
 * values (null) always come last, whatever the direction, as users expect "no value" at the end.
 */

/** rank 0: a value of the column's type; 1: text that does not fit the type; 2: no value. */
interface SortValue {
  rank: 0 | 1 | 2
  num: number
  str: string
}

const NULL_VALUE: SortValue = { rank: 2, num: 0, str: '' }

function asText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

export function sortValue(value: unknown, family: NormalisedType): SortValue {
  if (value === null || value === undefined) return NULL_VALUE
  switch (ckanType(family).compareAs) {
    case 'number': {
      const num = parseNumber(value)
      return num === null ? { rank: 1, num: 0, str: asText(value) } : { rank: 0, num, str: '' }
    }
    case 'bool': {
      const truth = parseBool(value)
      return truth === null
        ? { rank: 1, num: 0, str: asText(value) }
        : { rank: 0, num: truth ? 1 : 0, str: '' }
    }
    case 'date': {
      // ISO wall-clock values compare correctly as text once "T" and " " separators agree;
      // dates stored in other formats fall back to text order after the ISO ones.
      const iso = parseIsoDateLike(asText(value))
      return iso === null ? { rank: 1, num: 0, str: asText(value).trim() } : { rank: 0, num: 0, str: iso }
    }
    default:
      return { rank: 0, num: 0, str: asText(value) }
  }
}

function compareSortValues(
  a: SortValue,
  b: SortValue,
  family: NormalisedType,
  desc: boolean,
  collator: Intl.Collator,
): number {
  if (a.rank === 2 || b.rank === 2) return a.rank === b.rank ? 0 : a.rank === 2 ? 1 : -1
  let result: number
  if (a.rank !== b.rank) result = a.rank - b.rank
  else if (a.rank === 1) result = collator.compare(a.str, b.str)
  else {
    const compareAs = ckanType(family).compareAs
    if (compareAs === 'date') result = a.str < b.str ? -1 : a.str > b.str ? 1 : 0
    else if (compareAs === 'number' || compareAs === 'bool') result = a.num - b.num
    else result = collator.compare(a.str, b.str)
  }
  return desc ? -result : result
}

function collatorFor(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale, { numeric: true, sensitivity: 'variant' })
  } catch {
    return new Intl.Collator('en', { numeric: true, sensitivity: 'variant' })
  }
}

/** A new array sorted by `sort` (stable: ties keep the order the portal sent). Unknown fields are skipped. */
export function sortRecordsLocally(
  records: readonly CkanRecord[],
  sort: readonly SortKey[],
  fields: readonly CkanField[],
  locale: string,
): CkanRecord[] {
  const typeById = new Map(fields.map((field) => [field.id, field.type]))
  const keys = sort
    .filter((key) => typeById.has(key.field))
    .map((key) => ({ ...key, family: normaliseType(typeById.get(key.field) ?? 'text') }))
  if (keys.length === 0) return [...records]
  const collator = collatorFor(locale)
  // decorate once: parsing inside the comparator would redo it n·log n times
  const decorated = records.map((record, index) => ({
    record,
    index,
    values: keys.map((key) => sortValue(readCell(record, key.field), key.family)),
  }))
  decorated.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!
      const result = compareSortValues(a.values[k]!, b.values[k]!, key.family, key.desc, collator)
      if (result !== 0) return result
    }
    return a.index - b.index
  })
  return decorated.map((entry) => entry.record)
}
