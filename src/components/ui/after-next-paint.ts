/**
 * Calls `callback` once the next frame has been painted, and returns a function that cancels it.
 * The next animation frame comes before that frame's paint; a task queued from it runs after. Work the
 * user does not see first (more rows, a catalogue request) waits for this, so that frame comes sooner.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
