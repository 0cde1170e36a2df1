/**
 * Runs `run` at most once every `intervalMs`: at once when the last run is that old, else once at the
 * end of the interval (however many requests came in it). `flush` runs now, `cancel` drops a pending
 * run. For work that shows a stream's progress: each step need not be shown, the last one must be.
 */
export interface Throttle {
  request: () => void
  flush: () => void
  cancel: () => void
}

export function createThrottle(run: () => void, intervalMs: number, now = () => performance.now()): Throttle {
  let lastRun = -Infinity
  let timer: ReturnType<typeof setTimeout> | undefined
  const fire = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    lastRun = now()
    run()
  }
  return {
    request() {
      if (timer !== undefined) return
      const wait = lastRun + intervalMs - now()
      if (wait <= 0) fire()
      else timer = setTimeout(fire, wait)
    },
    flush: fire,
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
