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

/**
 * Calls `callback` once the next frame has been painted and the browser has nothing more pressing
 * to do (an idle period, or `timeoutMs` at the latest), and returns a function that cancels it.
 * For work the user does not see at all at first (a chunk of code for later, a sample for the
 * overviews, the table's name): `afterNextPaint`'s task runs before any other task queued in that
 * frame, such as the rows' own next steps, and this waits for them.
 */
export function afterPaintWhenIdle(callback: () => void, timeoutMs = 300): () => void {
  let idle: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function')
      idle = requestIdleCallback(callback, { timeout: timeoutMs })
    else timer = setTimeout(callback, 1)
  })
  return () => {
    cancelPaint()
    if (idle !== undefined) cancelIdleCallback(idle)
    clearTimeout(timer)
  }
}
