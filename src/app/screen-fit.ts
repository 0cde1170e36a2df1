// How much room the explorer has: its own box's size, not the window's, so a narrow embed in a sidebar
// (or an iframe) gets the phone layout on a wide page, and a wide embed keeps the full toolbar on a
// phone held sideways. Read with a ResizeObserver, which works inside a shadow root.
import { createContext, useContext, useLayoutEffect, useState, type RefObject } from 'react'

/** Narrower than this, the toolbar folds into one line and a sheet (issue 27). */
export const COMPACT_BELOW_PX = 640
/** Narrower than this, the records show as cards unless the link says otherwise. */
export const CARDS_BELOW_PX = 480
/** An embed lower than this folds its toolbar too: the records keep the room. */
export const SHORT_EMBED_BELOW_PX = 400

export interface ScreenFit {
  /** One-line toolbar, options in a sheet, the header's controls in one menu. */
  compact: boolean
  /** Cards are the default way to show the records. */
  narrow: boolean
}

export const WIDE: ScreenFit = { compact: false, narrow: false }

/** The layout for a box of this size (CSS px); an unmeasured box (0×0) keeps the wide layout. */
export function screenFit(width: number, height: number, embedded: boolean): ScreenFit {
  if (width <= 0) return WIDE
  const short = embedded && height > 0 && height < SHORT_EMBED_BELOW_PX
  return { compact: width < COMPACT_BELOW_PX || short, narrow: width < CARDS_BELOW_PX }
}

/** The fit of the element `ref` holds, measured before the first paint and again on every resize. */
export function useScreenFitOf(ref: RefObject<HTMLElement | null>, embedded: boolean): ScreenFit {
  const [fit, setFit] = useState<ScreenFit>(WIDE)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = (width: number, height: number) => {
      const next = screenFit(width, height, embedded)
      setFit((old) => (old.compact === next.compact && old.narrow === next.narrow ? old : next))
    }
    const box = element.getBoundingClientRect()
    measure(box.width, box.height)
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width, entry.contentRect.height)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, embedded])
  return fit
}

export const ScreenFitContext = createContext<ScreenFit>(WIDE)

export function useScreenFit(): ScreenFit {
  return useContext(ScreenFitContext)
}
