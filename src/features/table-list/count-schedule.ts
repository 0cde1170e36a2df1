// Which tables of the list may ask for their row count now: only tables on screen, and a few at a
// time, so a portal with hundreds of tables gets a handful of small requests, not a burst.

/** Row-count requests in flight at once. */
export const PARALLEL_COUNTS = 3

export type CountState = 'known' | 'pending' | 'waiting'

/**
 * For each listed table (in list order): whether its count may be asked for now. A table whose count
 * is known, or came with the catalogue, asks nothing; of the others, those already in flight keep
 * going, and the first waiting ones start while fewer than `parallel` are in flight.
 */
export function countsToAsk(states: readonly CountState[], parallel = PARALLEL_COUNTS): boolean[] {
  let inFlight = states.filter((state) => state === 'pending').length
  return states.map((state) => {
    if (state === 'known') return false
    if (state === 'pending') return true
    if (inFlight >= parallel) return false
    inFlight++
    return true
  })
}
