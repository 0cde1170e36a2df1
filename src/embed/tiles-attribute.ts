// The element's `tiles` attribute: the map's tiles, read by config.json's own rule (readTiles), so
// that one function says what a tile address may be.
import { readTiles, type RuntimeConfig } from '../instance/config'
import type { IgnoredSetting } from '../instance/environment'

export interface TilesAttribute {
  /** What goes into the explorer's config: absent keeps the default tiles (OpenStreetMap's). */
  config: Pick<RuntimeConfig, 'tiles'>
  /** A value that is not a tile address: the default tiles stay, and the explorer says why. */
  ignored?: IgnoredSetting
}

/**
 * `tiles="https://tiles.example/{z}/{x}/{y}.png"`: those tiles; `tiles="none"` (or empty): none, the
 * map draws over its bundled outline; absent or not a tile address: the default tiles.
 */
export function readTilesAttribute(value: string | null): TilesAttribute {
  if (value === null) return { config: {} }
  const problems: string[] = []
  const tiles = readTiles(value.trim(), problems)
  if (problems.length > 0 || tiles === undefined)
    return { config: {}, ignored: { reason: 'tiles.bad', value } }
  return { config: { tiles } }
}
