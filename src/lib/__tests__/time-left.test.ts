import { describe, expect, it } from 'vitest'
import { secondsLeft, timeLeft } from '../time-left'

describe('time left', () => {
  it('follows the pace so far, once there is one', () => {
    expect(secondsLeft(12_000, 100_000, 6_000)).toBe(44)
    expect(secondsLeft(0, 100_000, 6_000)).toBeUndefined()
    expect(secondsLeft(10, 100, 200)).toBeUndefined()
    expect(secondsLeft(10, undefined, 5000)).toBeUndefined()
  })

  it('says seconds under two minutes, then minutes', () => {
    expect(timeLeft(7)).toEqual({ unit: 'seconds', count: 7 })
    expect(timeLeft(44)).toEqual({ unit: 'seconds', count: 45 })
    expect(timeLeft(400)).toEqual({ unit: 'minutes', count: 7 })
  })
})
