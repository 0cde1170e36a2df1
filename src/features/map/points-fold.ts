// The map's fold: every matching record's position, read where the summaries read theirs (a worker,
// or the page in slices where none can start: record-fold). The fold keeps the points (and a sample
// beyond the cap) and hands the page only what changed since its last snapshot, so a million points
// cross once, not at each snapshot. Kept apart from the worker's entry so that both load the same code.
import type { CkanRecord } from '../../api/ckan/types'
import type { FoldFactories, RecordFold } from '../../queries/record-fold/fold-engine'
import { placeFieldIds, type PlaceColumns } from './find-places'
import { addRecord, createPointSet, deltaOf, MAX_POINTS, type PointsDelta } from './point-set'

export const POINTS_FOLD = 'points'

export interface PointsFoldOptions {
  places: PlaceColumns
  /** The column naming each point; null: none. */
  label: string | null
  /** The most points kept (beyond, a sample); MAX_POINTS unless a test says. */
  cap?: number
}

/** The columns the map reads of each record, in the order the fold takes them. */
export function pointsFields(options: PointsFoldOptions): string[] {
  const fields = ['_id', ...placeFieldIds(options.places)]
  if (options.label !== null && !fields.includes(options.label)) fields.push(options.label)
  return fields
}

export function createPointsFold(options: PointsFoldOptions): RecordFold<PointsDelta> {
  const fields = pointsFields(options)
  const set = createPointSet(1024, options.cap ?? MAX_POINTS)
  // the slots changed since the last snapshot, each once, in the order they changed
  const changed = new Set<number>()
  let records = 0
  return {
    fields,
    add(values) {
      records++
      const record: CkanRecord = {}
      // a column may be named __proto__: an own property, never the prototype. A dump's CSV has no
      // empty value but the empty text: no label then, as in the table
      fields.forEach((field, index) => {
        const value = field === options.label && values[index] === '' ? null : values[index]
        Object.defineProperty(record, field, { value, enumerable: true })
      })
      const slot = addRecord(set, record, options.places, options.label)
      if (slot >= 0) changed.add(slot)
    },
    snapshot() {
      const delta = deltaOf(set, [...changed], records)
      changed.clear()
      return delta
    },
  }
}

export const pointsFolds: FoldFactories = {
  [POINTS_FOLD]: (options: PointsFoldOptions): RecordFold<PointsDelta> => createPointsFold(options),
}
