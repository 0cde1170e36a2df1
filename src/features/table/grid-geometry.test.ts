import { describe, expect, it } from 'vitest'
import { GRID_BORDERS, gridHeightFor, ROW_HEIGHT, rowHeightFor } from './grid-geometry'

describe("a row's height", () => {
  it('is 32 px comfortable and 26 px compact at the default 15 px font', () => {
    expect(rowHeightFor('comfortable', 15)).toBe(ROW_HEIGHT)
    expect(rowHeightFor('compact', 15)).toBe(26)
  })

  it('grows with a larger font, so that no row cuts its text', () => {
    expect(rowHeightFor('comfortable', 20)).toBe(39)
    expect(rowHeightFor('compact', 20)).toBe(32)
    // whole pixels, up: 16 px is a 22.4 px line
    expect(rowHeightFor('comfortable', 16)).toBe(34)
    expect(rowHeightFor('compact', 16)).toBe(27)
    expect(rowHeightFor('comfortable', 30)).toBe(53)
  })

  it('is never shorter than the default, nor compact rows than a 24 px target and their text', () => {
    expect(rowHeightFor('comfortable', 10)).toBe(ROW_HEIGHT)
    expect(rowHeightFor('compact', 10)).toBe(26)
    expect(rowHeightFor('compact', 4)).toBeGreaterThanOrEqual(24)
  })

  it('is comfortable for an unset or unknown setting, and reads the setting as CSS writes it', () => {
    expect(rowHeightFor('', 15)).toBe(ROW_HEIGHT)
    expect(rowHeightFor('dense', 20)).toBe(rowHeightFor('comfortable', 20))
    expect(rowHeightFor(' Compact ', 15)).toBe(26)
  })

  it('takes the default font for a size that is not one', () => {
    expect(rowHeightFor('compact', Number.NaN)).toBe(26)
    expect(rowHeightFor('comfortable', 0)).toBe(ROW_HEIGHT)
  })
})

describe('the height of a grid without scrolling', () => {
  it('is its head, its rows and its borders, at any row height', () => {
    expect(gridHeightFor(20, 40)).toBe(40 + 20 * ROW_HEIGHT + GRID_BORDERS)
    expect(gridHeightFor(20, 40, 26)).toBe(40 + 20 * 26 + GRID_BORDERS)
  })
})
