import { describe, expect, it } from 'vitest'
import { clampPosition, logicalArrowKey, nextPosition } from './grid-keyboard-fns'

const dims = { rowCount: 1_000_000, colCount: 5, pageRows: 20 }

describe('grid keyboard navigation', () => {
  it('moves one cell with the arrow keys and stops at the edges', () => {
    expect(nextPosition({ row: 3, col: 2 }, { key: 'ArrowDown' }, dims)).toEqual({ row: 4, col: 2 })
    expect(nextPosition({ row: 3, col: 2 }, { key: 'ArrowRight' }, dims)).toEqual({ row: 3, col: 3 })
    expect(nextPosition({ row: 3, col: 0 }, { key: 'ArrowLeft' }, dims)).toEqual({ row: 3, col: 0 })
    expect(nextPosition({ row: 999_999, col: 4 }, { key: 'ArrowDown' }, dims)).toEqual({
      row: 999_999,
      col: 4,
    })
    expect(nextPosition({ row: 3, col: 4 }, { key: 'ArrowRight' }, dims)).toEqual({ row: 3, col: 4 })
  })

  it('goes up from the first data row into the header row, and no further', () => {
    expect(nextPosition({ row: 0, col: 1 }, { key: 'ArrowUp' }, dims)).toEqual({ row: -1, col: 1 })
    expect(nextPosition({ row: -1, col: 1 }, { key: 'ArrowUp' }, dims)).toEqual({ row: -1, col: 1 })
    expect(nextPosition({ row: -1, col: 1 }, { key: 'ArrowDown' }, dims)).toEqual({ row: 0, col: 1 })
  })

  it('jumps within a row with Home/End and across the grid with Ctrl (or Cmd)', () => {
    expect(nextPosition({ row: 7, col: 2 }, { key: 'Home' }, dims)).toEqual({ row: 7, col: 0 })
    expect(nextPosition({ row: 7, col: 2 }, { key: 'End' }, dims)).toEqual({ row: 7, col: 4 })
    expect(nextPosition({ row: 7, col: 2 }, { key: 'End', ctrlKey: true }, dims)).toEqual({
      row: 999_999,
      col: 4,
    })
    expect(nextPosition({ row: 500, col: 2 }, { key: 'Home', metaKey: true }, dims)).toEqual({
      row: 0,
      col: 0,
    })
  })

  it('pages by a screenful of rows', () => {
    expect(nextPosition({ row: 50, col: 1 }, { key: 'PageDown' }, dims)).toEqual({ row: 70, col: 1 })
    expect(nextPosition({ row: 50, col: 1 }, { key: 'PageUp' }, dims)).toEqual({ row: 30, col: 1 })
    expect(nextPosition({ row: 5, col: 1 }, { key: 'PageUp' }, dims)).toEqual({ row: 0, col: 1 })
    expect(nextPosition({ row: 0, col: 1 }, { key: 'PageUp' }, dims)).toEqual({ row: -1, col: 1 })
    expect(nextPosition({ row: 999_990, col: 1 }, { key: 'PageDown' }, dims)).toEqual({
      row: 999_999,
      col: 1,
    })
  })

  it('leaves every other key (Tab above all) to the browser', () => {
    expect(nextPosition({ row: 1, col: 1 }, { key: 'Tab' }, dims)).toBeNull()
    expect(nextPosition({ row: 1, col: 1 }, { key: 'a' }, dims)).toBeNull()
  })

  it('stays inside an empty table and after columns are hidden', () => {
    const empty = { rowCount: 0, colCount: 3, pageRows: 20 }
    expect(nextPosition({ row: -1, col: 0 }, { key: 'ArrowDown' }, empty)).toEqual({ row: -1, col: 0 })
    expect(nextPosition({ row: -1, col: 0 }, { key: 'End', ctrlKey: true }, empty)).toEqual({
      row: -1,
      col: 2,
    })
    expect(clampPosition({ row: 40, col: 9 }, { rowCount: 10, colCount: 3, pageRows: 5 })).toEqual({
      row: 9,
      col: 2,
    })
  })

  it('mirrors left and right in right-to-left layouts', () => {
    expect(logicalArrowKey('ArrowLeft', true)).toBe('ArrowRight')
    expect(logicalArrowKey('ArrowLeft', false)).toBe('ArrowLeft')
    expect(logicalArrowKey('ArrowDown', true)).toBe('ArrowDown')
  })
})
