// Where the map looks, as the link keeps it: `at=lat,lon,zoom` (the centre in degrees, then the
// zoom level), e.g. at=39.82835,-98.5795,4. Rounded so the link reads well: five decimals (about a
// metre) and whole zoom levels, which is all Leaflet's zoom buttons reach.

export interface MapAt {
  lat: number
  lon: number
  zoom: number
}

/** The map's zoom levels: the world at 1, a building at 19 (the tiles' most). */
export const MIN_ZOOM = 1
export const MAX_ZOOM = 19

const round = (value: number) => Math.round(value * 1e5) / 1e5

/** The centre and zoom a link's `at` says; null when it is not three numbers in range. */
export function parseMapAt(text: string): MapAt | null {
  const parts = text.split(',').map((part) => part.trim())
  if (parts.length !== 3 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part))) return null
  const [lat, lon, zoom] = parts.map(Number) as [number, number, number]
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || zoom < MIN_ZOOM || zoom > MAX_ZOOM) return null
  return { lat, lon, zoom: Math.round(zoom) }
}

/** A map view as the link writes it (a longitude past ±180, after panning round the world, wrapped). */
export function formatMapAt(at: MapAt): string {
  const lon = ((((at.lon + 180) % 360) + 360) % 360) - 180
  return `${round(at.lat)},${round(lon)},${Math.round(at.zoom)}`
}
