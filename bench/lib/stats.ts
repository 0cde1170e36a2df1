// Summaries of repeated measurements: the median with the range, and ratios between grids.

export interface Summary {
  median: number
  min: number
  max: number
  /** Runs that produced a number (a run that timed out produces none). */
  n: number
}

/** Median and range of the finite values; undefined when there are none. */
export function summarize(values: readonly (number | null | undefined)[]): Summary | undefined {
  const sorted = values
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
    .sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, min: sorted[0]!, max: sorted.at(-1)!, n: sorted.length }
}

/**
 * ours / theirs on medians, as text: "0.42×". A zero on either side has no meaningful ratio
 * ("0 vs 3" says more than "0×"), so it is shown as "—".
 */
export function ratioText(ours: Summary | undefined, theirs: Summary | undefined): string {
  if (!ours || !theirs || ours.median === 0 || theirs.median === 0) return '—'
  const ratio = ours.median / theirs.median
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio >= 1 ? ratio.toFixed(1) : ratio.toFixed(2)}×`
}
