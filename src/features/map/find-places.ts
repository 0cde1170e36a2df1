// Which columns of a table say where each record is: a latitude/longitude pair of number columns
// (named in one of several languages, by id or by the data dictionary's label), a column of GeoJSON
// points, or a column of "lat,lon" text. Decided from the columns and a sample of records (the first
// page): a guess that the values contradict (out of range) is not made. Pure: the Map tab asks here.
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { isNumericType, normaliseType, parseNumber } from '../../lib/ckan-types'
import { LATITUDE_NAMES, LONGITUDE_NAMES, placeNamesOf } from '../../model/place-names'

/** Where a record's position is read from. */
export type PlaceColumns =
  | { kind: 'pair'; lat: string; lon: string }
  | { kind: 'geojson'; field: string }
  | { kind: 'text-pair'; field: string }

/** A position: latitude and longitude in degrees. */
export interface LatLon {
  lat: number
  lon: number
}

// text columns that may hold "lat,lon"
const POSITION_NAMES: readonly string[] = [
  'latlon',
  'latlng',
  'latlong',
  'position',
  'coordinates',
  'coords',
  'location',
  'geolocation',
  'point',
  'geopoint',
  'coordonnees',
  'koordinaten',
]

function namesOf(field: CkanField): string[] {
  return placeNamesOf(field, field.id)
}

/** A point's latitude and longitude, when both are numbers in range. */
export function isUsablePosition(lat: number, lon: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    lat >= -90 &&
    lat <= 90 &&
    lon >= -180 &&
    lon <= 180 &&
    // 0,0 ("Null Island") is where a missing position lands, almost never a real place
    !(lat === 0 && lon === 0)
  )
}

/** Whether the sample's values of a column fit a range (most of those present; at least one). */
function valuesFit(records: readonly CkanRecord[], id: string, limit: number): boolean {
  let present = 0
  let fitting = 0
  for (const record of records) {
    const value = parseNumber(record[id])
    if (value === null) continue
    present++
    if (Math.abs(value) <= limit) fitting++
  }
  // a sample with no value says nothing against the guess; a few bad rows do not undo it
  return present === 0 || fitting / present >= 0.9
}

/** "lat,lon" text: two decimal numbers separated by a comma (or a semicolon or spaces). */
const TEXT_PAIR = /^\s*\(?\s*(-?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*\)?\s*$/

export function readTextPair(value: unknown): LatLon | null {
  if (typeof value !== 'string') return null
  const match = TEXT_PAIR.exec(value)
  if (!match) return null
  return { lat: Number(match[1]), lon: Number(match[2]) }
}

/** A GeoJSON Point (an object or its JSON text), or a Feature holding one. */
export function readGeoJsonPoint(value: unknown): LatLon | null {
  let object = value
  if (typeof object === 'string') {
    const text = object.trim()
    if (!text.startsWith('{')) return null
    try {
      object = JSON.parse(text)
    } catch {
      return null
    }
  }
  if (typeof object !== 'object' || object === null) return null
  const geometry =
    (object as { type?: unknown; geometry?: unknown }).type === 'Feature'
      ? (object as { geometry?: unknown }).geometry
      : object
  if (typeof geometry !== 'object' || geometry === null) return null
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown }
  if (type !== 'Point' || !Array.isArray(coordinates) || coordinates.length < 2) return null
  const [lon, lat] = coordinates as unknown[]
  return typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null
}

/** How many of the sample's non-empty values a reader understands (and how many there are). */
function shareRead(records: readonly CkanRecord[], id: string, read: (value: unknown) => LatLon | null) {
  let present = 0
  let read_ = 0
  for (const record of records) {
    const value = record[id]
    if (value === null || value === undefined || value === '') continue
    present++
    if (read(value)) read_++
  }
  return present > 0 && read_ / present >= 0.9
}

/**
 * The table's place columns, or null when it has none. `records`: a sample (the first page). The
 * first latitude name is paired with the first longitude name; `x`/`y` only when both are there.
 */
