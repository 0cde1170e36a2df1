import { describe, expect, it } from 'vitest'
import { GRID_BORDERS, headHeightOf, ROW_HEIGHT } from '../../features/table/grid-geometry'
import { PREFERRED_ROWS, preferredHeightOf } from '../preferred-height'

const parts = { rootTop: 0, gridTop: 100, gridBottom: 400, rootBottom: 420, rows: 500 }

describe('the height an embed asks its host for', () => {
  it('is the toolbar, the grid’s head, 20 rows and what is below the grid', () => {
    expect(preferredHeightOf({ ...parts, headHeight: headHeightOf(false) })).toBe(
      100 + headHeightOf(false) + PREFERRED_ROWS * ROW_HEIGHT + GRID_BORDERS + 20,
    )
  })

  it('counts the column overviews under the names when they are shown', () => {
    const plain = preferredHeightOf({ ...parts, headHeight: headHeightOf(false) })
    const withOverviews = preferredHeightOf({ ...parts, headHeight: headHeightOf(true) })
    expect(withOverviews - plain).toBe(headHeightOf(true) - headHeightOf(false))
    expect(withOverviews).toBeGreaterThan(plain)
  })

  it('counts rows of the grid’s own height (a host’s compact rows, or a larger font)', () => {
    expect(preferredHeightOf({ ...parts, rows: 3, headHeight: 40, rowHeight: 26 })).toBe(
      100 + 40 + 3 * 26 + GRID_BORDERS + 20,
    )
    expect(preferredHeightOf({ ...parts, headHeight: 40, rowHeight: 39 })).toBe(
      100 + 40 + PREFERRED_ROWS * 39 + GRID_BORDERS + 20,
    )
  })

  it('asks only for the rows there are', () => {
    expect(preferredHeightOf({ ...parts, rows: 3, headHeight: 40 })).toBe(
      100 + 40 + 3 * ROW_HEIGHT + GRID_BORDERS + 20,
    )
  })
})
