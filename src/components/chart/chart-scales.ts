// The charts' geometry (one viewBox, its margins) and scales: round ticks, extents, linear scales.
// Shared by the quick chart and the summaries' chart. Pure.

export const WIDTH = 720
export const HEIGHT = 320
export const MARGIN = { top: 12, right: 16, bottom: 44, left: 72 }
export const INNER_WIDTH = WIDTH - MARGIN.left - MARGIN.right
export const INNER_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom

/** Up to about `count` round tick values covering [min, max] (1, 2 or 5 times a power of ten apart). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return []
  if (min === max) return [min]
  const raw = (max - min) / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? raw
  const ticks: number[] = []
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) {
    ticks.push(Number(tick.toPrecision(12)))
  }
  return ticks
}

/** The smallest and largest of numbers (undefined for none). */
export function extent(values: readonly number[]): [number, number] | undefined {
  if (values.length === 0) return undefined
  let min = Infinity
  let max = -Infinity
  for (const value of values) {
    if (value < min) min = value
    if (value > max) max = value
  }
  return [min, max]
}

/** A linear scale from [min, max] to [from, to]; the middle when min and max are one. */
export function scale(min: number, max: number, from: number, to: number) {
  return (value: number) =>
    max === min ? (from + to) / 2 : from + ((value - min) / (max - min)) * (to - from)
}
