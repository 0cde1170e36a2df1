// Where one explorer keeps its view: the link parameters of the view (`resource_id=…&q=…`), in the
// page's URL for the standalone page, or in memory for an embed, which must never touch the host's
// history. The explorer reads and writes the view only through this interface.

import type { HistoryMode } from '../model/explorer-update'

export type { HistoryMode }

export interface ViewStore {
  /** The view as a query string without `?` (`''` when nothing is chosen). */
  read(): string
  /** Stores the next view: a new history entry (`push`) or in place of the current one (`replace`). */
  write(search: string, mode: HistoryMode): void
  /** Calls `listener` after every change, whoever made it (Back and Forward too). */
  subscribe(listener: () => void): () => void
  /** The address that opens the stored view, when it lives in a page's URL (none in memory). */
  link?(): string
}

function withoutQuestionMark(search: string): string {
  return search.startsWith('?') ? search.slice(1) : search
}

/** The view in `win.location.search`, with history entries: the standalone page. */
export function createUrlViewStore(win: Window): ViewStore {
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  return {
    read: () => withoutQuestionMark(win.location.search),
    link: () => win.location.href,
    write(search, mode) {
      const { pathname, hash } = win.location
      const url = `${pathname}${search === '' ? '' : `?${search}`}${hash}`
      if (mode === 'push') win.history.pushState(null, '', url)
      else win.history.replaceState(null, '', url)
      // pushState and replaceState fire no event: tell the subscribers here
      notify()
    },
    subscribe(listener) {
      if (listeners.size === 0) win.addEventListener('popstate', notify)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) win.removeEventListener('popstate', notify)
      }
    },
  }
}

/**
 * The view in memory: an embed's own history-less state. `onWrite` tells the host about every change
 * the user makes (the embed's `change` event); a write from the host itself goes through `replace`.
 */
export interface MemoryViewStore extends ViewStore {
  /** Sets the view from outside (an attribute changed): subscribers re-render, `onWrite` is not called. */
  replace(search: string): void
}

export function createMemoryViewStore(
  initial = '',
  onWrite?: (search: string, mode: HistoryMode) => void,
): MemoryViewStore {
  let current = withoutQuestionMark(initial)
  const listeners = new Set<() => void>()
  const set = (search: string) => {
    current = withoutQuestionMark(search)
    for (const listener of [...listeners]) listener()
  }
  return {
    read: () => current,
    write(search, mode) {
      set(search)
      onWrite?.(current, mode)
    },
    replace: set,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