export function findPlaces(
  fields: readonly CkanField[],
  records: readonly CkanRecord[],
): PlaceColumns | null {
  const numbers = fields.filter((field) => isNumericType(field.type))
  const named = (names: readonly string[]) =>
    numbers.filter((field) => namesOf(field).some((name) => names.includes(name)))
  const lats = named(LATITUDE_NAMES).filter((field) => valuesFit(records, field.id, 90))
  const lons = named(LONGITUDE_NAMES).filter((field) => valuesFit(records, field.id, 180))
  // the clear names before x and y (a table with both has x/y in some projection)
  const rank = (field: CkanField) => (namesOf(field).some((name) => name === 'x' || name === 'y') ? 1 : 0)
  const lat = [...lats].sort((a, b) => rank(a) - rank(b))[0]
  const lon = [...lons].sort((a, b) => rank(a) - rank(b)).find((field) => field.id !== lat?.id)
  if (lat && lon) return { kind: 'pair', lat: lat.id, lon: lon.id }

  for (const field of fields) {
    const family = normaliseType(field.type)
    if (family !== 'json' && family !== 'text') continue
    if (shareRead(records, field.id, readGeoJsonPoint)) return { kind: 'geojson', field: field.id }
  }
  for (const field of fields) {
    if (normaliseType(field.type) !== 'text') continue
    const likely = namesOf(field).some((name) => POSITION_NAMES.includes(name))
    if (
      likely &&
      shareRead(records, field.id, (value) => {
        const position = readTextPair(value)
        return position && isUsablePosition(position.lat, position.lon) ? position : null
      })
    )
      return { kind: 'text-pair', field: field.id }
  }
  return null
}

/** A record's position by the place columns (null when it has none that can be read). */
export function positionOf(record: CkanRecord, places: PlaceColumns): LatLon | null {
  switch (places.kind) {
    case 'pair': {
      const lat = parseNumber(record[places.lat])
      const lon = parseNumber(record[places.lon])
      return lat === null || lon === null ? null : { lat, lon }
    }
    case 'geojson':
      return readGeoJsonPoint(record[places.field])
    case 'text-pair':
      return readTextPair(record[places.field])
  }
}

/** The columns a map must read for each record: the place columns. */
export function placeFieldIds(places: PlaceColumns): string[] {
  return places.kind === 'pair' ? [places.lat, places.lon] : [places.field]
}

const LABEL_NAMES = ['name', 'title', 'label', 'nom', 'naam', 'nombre', 'bezeichnung', 'nome', 'название']

/**
 * The column that names a record on the map: one named like a name, else the first text column
 * that is not a place column; null when there is none.
 */
export function labelColumn(fields: readonly CkanField[], places: PlaceColumns): string | null {
  const placeIds = new Set(placeFieldIds(places))
  const texts = fields.filter((field) => normaliseType(field.type) === 'text' && !placeIds.has(field.id))
  const byName = texts.find((field) => namesOf(field).some((name) => LABEL_NAMES.includes(name)))
  return (byName ?? texts[0])?.id ?? null
}

/**
 * The place columns a reader chose (the link's `place`): two names are a latitude and a longitude
 * column; one name is a column of GeoJSON points, or else of "lat,lon" text (as its sample reads).
 * Null when a name is not one of the table's columns, so the explorer's own finding applies.
 */
export function chosenPlaces(
  names: readonly string[],
  fields: readonly CkanField[],
  records: readonly CkanRecord[],
): PlaceColumns | null {
  if (!names.every((name) => fields.some((field) => field.id === name))) return null
  const [first, second] = names
  if (first === undefined) return null
  if (names.length === 2 && second !== undefined && second !== first)
    return { kind: 'pair', lat: first, lon: second }
  if (names.length !== 1) return null
  return shareRead(records, first, readGeoJsonPoint)
    ? { kind: 'geojson', field: first }
    : { kind: 'text-pair', field: first }
}

/** The columns a reader may choose from: numbers for a latitude and a longitude, text or JSON for one column. */
export function placeChoices(fields: readonly CkanField[]): { numbers: string[]; single: string[] } {
  const visible = fields.filter((field) => field.id !== '_id')
  return {
    numbers: visible.filter((field) => isNumericType(field.type)).map((field) => field.id),
    single: visible
      .filter((field) => ['text', 'json'].includes(normaliseType(field.type)))
      .map((field) => field.id),
  }
}
