import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import {
  chosenPlaces,
  findPlaces,
  placeChoices,
  isUsablePosition,
  labelColumn,
  positionOf,
  readGeoJsonPoint,
  readTextPair,
} from './find-places'

const airportsFields: CkanField[] = [
  { id: 'iata', type: 'text' },
  { id: 'name', type: 'text' },
  { id: 'city', type: 'text' },
  { id: 'latitude', type: 'numeric' },
  { id: 'longitude', type: 'numeric' },
]
const airports = [
  { iata: '00M', name: 'Thigpen', city: 'Bay Springs', latitude: '31.95376472', longitude: '-89.23450472' },
]

describe('findPlaces', () => {
  it('finds a latitude/longitude pair of number columns, and a name column for labels', () => {
    const places = findPlaces(airportsFields, airports)
    expect(places).toEqual({ kind: 'pair', lat: 'latitude', lon: 'longitude' })
    expect(labelColumn(airportsFields, places!)).toBe('name')
    expect(positionOf(airports[0]!, places!)).toEqual({ lat: 31.95376472, lon: -89.23450472 })
  })

  it('reads names in other languages, with accents and case, and the data dictionary labels', () => {
    const german: CkanField[] = [
      { id: 'Breite', type: 'float8' },
      { id: 'Längengrad', type: 'float8' },
    ]
    expect(findPlaces(german, [])).toEqual({ kind: 'pair', lat: 'Breite', lon: 'Längengrad' })
    const russian: CkanField[] = [
      { id: 'широта', type: 'numeric' },
      { id: 'долгота', type: 'numeric' },
    ]
    expect(findPlaces(russian, [])).toEqual({ kind: 'pair', lat: 'широта', lon: 'долгота' })
    const labelled: CkanField[] = [
      { id: 'c1', type: 'numeric', info: { label: 'Latitud' } },
      { id: 'c2', type: 'numeric', info: { label: 'Longitud' } },
    ]
    expect(findPlaces(labelled, [])).toEqual({ kind: 'pair', lat: 'c1', lon: 'c2' })
  })

  it('prefers clear names over x/y, and refuses a pair whose values are out of range', () => {
    const both: CkanField[] = [
      { id: 'x', type: 'numeric' },
      { id: 'y', type: 'numeric' },
      { id: 'lat', type: 'numeric' },
      { id: 'lng', type: 'numeric' },
    ]
    expect(findPlaces(both, [{ x: 500000, y: 4000000, lat: 45, lng: 7 }])).toEqual({
      kind: 'pair',
      lat: 'lat',
      lon: 'lng',
    })
    const projected: CkanField[] = [
      { id: 'x', type: 'numeric' },
      { id: 'y', type: 'numeric' },
    ]
    expect(
      findPlaces(projected, [
        { x: 500000, y: 4000000 },
        { x: 510000, y: 4100000 },
      ]),
    ).toBeNull()
  })

  it('does not take text columns named like coordinates as a pair, nor a table without places', () => {
    expect(
      findPlaces(
        [
          { id: 'lat', type: 'text' },
          { id: 'lon', type: 'text' },
        ],
        [],
      ),
    ).toBeNull()
    expect(
      findPlaces(
        [
          { id: 'species', type: 'text' },
          { id: 'bill_length_mm', type: 'numeric' },
        ],
        [{ species: 'Adelie', bill_length_mm: 39 }],
      ),
    ).toBeNull()
  })

  it('finds a GeoJSON point column (json or text) and a "lat,lon" text column', () => {
    const geo: CkanField[] = [
      { id: 'name', type: 'text' },
      { id: 'geom', type: 'json' },
    ]
    expect(findPlaces(geo, [{ name: 'a', geom: { type: 'Point', coordinates: [2.35, 48.85] } }])).toEqual({
      kind: 'geojson',
      field: 'geom',
    })
    const text: CkanField[] = [
      { id: 'name', type: 'text' },
      { id: 'shape', type: 'text' },
    ]
    expect(findPlaces(text, [{ name: 'a', shape: '{"type":"Point","coordinates":[2.35,48.85]}' }])).toEqual({
      kind: 'geojson',
      field: 'shape',
    })
    const pair: CkanField[] = [
      { id: 'name', type: 'text' },
      { id: 'Location', type: 'text' },
    ]
    const places = findPlaces(pair, [{ name: 'a', Location: '48.85, 2.35' }])
    expect(places).toEqual({ kind: 'text-pair', field: 'Location' })
    expect(labelColumn(pair, places!)).toBe('name')
  })
})

describe('columns the reader chose', () => {
  const fields: CkanField[] = [
    { id: '_id', type: 'int' },
    { id: 'north', type: 'float8' },
    { id: 'east', type: 'numeric' },
    { id: 'where', type: 'text' },
    { id: 'shape', type: 'json' },
  ]
  const sample = [{ _id: 1, north: 1, east: 2, where: '1,2', shape: { type: 'Point', coordinates: [2, 1] } }]

  it('reads two names as latitude then longitude, whatever they are called', () => {
    expect(chosenPlaces(['north', 'east'], fields, sample)).toEqual({
      kind: 'pair',
      lat: 'north',
      lon: 'east',
    })
    expect(chosenPlaces(['east', 'north'], fields, sample)).toEqual({
      kind: 'pair',
      lat: 'east',
      lon: 'north',
    })
  })

  it('reads one name as GeoJSON when its values are, else as "lat,lon" text', () => {
    expect(chosenPlaces(['shape'], fields, sample)).toEqual({ kind: 'geojson', field: 'shape' })
    expect(chosenPlaces(['where'], fields, sample)).toEqual({ kind: 'text-pair', field: 'where' })
  })

  it('gives up (the explorer finds them) on a name the table lacks, or the same column twice', () => {
    expect(chosenPlaces(['north', 'gone'], fields, sample)).toBeNull()
    expect(chosenPlaces(['north', 'north'], fields, sample)).toBeNull()
    expect(chosenPlaces([], fields, sample)).toBeNull()
  })

  it('offers number columns for a pair, and text or JSON columns alone, never _id', () => {
    expect(placeChoices(fields)).toEqual({ numbers: ['north', 'east'], single: ['where', 'shape'] })
  })
})

describe('reading positions', () => {
  it('reads GeoJSON points and features, and nothing else', () => {
    expect(readGeoJsonPoint({ type: 'Feature', geometry: { type: 'Point', coordinates: [-1, 2] } })).toEqual({
      lat: 2,
      lon: -1,
    })
    expect(
      readGeoJsonPoint({
        type: 'LineString',
        coordinates: [
          [0, 1],
          [2, 3],
        ],
      }),
    ).toBeNull()
    expect(readGeoJsonPoint('not json')).toBeNull()
  })

  it('reads "lat,lon" text and refuses other text', () => {
    expect(readTextPair('(48.8566, 2.3522)')).toEqual({ lat: 48.8566, lon: 2.3522 })
    expect(readTextPair('Paris')).toBeNull()
  })

  it('counts 0,0 and out-of-range positions as unusable', () => {
    expect(isUsablePosition(0, 0)).toBe(false)
    expect(isUsablePosition(91, 10)).toBe(false)
    expect(isUsablePosition(10, -181)).toBe(false)
    expect(isUsablePosition(0, 10)).toBe(true)
  })
})
