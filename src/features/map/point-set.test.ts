import { describe, expect, it } from 'vitest'
import { createRecordMatcher } from '../../lib/filter-match'
import { writeFilters } from '../../model/filters'
import { areaConditions, isAreaAt, withArea } from '../../model/place-area'
import { addRecords, createPointSet, isSample, mercatorX, mercatorY, pointsInArea } from './point-set'

const places = { kind: 'pair', lat: 'latitude', lon: 'longitude' } as const
const records = [
  { _id: 1, name: 'LAX', latitude: '33.94253611', longitude: '-118.4080744' },
  { _id: 2, name: 'ORD', latitude: 41.979595, longitude: -87.90446417 },
  { _id: 3, name: 'Null Island', latitude: 0, longitude: 0 },
  { _id: 4, name: 'Nowhere', latitude: null, longitude: null },
  { _id: 5, name: 'Off the globe', latitude: 95, longitude: 10 },
]

describe('the point set', () => {
  it('keeps usable positions with their ids and labels, and counts and lists the others', () => {
    const set = addRecords(createPointSet(1), records, places, 'name')
    expect(set.count).toBe(2)
    expect([...set.ids.slice(0, 2)]).toEqual([1, 2])
    expect(set.labels.slice(0, 2)).toEqual(['LAX', 'ORD'])
    expect(set.lat[0]).toBeCloseTo(33.94253611)
    expect(set.unusableCount).toBe(3)
    expect(set.unusableIds).toEqual([3, 4, 5])
  })

  it('beyond its cap, keeps a uniform sample of every point read, and says it is one', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      _id: index + 1,
      name: `P${index + 1}`,
      latitude: 10 + index / 1000,
      longitude: 20,
    }))
    const set = createPointSet(16, 100)
    // in pages, as the map reads them
    for (let start = 0; start < many.length; start += 3000)
      addRecords(set, many.slice(start, start + 3000), places, 'name')
    expect(set.count).toBe(100)
    expect(set.usable).toBe(10_000)
    expect(isSample(set)).toBe(true)
    const ids = [...set.ids.slice(0, set.count)]
    expect(new Set(ids).size).toBe(100)
    // each kept point is still itself: its position and label go with its id
    for (let index = 0; index < set.count; index++) {
      expect(set.lat[index]).toBeCloseTo(10 + (set.ids[index]! - 1) / 1000)
      expect(set.labels[index]).toBe(`P${set.ids[index]}`)
      expect(set.y[index]).toBe(mercatorY(set.lat[index]!))
    }
    // every tenth of the records is in the sample, not only the first ones read
    const tenths = new Set(ids.map((id) => Math.floor((id - 1) / 1000)))
    expect(tenths.size).toBe(10)
    const under = createPointSet(16, 100)
    addRecords(under, many.slice(0, 100), places, 'name')
    expect(isSample(under)).toBe(false)
  })

  it('places each point in Web Mercator’s unit square once, as the map projects it', () => {
    expect(mercatorX(-180)).toBe(0)
    expect(mercatorX(0)).toBe(0.5)
    expect(mercatorX(180)).toBe(1)
    expect(mercatorY(0)).toBeCloseTo(0.5, 12)
    // Web Mercator's square ends at ±85.0511°
    expect(mercatorY(85.0511287798)).toBeCloseTo(0, 9)
    expect(mercatorY(-85.0511287798)).toBeCloseTo(1, 9)
    // Los Angeles' airport at zoom 0 (256 px), by Leaflet's formula, ln(tan(45° + lat / 2))
    const set = addRecords(createPointSet(), records, places, 'name')
    expect(set.x[0]! * 256).toBeCloseTo(43.7987, 3)
    expect(set.y[0]! * 256).toBeCloseTo(102.3132, 3)
  })

  it('finds the points in an area, edges in', () => {
    const set = addRecords(createPointSet(), records, places, 'name')
    const west = { south: 30, west: -125, north: 40, east: -100 }
    expect(pointsInArea(set, west)).toEqual({ indices: [0], count: 1 })
    expect(pointsInArea(set, { south: 33.94253611, west: -118.4080744, north: 50, east: -80 }).count).toBe(2)
  })
})

describe('an area as filters', () => {
  const area = { south: 33.5, west: -118.7, north: 34.3, east: -117.9 }

  it('is a latitude range and a longitude range, both ends in, rounded outwards', () => {
    const conditions = areaConditions('latitude', 'longitude', { ...area, south: 33.12345678 })
    expect(writeFilters(conditions)).toEqual({
      latitude: { gte: 33.123456, lte: 34.3 },
      longitude: { gte: -118.7, lte: -117.9 },
    })
  })

  it('replaces the ranges it had on those columns, and keeps every other condition', () => {
    const first = withArea(
      [{ kind: 'values', field: 'state', values: ['CA'] }],
      'latitude',
      'longitude',
      area,
    )
    const second = withArea(first, 'latitude', 'longitude', { ...area, north: 35 })
    expect(second).toHaveLength(3)
    expect(second[0]).toEqual({ kind: 'values', field: 'state', values: ['CA'] })
    expect(isAreaAt(second, 1, [])).toBe(true)
    expect(isAreaAt(second, 0, [])).toBe(false)
  })

  it('matches in the browser (older portals) exactly the records inside it', () => {
    const matches = createRecordMatcher(writeFilters(withArea([], 'latitude', 'longitude', area))!, [
      { id: 'latitude', type: 'numeric' },
      { id: 'longitude', type: 'numeric' },
    ])
    expect(records.filter(matches).map((record) => record._id)).toEqual([1])
  })
})
