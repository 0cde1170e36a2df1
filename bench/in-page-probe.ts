// The probe the harness installs in every page before the page's own scripts run
// (page.addInitScript). It measures all four grids the same way from the outside:
//  - long tasks (PerformanceObserver 'longtask', buffered),
//  - "painted": a condition on the rows on screen is checked after every DOM mutation (and every
//    animation frame, for canvas grids); once true, the next frame is awaited and then a task
//    (rAF + setTimeout), so the mark falls after the frame that showed the rows,
//  - the time of the last click and of the first key press (event.timeStamp),
//  - programmatic scrolling at a steady rate, one step per animation frame.
// Rows on screen come from `window.__bench.visibleRows()` in the peer pages; for the explorer they
// are read from its DOM here (role="row" with aria-rowindex, the `name` cell's trailing _id).
// Self-contained: Playwright sends this function's source text to the page.

export interface VisibleRow {
  pos: number
  id: number | null
}

export type RowCondition =
  /** The first rows of the unsorted table: position 0 first, every shown row loaded with _id = position + 1. */
  | { kind: 'first' }
  /** Position 0 shows the record with this _id (a sorted table). */
  | { kind: 'sorted'; firstId: number }
  /** Every shown row loaded with _id = position + 1, the first one between lo and hi. */
  | { kind: 'window'; lo: number; hi: number }

export interface Painted {
  /** performance.now() when the condition was first seen true. */
  detectedAt: number
  /** performance.now() after the frame that showed it (rAF + setTimeout). */
  paintedAt: number
  rows: VisibleRow[]
}

export interface ScrollRun {
  start: number
  end: number
  frames: number
  maxFrameGap: number
}

export interface Probe {
  longTasks: { start: number; duration: number }[]
  lastClick: number
  firstKey: number
  check(): void
  visibleRows(): VisibleRow[]
  scroller(): HTMLElement | null
  domRows(): number
  waitFor(
    condition: RowCondition,
    timeoutMs: number,
  ): Promise<Painted | { timeout: true; rows: VisibleRow[] }>
  /** Scrolls from the top to the end of the scroll range in `durationMs`, one step per frame. */
  scrollThrough(durationMs: number): Promise<ScrollRun>
  /** Scrolls down by `pxPerFrame` every animation frame for `durationMs` (a steady wheel/flick). */
  scrollSteady(durationMs: number, pxPerFrame: number): Promise<ScrollRun>
  /** Sets scrollTop to `fraction` of the scroll range in one step; returns performance.now() of the step. */
  jumpTo(fraction: number): number
  scrollToTop(): void
}

declare global {
  interface Window {
    __probe?: Probe
  }
}

