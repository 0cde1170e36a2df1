// Points on screen gathered into square cells: when too many points are in view to read one by one,
// the map draws each cell's points as one circle with their count, at their centre. Pure: the layer
// passes the points' screen positions, and draws what comes back.

/** The non-empty cells: each one's centre (the mean of its points) and how many points it holds. */
export interface Bins {
  length: number
  x: Float32Array
  y: Float32Array
  counts: Int32Array
  /** The most points in one cell (a circle's size is relative to it). */
  largest: number
}

/** More points in view than this are drawn as counted cells; fewer, each point itself. */
export const BIN_FROM = 5_000
/** A cell's side, in CSS pixels: large enough for a count such as "12K" inside its circle. */
export const CELL = 56

/** The cells of the first `length` points at (x[i], y[i]) in a box of `width` × `height` pixels. */
export function binPoints(
  x: Float32Array,
  y: Float32Array,
  length: number,
  width: number,
  height: number,
  cell = CELL,
): Bins {
  const columns = Math.max(1, Math.ceil(width / cell))
  const rows = Math.max(1, Math.ceil(height / cell))
  const counts = new Int32Array(columns * rows)
  const sumX = new Float64Array(columns * rows)
  const sumY = new Float64Array(columns * rows)
  for (let index = 0; index < length; index++) {
    const px = x[index]!
    const py = y[index]!
    const column = Math.min(columns - 1, Math.max(0, Math.floor(px / cell)))
    const row = Math.min(rows - 1, Math.max(0, Math.floor(py / cell)))
    const at = row * columns + column
    counts[at]!++
    sumX[at]! += px
    sumY[at]! += py
  }
  let filled = 0
  for (const count of counts) if (count > 0) filled++
  const bins: Bins = {
    length: filled,
    x: new Float32Array(filled),
    y: new Float32Array(filled),
    counts: new Int32Array(filled),
    largest: 0,
  }
  let slot = 0
  counts.forEach((count, at) => {
    if (count === 0) return
    bins.x[slot] = sumX[at]! / count
    bins.y[slot] = sumY[at]! / count
    bins.counts[slot] = count
    bins.largest = Math.max(bins.largest, count)
    slot++
  })
  return bins
}

/** A cell's circle radius: 10 to 24 px, by the square root of its share of the largest cell. */
export function binRadius(count: number, largest: number): number {
  return 10 + 14 * Math.sqrt(count / Math.max(1, largest))
}

/** The cell whose circle holds a place, or -1 (the smallest circle wins where two overlap). */
export function binAt(bins: Bins, x: number, y: number): number {
  let best = -1
  for (let slot = 0; slot < bins.length; slot++) {
    const radius = binRadius(bins.counts[slot]!, bins.largest)
    const dx = bins.x[slot]! - x
    const dy = bins.y[slot]! - y
    if (dx * dx + dy * dy > radius * radius) continue
    if (best < 0 || bins.counts[slot]! < bins.counts[best]!) best = slot
  }
  return best
}
