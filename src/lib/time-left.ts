// How long a reading of every record has left, from its pace so far: Download and the summaries
// say it the same way. Pure.

/** Seconds left at the pace so far; undefined until there is a pace to go by. */
export function secondsLeft(done: number, total: number | undefined, elapsedMs: number): number | undefined {
  if (total === undefined || done <= 0 || elapsedMs < 1000 || done >= total) return undefined
  return Math.max(1, Math.round(((total - done) * elapsedMs) / done / 1000))
}

/** Under two minutes in seconds (rounded to 5 above 10 s), then in minutes. */
export function timeLeft(seconds: number): { unit: 'seconds' | 'minutes'; count: number } {
  if (seconds < 120) return { unit: 'seconds', count: seconds <= 10 ? seconds : Math.round(seconds / 5) * 5 }
  return { unit: 'minutes', count: Math.round(seconds / 60) }
}
