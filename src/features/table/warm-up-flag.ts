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