export function installProbe(): void {
  interface Waiter {
    test(rows: VisibleRow[]): boolean
    detected: boolean
    resolve(value: Painted): void
  }
  interface PeerHooks {
    scroller(): HTMLElement | null
    visibleRows(): VisibleRow[]
    domRows(): number
  }
  const peer = (): PeerHooks | undefined => (window as unknown as { __bench?: PeerHooks }).__bench

  const longTasks: { start: number; duration: number }[] = []
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // no long task timing in this browser: the harness reports it as missing
  }
  performance.setResourceTimingBufferSize(100_000)

  // grids.ts OURS_GRID, spelt out: this function's source is sent to the page and imports nothing
  const OURS_GRID = '.dse-grid:not(.dse-warm-up .dse-grid)'
  const oursScroller = (): HTMLElement | null => document.querySelector<HTMLElement>(OURS_GRID)
  const oursVisibleRows = (): VisibleRow[] => {
    const grid = oursScroller()
    if (!grid) return []
    const box = grid.getBoundingClientRect()
    const header = grid.querySelector('.dse-grid__head')?.getBoundingClientRect().height ?? 0
    const rows: VisibleRow[] = []
    for (const row of grid.querySelectorAll<HTMLElement>('.dse-grid__body [role="row"][aria-rowindex]')) {
      const rect = row.getBoundingClientRect()
      if (!(rect.bottom > box.top + header + 1 && rect.top < box.bottom - 1)) continue
      const pos = Number(row.getAttribute('aria-rowindex')) - 2
      // the first data cell is `name` ("Köln 42"): its last number is the record's _id (a long
      // name ends with the cell's "show all" mark, ⤢)
      const name = row.querySelector('[role="gridcell"]')?.textContent ?? ''
      const match = /(\d+)\D*$/.exec(name)
      rows.push({ pos, id: match ? Number(match[1]) : null })
    }
    return rows.sort((a, b) => a.pos - b.pos)
  }

  const visibleRows = (): VisibleRow[] => peer()?.visibleRows() ?? oursVisibleRows()
  const scroller = (): HTMLElement | null => (peer() ? peer()!.scroller() : oursScroller())
  const domRows = (): number =>
    peer()?.domRows() ?? oursScroller()?.querySelectorAll('.dse-grid__body [role="row"]').length ?? 0

  const loadedInOrder = (rows: VisibleRow[]): boolean =>
    rows.length > 0 && rows.every((row) => row.id !== null && row.id === row.pos + 1)

  const waiters = new Set<Waiter>()
  const check = (): void => {
    if (waiters.size === 0) return
    const rows = visibleRows()
    for (const waiter of waiters) {
      if (waiter.detected || !waiter.test(rows)) continue
      waiter.detected = true
      const detectedAt = performance.now()
      requestAnimationFrame(() =>
        setTimeout(() => {
          waiters.delete(waiter)
          waiter.resolve({ detectedAt, paintedAt: performance.now(), rows })
        }, 0),
      )
    }
  }

  const observe = (): void => {
    new MutationObserver(check).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
  }
  if (document.documentElement) observe()
  else document.addEventListener('DOMContentLoaded', observe)
  const frameCheck = (): void => {
    check()
    requestAnimationFrame(frameCheck)
  }
  requestAnimationFrame(frameCheck)

  const probe: Probe = {
    longTasks,
    lastClick: 0,
    firstKey: 0,
    check,
    visibleRows,
    scroller,
    domRows,
    waitFor(condition, timeoutMs) {
      const test =
        condition.kind === 'first'
          ? (rows: VisibleRow[]) => loadedInOrder(rows) && rows[0]!.pos === 0
          : condition.kind === 'sorted'
            ? (rows: VisibleRow[]) =>
                rows.length > 0 && rows[0]!.pos === 0 && rows[0]!.id === condition.firstId
            : (rows: VisibleRow[]) =>
                loadedInOrder(rows) && rows[0]!.pos >= condition.lo && rows[0]!.pos <= condition.hi
      return new Promise((resolve) => {
        const waiter: Waiter = { test, detected: false, resolve }
        waiters.add(waiter)
        check()
        setTimeout(() => {
          if (waiter.detected) return
          waiters.delete(waiter)
          resolve({ timeout: true, rows: visibleRows() })
        }, timeoutMs)
      })
    },
    scrollThrough(durationMs) {
      const element = scroller()
      if (!element) return Promise.reject(new Error('no scroll container'))
      return new Promise((resolve) => {
        const start = performance.now()
        let last = start
        let frames = 0
        let maxFrameGap = 0
        const step = (now: number): void => {
          frames++
          maxFrameGap = Math.max(maxFrameGap, now - last)
          last = now
          const fraction = Math.min(1, (now - start) / durationMs)
          element.scrollTop = fraction * (element.scrollHeight - element.clientHeight)
          if (fraction < 1) requestAnimationFrame(step)
          else resolve({ start, end: performance.now(), frames, maxFrameGap })
        }
        requestAnimationFrame(step)
      })
    },
    scrollSteady(durationMs, pxPerFrame) {
      const element = scroller()
      if (!element) return Promise.reject(new Error('no scroll container'))
      return new Promise((resolve) => {
        const start = performance.now()
        let last = start
        let frames = 0
        let maxFrameGap = 0
        const step = (now: number): void => {
          frames++
          maxFrameGap = Math.max(maxFrameGap, now - last)
          last = now
          element.scrollTop += pxPerFrame
          if (now - start < durationMs) requestAnimationFrame(step)
          else resolve({ start, end: performance.now(), frames, maxFrameGap })
        }
        requestAnimationFrame(step)
      })
    },
    jumpTo(fraction) {
      const element = scroller()
      if (!element) throw new Error('no scroll container')
      const at = performance.now()
      element.scrollTop = fraction * (element.scrollHeight - element.clientHeight)
      return at
    },
    scrollToTop() {
      const element = scroller()
      if (element) element.scrollTop = 0
    },
  }
  window.__probe = probe
  window.addEventListener('click', (event) => (probe.lastClick = event.timeStamp), true)
  window.addEventListener(
    'keydown',
    (event) => {
      if (probe.firstKey === 0) probe.firstKey = event.timeStamp
    },
    true,
  )
}

/**
 * The probe as a page's init script. `__name` is the helper tsx adds around named inner functions,
 * which the page does not have.
 */
export const PROBE_SCRIPT = `var __name = (target) => target;\n(${installProbe.toString()})();`
