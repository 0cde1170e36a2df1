import { describe, expect, it } from 'vitest'
import { dropAt, markerAt, type HeaderPlace } from './header-drag-fns'

// three headers side by side: a at 100–200, b at 200–350, c at 350–400
const places: HeaderPlace[] = [
  { id: 'a', left: 100, right: 200 },
  { id: 'b', left: 200, right: 350 },
  { id: 'c', left: 350, right: 400 },
]

describe('where a dragged header lands', () => {
  it('goes before or after the header under the pointer, by the half it is in', () => {
    expect(dropAt(places, 210, false)).toEqual({ target: 'b', side: 'before' })
    expect(dropAt(places, 300, false)).toEqual({ target: 'b', side: 'after' })
    expect(markerAt(places, { target: 'b', side: 'before' }, false)).toBe(200)
    expect(markerAt(places, { target: 'b', side: 'after' }, false)).toBe(350)
  })

  it('lands at the first or last place beyond the row’s ends', () => {
    expect(dropAt(places, 20, false)).toEqual({ target: 'a', side: 'before' })
    expect(dropAt(places, 900, false)).toEqual({ target: 'c', side: 'after' })
  })

  it('reads the row from the right in a right-to-left page', () => {
    // the right half of a header is its start there
    expect(dropAt(places, 300, true)).toEqual({ target: 'b', side: 'before' })
    expect(markerAt(places, { target: 'b', side: 'before' }, true)).toBe(350)
    expect(dropAt(places, 20, true)).toEqual({ target: 'a', side: 'after' })
    expect(dropAt(places, 900, true)).toEqual({ target: 'c', side: 'before' })
  })

  it('has nothing to land on without headers', () => {
    expect(dropAt([], 10, false)).toBeNull()
    expect(markerAt(places, { target: 'gone', side: 'after' }, false)).toBeNull()
  })
})
