// The points a map draws, as they arrive: positions in typed arrays (a million points take 24 MB,
// not a million objects), each with its record's `_id` and label; records without a usable position
// are counted, and the first ones kept to be listed. Beyond a cap, the set keeps a uniform random
// sample (reservoir sampling), so a view of ten million records still draws honestly, and says so.
// Synchronous: the map reads it, the point source fills it.
import type { CkanRecord } from '../../api/ckan/types'
import { mulberry32 } from '../../lib/seeded-random'
import type { Area } from '../../model/place-area'
import { isUsablePosition, positionOf, type PlaceColumns } from './find-places'

/** Records without a usable position listed by id (the count goes on beyond). */
export const UNUSABLE_LISTED = 100
/** The most points a map keeps: beyond, a random sample of this many stands for all of them. */
export const MAX_POINTS = 1_000_000

export interface PointSet {
  /** How many points are kept (the first `count` entries of the arrays): at most `cap`. */
  count: number
  /** How many records with a usable position were read; above `count` when the set is a sample. */
  usable: number
  cap: number
  /** The sample's random numbers (a fixed seed: the same records give the same sample). */
  random: () => number
  lat: Float64Array
  lon: Float64Array
  /**
   * Each point in Web Mercator's unit square (0 to 1 across, 0 to 1 down), computed once as it is
   * added: a draw then places a point with a multiply and an add, not a sine and a logarithm.
   */
  x: Float64Array
  y: Float64Array
  ids: Float64Array
  labels: (string | null)[]
  /** Records read without a usable position (none, out of range, or exactly 0,0). */
  unusableCount: number
  /** The `_id`s of the first UNUSABLE_LISTED of them. */
  unusableIds: number[]
}

export function createPointSet(capacity = 1024, cap = MAX_POINTS): PointSet {
  return {
    count: 0,
    usable: 0,
    cap,
    random: mulberry32(0x5eed),
    lat: new Float64Array(capacity),
    lon: new Float64Array(capacity),
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    ids: new Float64Array(capacity),
    labels: [],
    unusableCount: 0,
    unusableIds: [],
  }
}

/** A longitude's place across Web Mercator's unit square (0 at 180° W, 1 at 180° E). */
export function mercatorX(lon: number): number {
  return (lon + 180) / 360
}

/** A latitude's place down Web Mercator's unit square (0 at about 85° N, 1 at about 85° S). */
export function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180)
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)
}

/** Whether the set holds a sample of its points rather than every one. */
export function isSample(set: PointSet): boolean {
  return set.usable > set.count
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
  reserve(set, Math.min(set.cap, set.count + records.length))
  for (const record of records) addRecord(set, record, places, label)
  return set
}

function reserve(set: PointSet, size: number): void {
  set.lat = grow(set.lat, size)
  set.lon = grow(set.lon, size)
  set.x = grow(set.x, size)
  set.y = grow(set.y, size)
  set.ids = grow(set.ids, size)
}

/**
 * Adds one record: the slot its point went to (a new one, or a kept one it replaced in a sample), or
 * -1 when it has no usable position or the sample passed it over.
 */
export function addRecord(
  set: PointSet,
  record: CkanRecord,
  places: PlaceColumns,
  label: string | null,
): number {
  const id = Number(record._id)
  const position = positionOf(record, places)
  if (!position || !isUsablePosition(position.lat, position.lon)) {
    set.unusableCount++
    if (set.unusableIds.length < UNUSABLE_LISTED && Number.isFinite(id)) set.unusableIds.push(id)
    return -1
  }
  // the first `cap` points are kept; then each new one replaces a kept one with the chance that
  // keeps every point read equally likely to be in the sample (Algorithm R)
  const seen = set.usable++
  let slot = seen
  if (seen >= set.cap) {
    slot = Math.floor(set.random() * (seen + 1))
    if (slot >= set.cap) return -1
  } else {
    if (set.count >= set.lat.length) reserve(set, set.count + 1)
    set.count++
  }
  const text = label === null ? null : record[label]
  putPoint(
    set,
    slot,
    position.lat,
    position.lon,
    id,
    text === null || text === undefined ? null : String(text),
  )
  return slot
}

function putPoint(set: PointSet, slot: number, lat: number, lon: number, id: number, label: string | null) {
  set.lat[slot] = lat
  set.lon[slot] = lon
  set.x[slot] = mercatorX(lon)
  set.y[slot] = mercatorY(lat)
  set.ids[slot] = id
  set.labels[slot] = label
}

/** The points that changed since the last delta, as plain data: what a worker hands the page. */
export interface PointsDelta {
  /** Where each point goes in the page's set: a new slot, or a kept one it replaces (a sample). */
  slots: Int32Array
  lat: Float64Array
  lon: Float64Array
  ids: Float64Array
  labels: (string | null)[]
  /** The totals so far, as the set that made the delta counts them. */
  usable: number
  unusableCount: number
  unusableIds: number[]
  /** Records read so far, with or without a usable position. */
  records: number
}

/** The delta of the given slots of `set` (each once, in any order). */
export function deltaOf(set: PointSet, slots: readonly number[], records: number): PointsDelta {
  const delta: PointsDelta = {
    slots: Int32Array.from(slots),
    lat: new Float64Array(slots.length),
    lon: new Float64Array(slots.length),
    ids: new Float64Array(slots.length),
    labels: [],
    usable: set.usable,
    unusableCount: set.unusableCount,
    unusableIds: [...set.unusableIds],
    records,
  }
  slots.forEach((slot, index) => {
    delta.lat[index] = set.lat[slot]!
    delta.lon[index] = set.lon[slot]!
    delta.ids[index] = set.ids[slot]!
    delta.labels[index] = set.labels[slot] ?? null
  })
  return delta
}

/** Applies a delta to the page's set (changes `set`, which it returns). */
export function applyDelta(set: PointSet, delta: PointsDelta): PointSet {
  let count = set.count
  for (const slot of delta.slots) count = Math.max(count, slot + 1)
  reserve(set, count)
  delta.slots.forEach((slot, index) =>
    putPoint(set, slot, delta.lat[index]!, delta.lon[index]!, delta.ids[index]!, delta.labels[index] ?? null),
  )
  set.count = count
  set.usable = delta.usable
  set.unusableCount = delta.unusableCount
  set.unusableIds = delta.unusableIds
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
