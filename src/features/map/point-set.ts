// The points a map draws, as they arrive: positions in typed arrays (a million points take 16 MB,
// not a million objects), each with its record's `_id` and label; records without a usable position
// are counted, and the first ones kept to be listed. Pure and synchronous: the map reads it, the
// point source fills it.
import type { CkanRecord } from '../../api/ckan/types'
import type { Area } from '../../model/place-area'
import { isUsablePosition, positionOf, type PlaceColumns } from './find-places'

/** Records without a usable position listed by id (the count goes on beyond). */
export const UNUSABLE_LISTED = 100

export interface PointSet {
  /** How many points are usable (the first `count` entries of the arrays). */
  count: number
  lat: Float64Array
  lon: Float64Array
  ids: Float64Array
  labels: (string | null)[]
  /** Records read without a usable position (none, out of range, or exactly 0,0). */
  unusableCount: number
  /** The `_id`s of the first UNUSABLE_LISTED of them. */
  unusableIds: number[]
}

export function createPointSet(capacity = 1024): PointSet {
  return {
    count: 0,
    lat: new Float64Array(capacity),
    lon: new Float64Array(capacity),
    ids: new Float64Array(capacity),
    labels: [],
    unusableCount: 0,
    unusableIds: [],
  }
}

function grow(array: Float64Array, size: number): Float64Array {
  if (array.length >= size) return array
  const next = new Float64Array(Math.max(size, array.length * 2))
  next.set(array)
  return next
}

/** Adds a page of records (changes `set`, which it returns). `label`: the column naming each point. */
export function addRecords(
  set: PointSet,
  records: readonly CkanRecord[],
  places: PlaceColumns,
  label: string | null,
): PointSet {
  const size = set.count + records.length
  set.lat = grow(set.lat, size)
  set.lon = grow(set.lon, size)
  set.ids = grow(set.ids, size)
  for (const record of records) {
    const id = Number(record._id)
    const position = positionOf(record, places)
    if (!position || !isUsablePosition(position.lat, position.lon)) {
      set.unusableCount++
      if (set.unusableIds.length < UNUSABLE_LISTED && Number.isFinite(id)) set.unusableIds.push(id)
      continue
    }
    set.lat[set.count] = position.lat
    set.lon[set.count] = position.lon
    set.ids[set.count] = id
    const text = label === null ? null : record[label]
    set.labels[set.count] = text === null || text === undefined ? null : String(text)
    set.count++
  }
  return set
}

/** Whether a point lies in an area (edges in; an area across the antimeridian has west > east). */
export function inArea(area: Area, lat: number, lon: number): boolean {
  if (lat < area.south || lat > area.north) return false
  return area.west <= area.east ? lon >= area.west && lon <= area.east : lon >= area.west || lon <= area.east
}

/** The indices of the points in an area, the first `limit` of them, and how many there are. */
export function pointsInArea(
  set: PointSet,
  area: Area,
  limit = Infinity,
): { indices: number[]; count: number } {
  const indices: number[] = []
  let count = 0
  for (let index = 0; index < set.count; index++) {
    if (!inArea(area, set.lat[index]!, set.lon[index]!)) continue
    count++
    if (indices.length < limit) indices.push(index)
  }
  return { indices, count }
}
