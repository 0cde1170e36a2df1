import { describe, expect, it } from 'vitest'
import { rowNumberWidth } from './row-number-width'

describe("the row numbers' width", () => {
  it('is as before in the wide layout', () => {
    expect(rowNumberWidth(0)).toBe(56)
    expect(rowNumberWidth(100)).toBe(56)
    expect(rowNumberWidth(1_000_000)).toBe(91)
    expect(rowNumberWidth(123_456_789)).toBe(109)
  })

  it('is narrower in the compact layout, never under 36 px', () => {
    expect(rowNumberWidth(0, true)).toBe(36)
    expect(rowNumberWidth(9, true)).toBe(36)
    expect(rowNumberWidth(100, true)).toBe(40)
    expect(rowNumberWidth(1000, true)).toBe(55)
    expect(rowNumberWidth(1_000_000, true)).toBe(90)
    // up to 9,999,999 rows; beyond, each separator needs the room the wide layout's spare gave it
    for (const rows of [0, 5, 50, 500, 5000, 50_000, 500_000, 9_999_999]) {
      expect(rowNumberWidth(rows, true)).toBeLessThan(rowNumberWidth(rows))
    }
  })

  it('still holds the largest row number at 15 px: 9.6 px a digit, 4.8 px a separator, 4 px padding each side', () => {
    for (const rows of [1, 12, 123, 1234, 12_345, 123_456, 1_234_567, 12_345_678, 123_456_789]) {
      const digits = String(rows).length
      const text = digits * 9.6 + Math.floor((digits - 1) / 3) * 4.8
      expect(rowNumberWidth(rows, true)).toBeGreaterThanOrEqual(text + 8 + 1)
    }
  })
})
