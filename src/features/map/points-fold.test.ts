import { describe, expect, it } from 'vitest'
import { createFoldEngine } from '../../queries/record-fold/fold-engine'
import { addRecords, applyDelta, createPointSet, type PointSet } from './point-set'
import { createPointsFold, pointsFields } from './points-fold'

const places = { kind: 'pair', lat: 'latitude', lon: 'longitude' } as const
const options = { places, label: 'name' }

/** Records as a dump's CSV gives them: every value text, an empty value the empty text. */
function csvRows(count: number): string[][] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1
    // every seventh has no position, every eleventh sits at 0,0
    const lat = id % 7 === 0 ? '' : id % 11 === 0 ? '0' : String(10 + (id % 500) / 10)
    const lon = id % 7 === 0 ? '' : id % 11 === 0 ? '0' : String(-100 + (id % 300) / 10)
    return [String(id), lat, lon, id % 5 === 0 ? '' : `P${id}`]
  })
}

const points = (set: PointSet) =>
  Array.from({ length: set.count }, (_, index) => ({
    id: set.ids[index],
    lat: set.lat[index],
    lon: set.lon[index],
    x: set.x[index],
    label: set.labels[index] ?? null,
  }))

describe("the map's fold", () => {
  it('reads _id, the position columns and the label, in that order', () => {
    expect(pointsFields(options)).toEqual(['_id', 'latitude', 'longitude', 'name'])
    expect(pointsFields({ places: { kind: 'text-pair', field: 'where' }, label: null })).toEqual([
      '_id',
      'where',
    ])
  })

  it('hands the page only what changed; the deltas rebuild exactly the points read directly', () => {
    const rows = csvRows(5_000)
    const fold = createPointsFold(options)
    const page = createPointSet()
    let deltas = 0
    rows.forEach((row, index) => {
      fold.add(row)
      // a snapshot now and then, as the page asks while the records stream
      if (index % 777 === 0) {
        const delta = fold.snapshot()
        expect(delta.records).toBe(index + 1)
        applyDelta(page, delta)
        deltas++
      }
    })
    applyDelta(page, fold.snapshot())
    expect(deltas).toBeGreaterThan(5)
    // the same records, read on the page by addRecords
    const direct = addRecords(
      createPointSet(),
      rows.map(([_id, latitude, longitude, name]) => ({
        _id: Number(_id),
        latitude: latitude!,
        longitude: longitude!,
        name: name === '' ? null : name!,
      })),
      places,
      'name',
    )
    expect(page.count).toBe(direct.count)
    expect(points(page)).toEqual(points(direct))
    expect(page.unusableCount).toBe(direct.unusableCount)
    expect(page.unusableIds).toEqual(direct.unusableIds)
    // an empty label is no label, as in the table
    expect(page.labels[points(page).findIndex((point) => point.id === 5)]).toBeNull()
    // a snapshot with nothing new carries no point
    expect(fold.snapshot().slots.length).toBe(0)
  })

  it('beyond its cap, the deltas keep the page’s sample the same as the fold’s', () => {
    const rows = csvRows(3_000)
    const fold = createPointsFold({ ...options, cap: 200 })
    const page = createPointSet(16, 200)
    rows.forEach((row, index) => {
      fold.add(row)
      if (index % 250 === 0) applyDelta(page, fold.snapshot())
    })
    applyDelta(page, fold.snapshot())
    const direct = createPointSet(16, 200)
    for (const [_id, latitude, longitude, name] of rows)
      addRecords(
        direct,
        [{ _id: Number(_id), latitude: latitude!, longitude: longitude!, name: name || null }],
        places,
        'name',
      )
    expect(page.count).toBe(200)
    expect(page.usable).toBe(direct.usable)
    expect(page.usable).toBeGreaterThan(2_000)
    expect(points(page)).toEqual(points(direct))
  })

  it('folds a dump’s CSV bytes as the worker gets them, header first', () => {
    const fold = createPointsFold(options)
    const engine = createFoldEngine(fold)
    const text =
      '_id,latitude,longitude,name\r\n1,33.94253611,-118.4080744,LAX\r\n2,,,Nowhere\r\n3,41.979595,-87.90446417,"O\'Hare, Chicago"\r\n'
    engine.begin()
    // cut anywhere, as the network does
    for (let at = 0; at < text.length; at += 7) engine.bytes(new TextEncoder().encode(text.slice(at, at + 7)))
    const ends: unknown[] = []
    engine.end((answer) => ends.push(answer))
    engine.work(Number.POSITIVE_INFINITY)
    expect(ends).toEqual([expect.objectContaining({ records: 3, header: 'ok' })])
    const page = applyDelta(createPointSet(), fold.snapshot())
    expect(points(page).map((point) => [point.id, point.label])).toEqual([
      [1, 'LAX'],
      [3, "O'Hare, Chicago"],
    ])
    expect(page.unusableIds).toEqual([2])
  })
})
