import { useState } from 'react'

/**
 * Whether `flag` has been true at least once. Lazily loaded dialogs mount on first open and then
 * stay mounted, so closing them runs their close logic (focus goes back to the opener).
 */
export function useEverTrue(flag: boolean): boolean {
  const [ever, setEver] = useState(flag)
  if (flag && !ever) setEver(true) // derived state: React re-renders at once, before committing
  return ever || flag
}
