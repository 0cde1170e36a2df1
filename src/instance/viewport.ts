// The browser window an explorer is shown in, as much of it as the explorer reads: its size, its media
// queries, and when the page scrolls or the window resizes. The entries build it on their window;
// nothing else touches the window (a lint rule). Absent (server rendering, unit tests): no window.

export interface Viewport {
  /** The window's inner width and height (px). */
  width(): number
  height(): number
  /** Whether a media query holds now. */
  matches(query: string): boolean
  /** Calls `listener` when the page scrolls or the window resizes; returns how to stop. */
  onScrollOrResize(listener: () => void): () => void
}

export function createWindowViewport(win: Window): Viewport {
  return {
    width: () => win.innerWidth,
    height: () => win.innerHeight,
    matches: (query) => win.matchMedia(query).matches,
    onScrollOrResize(listener) {
      win.addEventListener('scroll', listener, { passive: true })
      win.addEventListener('resize', listener)
      return () => {
        win.removeEventListener('scroll', listener)
        win.removeEventListener('resize', listener)
      }
    },
  }
}
