// The URL is the source of truth for the view. This hook is the only code that reads or writes
// `location` and `history`: the future embed mode will replace it with host-owned state.
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { ExplorerState } from '../model/explorer-state'
import { parseExplorerState, serializeExplorerState } from '../model/url-codec'
import {
  applyUpdate,
  defaultHistoryMode,
  keepUnchangedParts,
  nextSearch,
  type HistoryMode,
} from '../model/explorer-update'

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}

function getSearch(): string {
  return window.location.search
}

/** The last URL read, parsed: the next one keeps its unchanged parts (keepUnchangedParts). */
let lastRead: { search: string; state: ExplorerState; ignored: string[] } | null = null

function readState(search: string): { state: ExplorerState; ignored: string[] } {
  if (lastRead?.search !== search) {
    const { state, ignored } = parseExplorerState(search)
    lastRead = { search, state: keepUnchangedParts(lastRead?.state ?? null, state), ignored }
  }
  return lastRead
}

function writeSearch(search: string, mode: HistoryMode): void {
  const url = `${window.location.pathname}${search}${window.location.hash}`
  if (mode === 'push') window.history.pushState(null, '', url)
  else window.history.replaceState(null, '', url)
  // pushState/replaceState fire no event: tell the subscribers ourselves
  for (const listener of listeners) listener()
}

export interface UpdateOptions {
  /** Default: 'replace' when only `q` changes (typing), 'push' for everything else. */
  history?: HistoryMode
  /**
   * Called with the next state just before the URL is written (only when it changes): its request can
   * leave first, as writing a history entry takes a millisecond or two.
   */
  beforeWrite?: (next: ExplorerState) => void
}

export interface ExplorerStateHandle {
  state: ExplorerState
  /** Human-readable reasons for the link parts that were dropped while reading the URL. */
  ignored: string[]
  /** The canonical query string of `state` (for comparisons and "copy link"). */
  search: string
  /** Writes the next state to the URL and returns it, or null when nothing changes. */
  update: (partial: Partial<ExplorerState>, options?: UpdateOptions) => ExplorerState | null
}

export function useExplorerState(): ExplorerStateHandle {
  const search = useSyncExternalStore(subscribe, getSearch, getSearch)
  // parsed once per distinct URL, so `state` keeps its identity between renders
  const { state, ignored } = useMemo(() => readState(search), [search])
  const canonical = useMemo(() => serializeExplorerState(state), [state])

  const update = useCallback((partial: Partial<ExplorerState>, options: UpdateOptions = {}) => {
    // read the URL at call time: several updates in one event must build on each other
    const current = parseExplorerState(getSearch()).state
    const next = applyUpdate(current, partial)
    const target = nextSearch(getSearch(), serializeExplorerState(next))
    if (target === null) return null
    options.beforeWrite?.(next)
    writeSearch(target, options.history ?? defaultHistoryMode(partial))
    return next
  }, [])

  return { state, ignored, search: canonical, update }
}
