// Whether a touch on a column's title is a long press (which opens the column's menu) or not: pure,
// from where and when the press began and where the finger is now.

/** How long (ms) a touch must be held for its column's menu to open. */
export const LONG_PRESS_MS = 500
/** How far (px) the finger may wander while held: more is a scroll or a swipe, not a long press. */
export const LONG_PRESS_SLOP_PX = 10

/** A point of the press: where (CSS px, as pointer events give it) and when (ms). */
export interface PressPoint {
  x: number
  y: number
  at: number
}

/** "wait": not held long enough yet; "long": a long press; "moved": wandered too far, no longer one. */
export type PressVerdict = 'wait' | 'long' | 'moved'

export function longPressVerdict(start: PressPoint, now: PressPoint): PressVerdict {
  if (Math.hypot(now.x - start.x, now.y - start.y) > LONG_PRESS_SLOP_PX) return 'moved'
  return now.at - start.at >= LONG_PRESS_MS ? 'long' : 'wait'
}
