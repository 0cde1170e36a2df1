// An area of the map as filter conditions: a latitude range and a longitude range, both ends in,
// side by side in the view's filters (latitude first). The map writes them; the chips read such a
// pair back as one "in the area you drew". The link keeps them as CKAN 2.12 ranges, so any portal
// (or the browser, for an older one) applies them.
import type { CkanField } from '../api/ckan/types'
import type { FilterCondition, RangeCondition } from './filters'
import { isLatitudeName, isLongitudeName } from './place-names'

export interface Area {
  south: number
  west: number
  north: number
  east: number
}

/** Six decimals (about 0.1 m): a link that reads well, rounded outwards so no point on the edge is lost. */
const SCALE = 1e6
const down = (value: number) => Math.floor(value * SCALE) / SCALE
const up = (value: number) => Math.ceil(value * SCALE) / SCALE
const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value))

/** The two conditions of an area on these columns. */
export function areaConditions(lat: string, lon: string, area: Area): [RangeCondition, RangeCondition] {
  return [
    {
      kind: 'range',
      field: lat,
      lower: { value: down(clamp(area.south, 90)), inclusive: true },
      upper: { value: up(clamp(area.north, 90)), inclusive: true },
    },
    {
      kind: 'range',
      field: lon,
      lower: { value: down(clamp(area.west, 180)), inclusive: true },
      upper: { value: up(clamp(area.east, 180)), inclusive: true },
    },
  ]
}

/** The view's filters with this area instead of any range it had on the two columns. */
export function withArea(filters: readonly FilterCondition[], lat: string, lon: string, area: Area) {
  const kept = filters.filter(
    (condition) => !(condition.kind === 'range' && (condition.field === lat || condition.field === lon)),
  )
  return [...kept, ...areaConditions(lat, lon, area)]
}

function isClosed(condition: FilterCondition | undefined): condition is RangeCondition {
  return (
    condition?.kind === 'range' &&
    !!condition.lower?.inclusive &&
    !!condition.upper?.inclusive &&
    typeof condition.lower.value === 'number' &&
    typeof condition.upper.value === 'number'
  )
}

/**
 * Whether the conditions at `index` and `index + 1` are an area: two closed number ranges, the first
 * on a latitude column, the second on a longitude column (by their names or labels).
 */
export function isAreaAt(filters: readonly FilterCondition[], index: number, fields: readonly CkanField[]) {
  const lat = filters[index]
  const lon = filters[index + 1]
  if (!isClosed(lat) || !isClosed(lon)) return false
  const field = (id: string) => fields.find((candidate) => candidate.id === id)
  return isLatitudeName(field(lat.field), lat.field) && isLongitudeName(field(lon.field), lon.field)
}
