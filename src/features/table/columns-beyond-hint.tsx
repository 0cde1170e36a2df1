// "More columns →": said while columns lie beyond the grid's inline end, so a reader of a wide table
// knows to scroll sideways. Its own small component: the grid does not re-render when it changes.
import { useEffect, useState, type RefObject } from 'react'
import type { TableLocale } from './grid-types'
import { hasContentBeyond } from './scroll-view-fns'

export function ColumnsBeyondHint({
  scrollRef,
  totalWidth,
  locale,
}: {
  scrollRef: RefObject<HTMLElement | null>
  /** The columns' total width: a change (a column shown, hidden, resized) is checked again. */
  totalWidth: number
  locale: TableLocale
}) {
  const [beyond, setBeyond] = useState(false)
  useEffect(() => {
    const grid = scrollRef.current
    if (!grid) return
    const check = () => setBeyond(hasContentBeyond(grid))
    // No check at once: this effect runs in the commit that brings the first rows, before their
    // frame, and reading the grid's scroll width there made the browser lay the page out early
    // (the largest cost between the response and the rows painted, in a profile). The observer's
    // first call comes in the frame itself, once the layout is done.
    const resize = new ResizeObserver(check)
    resize.observe(grid)
    grid.addEventListener('scroll', check, { passive: true })
    return () => {
      resize.disconnect()
      grid.removeEventListener('scroll', check)
    }
  }, [scrollRef, totalWidth])
  if (!beyond) return null
  return (
    <p className="dse-grid__beyond">
      <span className="dse-grid__beyond-text">{locale.t('table.grid.moreColumns')}</span>
      <span aria-hidden="true" className="dse-grid__beyond-arrow" />
    </p>
  )
}
