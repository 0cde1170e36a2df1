// A summary's groups as rows to read: each group's keys, its figures in the order asked for, and
// its share of the whole; in a sensible first order (time and ranges in their own order, other
// groups largest first, the empty, unreadable and "other" groups last). Pure.
import { decodeKey, type GroupKey } from './group-keys'
import type { GroupSnapshot, SummarySnapshot } from './aggregate'
import type { Grouping, Measure, SummarySpec } from './summary-spec'

export interface SummaryRow {
  keys: GroupKey[]
  count: number
  /** One per figure asked for; null where the group has no value to measure (an average of nothing). */
  values: (number | null)[]
  /** This group's part of the whole, from 0 to 1, of the first figure that adds up (a count or a total). */
  share: number | null
}

/** The figure a group gets for a measure. */
export function measureValue(
  group: GroupSnapshot,
  measure: Measure,
  measured: readonly string[],
): number | null {
  if (measure.kind === 'count') return group.count
  const at = measured.indexOf(measure.field)
  const n = group.n[at] ?? 0
  if (at < 0 || n === 0) return null
  if (measure.kind === 'sum') return group.sum[at]!
  if (measure.kind === 'avg') return group.sum[at]! / n
  if (measure.kind === 'min') return group.min[at]!
  return group.max[at]!
}

/** Which figure a share is of: the first count or total; null when every figure is an average, min or max. */
export function shareMeasure(spec: SummarySpec): number | null {
  const index = spec.measures.findIndex((measure) => measure.kind === 'count' || measure.kind === 'sum')
  return index < 0 ? null : index
}

/** Whether a grouping's groups have an order of their own (time, ranges, numbers). */
export function isOrdered(grouping: Grouping, numeric: boolean): boolean {
  return grouping.by !== 'value' || numeric
}

const LAST = { empty: 1, unreadable: 2, other: 3 } as const

/** Orders two keys of one grouping: by their own order (numbers as numbers), special groups last. */
export function compareKeys(a: GroupKey, b: GroupKey, numeric: boolean): number {
  if (a.kind !== 'value' || b.kind !== 'value') {
    const rank = (key: GroupKey) => (key.kind === 'value' ? 0 : LAST[key.kind])
    return rank(a) - rank(b)
  }
  if (numeric) return Number(a.value) - Number(b.value)
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0
}

/**
 * The rows, first ordered: by the first grouping's own order when it has one (a date by month, a
 * range, a number), else by the first figure, largest first; the second grouping in its own order.
 * @param numeric per grouping, whether its keys are numbers (a range's index, a number column by value)
 */
export function summaryRows(
  snapshot: SummarySnapshot,
  spec: SummarySpec,
  numeric: readonly boolean[],
): SummaryRow[] {
  const shareAt = shareMeasure(spec)
  const rows = snapshot.groups.map((group) => ({
    keys: group.key.map(decodeKey),
    count: group.count,
    values: spec.measures.map((measure) => measureValue(group, measure, snapshot.measured)),
    share: null as number | null,
  }))
  if (shareAt !== null) {
    let whole = 0
    for (const row of rows) whole += row.values[shareAt] ?? 0
    for (const row of rows) row.share = whole === 0 ? null : (row.values[shareAt] ?? 0) / whole
  }
  const firstOrdered = spec.groups[0] ? isOrdered(spec.groups[0], numeric[0] ?? false) : true
  // unordered groups (text) go largest first: by the first figure, added up over a group's rows
  const weight = new Map<string, number>()
  if (!firstOrdered) {
    for (const [index, row] of rows.entries()) {
      const first = snapshot.groups[index]!.key[0]!
      weight.set(first, (weight.get(first) ?? 0) + (row.values[0] ?? 0))
    }
  }
  const weightOf = (row: SummaryRow) =>
    row.keys[0]!.kind === 'value' ? (weight.get(`v${row.keys[0]!.value}`) ?? 0) : 0
  rows.sort((a, b) => {
    const special = (row: SummaryRow) => (row.keys[0]!.kind === 'value' ? 0 : 1)
    if (!firstOrdered && special(a) === 0 && special(b) === 0) {
      const byWeight = weightOf(b) - weightOf(a)
      if (byWeight !== 0) return byWeight
    }
    const first = compareKeys(a.keys[0]!, b.keys[0]!, numeric[0] ?? false)
    if (first !== 0) return first
    return a.keys[1] && b.keys[1] ? compareKeys(a.keys[1], b.keys[1], numeric[1] ?? false) : 0
  })
  return rows
}
