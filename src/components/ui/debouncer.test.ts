import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDebouncer } from './debouncer'

describe('createDebouncer', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs once with the last value after typing pauses', () => {
    const run = vi.fn()
    const debouncer = createDebouncer(run, 300)
    debouncer.schedule('b')
    vi.advanceTimersByTime(200)
    debouncer.schedule('be')
    vi.advanceTimersByTime(200)
    debouncer.schedule('ber')
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(300)
    expect(run).toHaveBeenCalledTimes(1)
    expect(run).toHaveBeenCalledWith('ber')
  })

  it('flush runs the pending value at once, and only once', () => {
    const run = vi.fn()
    const debouncer = createDebouncer(run, 300)
    debouncer.schedule('berlin')
    debouncer.flush()
    vi.advanceTimersByTime(1000)
    expect(run).toHaveBeenCalledTimes(1)
    debouncer.flush()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('cancel drops the pending value', () => {
    const run = vi.fn()
    const debouncer = createDebouncer(run, 300)
    debouncer.schedule('x')
    expect(debouncer.pending()).toBe(true)
    debouncer.cancel()
    vi.advanceTimersByTime(1000)
    expect(run).not.toHaveBeenCalled()
    expect(debouncer.pending()).toBe(false)
  })
})
