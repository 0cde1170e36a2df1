// Folds records into a summary's groups as they stream in: per group its number of records and,
// per number column measured, how many values it has, their total, smallest and largest. Memory is
// the groups, never the records: past `maxGroups` distinct groups the rest share one "other" group.
// Pure (no DOM): it runs in the worker, or on the page in small slices where no worker can start.
import { parseNumber } from '../ckan-types'
import { groupKeyFunction, OTHER_KEY } from './group-keys'
import { measuredFields, summaryFields, type SummarySpec } from './summary-spec'

/** More groups than a reader can read, or a table can show: the rest are counted together. */
export const MAX_GROUPS = 10_000

export interface GroupSnapshot {
  /** Its key in each grouping (group-keys.ts: `v…`, `e`, `x` or `o`). */
  key: string[]
  count: number
  /** Per measured column (SummarySnapshot.measured): values read, their total, smallest and largest. */
  n: number[]
  sum: number[]
  min: number[]
  max: number[]
}

export interface SummarySnapshot {
  /** Records folded in so far. */
  records: number
  measured: string[]
  groups: GroupSnapshot[]
  /** Whether records went into the "other" group, past the most groups kept. */
  overflow: boolean
}

export interface Aggregator {
  /** The columns each record must give, in this order. */
  readonly fields: readonly string[]
  /** One record: its values in `fields` order (text as the dump's CSV has it, or typed values). */
  add(values: ArrayLike<unknown>): void
  snapshot(): SummarySnapshot
}

// a group's numbers: its count, then per measured column n, sum, the sum's compensation, min, max
const COUNT = 0
const PER_FIELD = 5

/**
 * @param types the CKAN type of each column the summary reads (a missing one is read as text)
 */
export function createAggregator(
  spec: SummarySpec,
  types: Readonly<Record<string, string>>,
  maxGroups = MAX_GROUPS,
): Aggregator {
  const fields = summaryFields(spec)
  const keyOf = spec.groups.map((grouping) => {
    const toKey = groupKeyFunction(grouping, types[grouping.field] ?? 'text')
    const index = fields.indexOf(grouping.field)
    return (values: ArrayLike<unknown>) => toKey(values[index])
  })
  const measured = measuredFields(spec)
  const measuredIndex = measured.map((field) => fields.indexOf(field))
  const size = 1 + PER_FIELD * measured.length
  const groups = new Map<string, Float64Array>()
  let records = 0
  let overflow = false

  const newGroup = () => {
    const stats = new Float64Array(size)
    for (let field = 0; field < measured.length; field++) {
      stats[1 + field * PER_FIELD + 3] = Infinity
      stats[1 + field * PER_FIELD + 4] = -Infinity
    }
    return stats
  }

  const [firstKey, secondKey] = keyOf
  return {
    fields,
    add(values) {
      records++
      let key = firstKey!(values)
      if (secondKey) key += `\u0000${secondKey(values)}`
      let stats = groups.get(key)
      if (!stats) {
        if (groups.size >= maxGroups) {
          overflow = true
          key = secondKey ? `${OTHER_KEY}\u0000${OTHER_KEY}` : OTHER_KEY
          stats = groups.get(key)
        }
        if (!stats) {
          stats = newGroup()
          groups.set(key, stats)
        }
      }
      stats[COUNT]!++
      for (let field = 0; field < measuredIndex.length; field++) {
        const value = parseNumber(values[measuredIndex[field]!])
        if (value === null || !Number.isFinite(value)) continue
        const at = 1 + field * PER_FIELD
        stats[at]!++
        // Neumaier's compensated sum: a million decimals add up without drifting
        const sum = stats[at + 1]!
        const total = sum + value
        stats[at + 2]! += Math.abs(sum) >= Math.abs(value) ? sum - total + value : value - total + sum
        stats[at + 1] = total
        if (value < stats[at + 3]!) stats[at + 3] = value
        if (value > stats[at + 4]!) stats[at + 4] = value
      }
    },
    snapshot() {
      const snapshot: GroupSnapshot[] = []
      for (const [key, stats] of groups) {
        const group: GroupSnapshot = {
          key: key.split('\u0000'),
          count: stats[COUNT]!,
          n: [],
          sum: [],
          min: [],
          max: [],
        }
        for (let field = 0; field < measured.length; field++) {
          const at = 1 + field * PER_FIELD
          group.n.push(stats[at]!)
          group.sum.push(stats[at + 1]! + stats[at + 2]!)
          group.min.push(stats[at + 3]!)
          group.max.push(stats[at + 4]!)
        }
        snapshot.push(group)
      }
      return { records, measured: [...measured], groups: snapshot, overflow }
    },
  }
}
