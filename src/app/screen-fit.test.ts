import { describe, expect, it } from 'vitest'
import { screenFit, WIDE } from './screen-fit'

describe('screenFit', () => {
  it('folds the toolbar below 640 px and shows cards below 480 px', () => {
    expect(screenFit(1280, 800, false)).toEqual({ compact: false, narrow: false })
    expect(screenFit(600, 800, false)).toEqual({ compact: true, narrow: false })
    expect(screenFit(375, 667, false)).toEqual({ compact: true, narrow: true })
    expect(screenFit(320, 568, false)).toEqual({ compact: true, narrow: true })
  })

  it('folds a short embed, whatever its width, but not a short standalone page', () => {
    expect(screenFit(900, 300, true)).toEqual({ compact: true, narrow: false })
    expect(screenFit(900, 300, false)).toEqual({ compact: false, narrow: false })
    expect(screenFit(900, 480, true)).toEqual({ compact: false, narrow: false })
  })

  it('keeps the wide layout for a box not laid out yet', () => {
    expect(screenFit(0, 0, true)).toBe(WIDE)
  })
})
