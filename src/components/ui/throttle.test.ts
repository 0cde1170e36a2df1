import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createThrottle } from './throttle'

describe('a throttle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the first request at once, then at most once an interval, the last request included', () => {
    const run = vi.fn()
    const throttle = createThrottle(run, 250, () => Date.now())
    throttle.request()
    expect(run).toHaveBeenCalledTimes(1)
    // a hundred requests within the interval: one run, at its end
    for (let index = 0; index < 100; index++) throttle.request()
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(249)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(2)
    // long after: at once again
    vi.advanceTimersByTime(1000)
    throttle.request()
    expect(run).toHaveBeenCalledTimes(3)
  })

  it('flushes a pending run now, once, and cancels one', () => {
    const run = vi.fn()
    const throttle = createThrottle(run, 250, () => Date.now())
    throttle.request()
    throttle.request()
    throttle.flush()
    expect(run).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(2)
    throttle.request()
    throttle.request()
    throttle.cancel()
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(3)
  })
})
