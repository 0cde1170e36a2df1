// How columns that hold a latitude or a longitude are named, in several languages (ids or the data
// dictionary's labels): the map finds its columns by these names, and the filter chips know an area
// drawn on the map by them. One home for the list.
import type { CkanField } from '../api/ckan/types'
import { fieldLabel } from './fields'

// Names compared lower-cased, without accents, spaces, dashes or underscores.
export const LATITUDE_NAMES: readonly string[] = [
  'lat',
  'latitude',
  'y',
  'latitud', // es
  'latitudine', // it
  'breite', // de
  'breitengrad',
  'breedte', // nl
  'breedtegraad',
  'szerokosc', // pl
  'широта', // ru, uk, bg
  'latdd',
  'latdeg',
  'wgs84lat',
  'geolat',
  'gpslat',
  'ylat',
]
export const LONGITUDE_NAMES: readonly string[] = [
  'lon',
  'lng',
  'long',
  'longitude',
  'x',
  'longitud', // es
  'longitudine', // it
  'lange', // de (Länge)
  'laenge',
  'langengrad',
  'laengengrad',
  'lengte', // nl
  'lengtegraad',
  'dlugosc', // pl
  'долгота', // ru, uk, bg
  'londd',
  'londeg',
  'wgs84lon',
  'wgs84long',
  'geolon',
  'geolng',
  'gpslon',
  'gpslng',
  'xlon',
  'xlong',
]
/** A name as compared: lower case, no accents (ä → a), no spaces, dashes, dots or underscores. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_.\-()]/g, '')
}

/** A column's names as compared: its id, and its data dictionary label when it has one. */
export function placeNamesOf(field: CkanField | undefined, id: string): string[] {
  const label = fieldLabel(field, id)
  return label === id ? [nameKey(id)] : [nameKey(id), nameKey(label)]
}

export function isLatitudeName(field: CkanField | undefined, id: string): boolean {
  return placeNamesOf(field, id).some((name) => LATITUDE_NAMES.includes(name))
}

export function isLongitudeName(field: CkanField | undefined, id: string): boolean {
  return placeNamesOf(field, id).some((name) => LONGITUDE_NAMES.includes(name))
}
