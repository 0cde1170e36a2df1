import { useEffect, useState } from 'react'

export interface WarmUpFlag {
  isDone(): boolean
  markDone(): void
}

/** One per explorer: it changes nothing on screen, so setting it causes no render. */
export function createWarmUpFlag(): WarmUpFlag {
  let done = false
  return {
    isDone: () => done,
    markDone: () => {
      done = true
    },
  }
}

/**
 * Whether a warm-up view should draw: only the first time this explorer waits for a table (the
 * answer is fixed at mount, so a render meanwhile does not change it), and marked done once drawn.
 */
export function useWarmUpNeeded(warmUp: WarmUpFlag): boolean {
  const [needed] = useState(() => !warmUp.isDone())
  useEffect(() => warmUp.markDone(), [warmUp])
  return needed
}
