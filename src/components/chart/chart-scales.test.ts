import { describe, expect, it } from 'vitest'
import { extent, niceTicks, scale } from './chart-scales'

describe('chart scales', () => {
  it('ticks at round numbers inside the range', () => {
    expect(niceTicks(0, 100)).toEqual([0, 20, 40, 60, 80, 100])
    expect(niceTicks(3, 48)).toEqual([10, 20, 30, 40])
    expect(niceTicks(0.1, 0.35)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35])
    expect(niceTicks(7, 7)).toEqual([7])
    expect(extent([3, -1, 8])).toEqual([-1, 8])
    expect(extent([])).toBeUndefined()
  })

  it('maps a range linearly, and a single value to the middle', () => {
    expect(scale(0, 10, 100, 200)(2.5)).toBe(125)
    expect(scale(4, 4, 0, 50)(4)).toBe(25)
  })
})
