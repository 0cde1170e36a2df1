import { describe, expect, it } from 'vitest'
import { hasContentBeyond } from './scroll-view-fns'

describe('more columns beyond the inline end', () => {
  it('is said while the grid is wider than its box and not scrolled to its end', () => {
    expect(hasContentBeyond({ scrollWidth: 2000, clientWidth: 1200, scrollLeft: 0 })).toBe(true)
    expect(hasContentBeyond({ scrollWidth: 2000, clientWidth: 1200, scrollLeft: 800 })).toBe(false)
    expect(hasContentBeyond({ scrollWidth: 1200, clientWidth: 1200, scrollLeft: 0 })).toBe(false)
  })

  it('reads a right-to-left grid, whose scrollLeft goes negative', () => {
    expect(hasContentBeyond({ scrollWidth: 2000, clientWidth: 1200, scrollLeft: -100 })).toBe(true)
    expect(hasContentBeyond({ scrollWidth: 2000, clientWidth: 1200, scrollLeft: -800 })).toBe(false)
  })
})
