import { useEffect, type RefObject } from 'react'
import { gridHeightFor } from '../features/table/grid-geometry'

/** Rows an embed would like to show without scrolling its grid, when the host lets it size itself. */
export const PREFERRED_ROWS = 20
/** Changes come in bursts (rows drawn, a scroll): measured once they pause. */
const MEASURE_DELAY_MS = 50

/** Where the parts that decide an explorer's preferred height are (px, from the same origin). */
export interface PreferredHeightParts {
  rootTop: number
  rootBottom: number
  gridTop: number
  gridBottom: number
  /** The grid's sticky head: the header row, and the column overviews under it when they are shown. */
  headHeight: number
  /** The rows of the result. */
  rows: number
}

/**
 * The height an explorer would like: what is above its grid, the grid's head and up to PREFERRED_ROWS
 * rows, and the space below.
 */
export function preferredHeightOf(parts: PreferredHeightParts): number {
  const below = parts.rootBottom - parts.gridBottom
  const gridHeight = gridHeightFor(Math.min(parts.rows, PREFERRED_ROWS), parts.headHeight)
  return Math.ceil(parts.gridTop - parts.rootTop + gridHeight + Math.max(0, below))
}

/** preferredHeightOf the explorer in `root`; with no grid (a notice, an error), its content's height. */
export function preferredHeight(root: HTMLElement): number {
  const grid = root.querySelector<HTMLElement>('[role=grid]')
  const main = root.querySelector<HTMLElement>('.dse-main')
  if (!grid) return Math.ceil(main?.scrollHeight ?? root.scrollHeight)
  const rootBox = root.getBoundingClientRect()
  const gridBox = grid.getBoundingClientRect()
  return preferredHeightOf({
    rootTop: rootBox.top,
    rootBottom: main ? rootBox.bottom : gridBox.bottom,
    gridTop: gridBox.top,
    gridBottom: gridBox.bottom,
    headHeight: grid.querySelector<HTMLElement>('.dse-grid__head')?.getBoundingClientRect().height ?? 0,
    rows: Math.max(0, Number(grid.getAttribute('aria-rowcount') ?? 1) - 1),
  })
}

/** Reports `preferredHeight` of the explorer in `rootRef` whenever it changes (embeds only). */
export function usePreferredHeight(
  rootRef: RefObject<HTMLElement | null>,
  report: ((height: number) => void) | undefined,
): void {
  useEffect(() => {
    const root = rootRef.current
    if (!root || !report) return
    let last = -1
    let timer: ReturnType<typeof setTimeout> | undefined
    // a timer, not an animation frame: an iframe out of the host's view gets no frames, and its host
    // needs the height all the same
    const measure = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        const height = preferredHeight(root)
        if (height !== last) report((last = height))
      }, MEASURE_DELAY_MS)
    }
    const resizes = new ResizeObserver(measure)
    resizes.observe(root)
    // the row count and the parts above the grid change without the root changing size
    const changes = new MutationObserver(measure)
    changes.observe(root, { subtree: true, childList: true, attributeFilter: ['aria-rowcount'] })
    measure()
    return () => {
      clearTimeout(timer)
      resizes.disconnect()
      changes.disconnect()
    }
  }, [rootRef, report])
}
