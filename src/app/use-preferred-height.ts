import { useEffect, type RefObject } from 'react'

/** Changes come in bursts (rows drawn, a scroll): measured once they pause. */
const MEASURE_DELAY_MS = 50

/** Reports `preferredHeight` of the explorer in `rootRef` whenever it changes (embeds only). */
export function usePreferredHeight(
  rootRef: RefObject<HTMLElement | null>,
  report: ((height: number) => void) | undefined,
): void {
  useEffect(() => {
    const root = rootRef.current
    if (!root || !report) return
    // only an embed reports its height: the page loads none of this (initial JS budget)
    const measuring = import('./preferred-height')
    let last = -1
    let timer: ReturnType<typeof setTimeout> | undefined
    // a timer, not an animation frame: an iframe out of the host's view gets no frames, and its host
    // needs the height all the same
    const measure = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        void measuring
          .then(({ preferredHeight }) => {
            const height = preferredHeight(root)
            if (height !== last) report((last = height))
          })
          .catch(() => undefined) // its code could not be fetched: the host keeps the height it set
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
