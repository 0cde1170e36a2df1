/**
 * Calls `run` with the last scheduled value once no new value came for `delayMs`. `flush` runs a
 * pending call now (Enter in a search box), `cancel` drops it (the value was replaced from outside).
 */
export interface Debouncer<T> {
  schedule: (value: T) => void
  flush: () => void
  cancel: () => void
  pending: () => boolean
}

export function createDebouncer<T>(run: (value: T) => void, delayMs: number): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let latest: { value: T } | undefined
  const fire = () => {
    timer = undefined
    const pendingValue = latest
    latest = undefined
    if (pendingValue) run(pendingValue.value)
  }
  return {
    schedule(value) {
      latest = { value }
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(fire, delayMs)
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer)
      fire()
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      latest = undefined
    },
    pending: () => latest !== undefined,
  }
}
