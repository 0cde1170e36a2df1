import { useEffect, type RefObject } from 'react'

/** Rows an embed would like to show without scrolling its grid, when the host lets it size itself. */
export const PREFERRED_ROWS = 20
const ROW_HEIGHT = 32
const GRID_HEADER_HEIGHT = 40
const GRID_BORDERS = 2
/** Changes come in bursts (rows drawn, a scroll): measured once they pause. */
const MEASURE_DELAY_MS = 50

/**
 * The height an explorer would like: what is above its grid, the grid's header and up to
 * PREFERRED_ROWS rows, and the space below; with no grid (a notice, an error), its content's height.
 */
export function preferredHeight(root: HTMLElement): number {
  const grid = root.querySelector<HTMLElement>('[role=grid]')
  const main = root.querySelector<HTMLElement>('.dse-main')
  if (!grid) return Math.ceil(main?.scrollHeight ?? root.scrollHeight)
  const rows = Math.max(0, Number(grid.getAttribute('aria-rowcount') ?? 1) - 1)
  const rootBox = root.getBoundingClientRect()
  const gridBox = grid.getBoundingClientRect()
  const below = main ? rootBox.bottom - gridBox.bottom : 0
  const gridHeight = GRID_HEADER_HEIGHT + Math.min(rows, PREFERRED_ROWS) * ROW_HEIGHT + GRID_BORDERS
  return Math.ceil(gridBox.top - rootBox.top + gridHeight + Math.max(0, below))
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
    let timer = 0
    // a timer, not an animation frame: an iframe out of the host's view gets no frames, and its host
    // needs the height all the same
    const measure = () => {
      clearTimeout(timer)
      timer = window.setTimeout(() => {
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
