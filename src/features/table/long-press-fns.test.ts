import { describe, expect, it } from 'vitest'
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX, longPressVerdict } from './long-press-fns'

const start = { x: 100, y: 20, at: 1000 }

describe('long press on a column title', () => {
  it('waits until the press has been held long enough', () => {
    expect(longPressVerdict(start, start)).toBe('wait')
    expect(longPressVerdict(start, { ...start, at: start.at + LONG_PRESS_MS - 1 })).toBe('wait')
    expect(longPressVerdict(start, { ...start, at: start.at + LONG_PRESS_MS })).toBe('long')
    expect(longPressVerdict(start, { ...start, at: start.at + 2000 })).toBe('long')
  })

  it('allows a finger to wander a little', () => {
    const at = start.at + LONG_PRESS_MS
    expect(longPressVerdict(start, { x: start.x + LONG_PRESS_SLOP_PX, y: start.y, at })).toBe('long')
    expect(longPressVerdict(start, { x: start.x + 6, y: start.y - 8, at })).toBe('long')
    expect(longPressVerdict(start, { x: start.x - 3, y: start.y + 4, at: start.at + 100 })).toBe('wait')
  })

  it('is no long press once the finger moved further (a scroll or a swipe), held or not', () => {
    expect(longPressVerdict(start, { x: start.x + 11, y: start.y, at: start.at + 100 })).toBe('moved')
    expect(longPressVerdict(start, { x: start.x, y: start.y - 11, at: start.at + LONG_PRESS_MS })).toBe(
      'moved',
    )
    expect(longPressVerdict(start, { x: start.x + 8, y: start.y + 8, at: start.at + 900 })).toBe('moved')
  })
})
