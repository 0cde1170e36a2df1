// The URL is the source of truth for the view. This hook is the only code that reads or writes
// `location` and `history`: the future embed mode will replace it with host-owned state.
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { ExplorerState } from '../features/explorer-state/explorer-state'
import { parseExplorerState, serializeExplorerState } from '../features/explorer-state/url-codec'
import {
  applyUpdate,
  defaultHistoryMode,
  entryKindAfter,
  nextSearch,
  type EntryKind,
  type HistoryMode,
} from './explorer-update'

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

/** history.state key recording what made an entry (see defaultHistoryMode). */
const ENTRY_KEY = 'dseEntry'

function currentEntryKind(): EntryKind {
  const state: unknown = window.history.state
  return typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[ENTRY_KEY] === 'search'
    ? 'search'
    : 'other'
}

function writeSearch(search: string, mode: HistoryMode, kind: EntryKind): void {
  const url = `${window.location.pathname}${search}${window.location.hash}`
  const entry = { [ENTRY_KEY]: kind }
  if (mode === 'push') window.history.pushState(entry, '', url)
  else window.history.replaceState(entry, '', url)
  // pushState/replaceState fire no event: tell the subscribers ourselves
  for (const listener of listeners) listener()
}

export interface UpdateOptions {
  /** Default (see defaultHistoryMode): one entry per typed search, one per discrete action. */
  history?: HistoryMode
}

export interface ExplorerStateHandle {
  state: ExplorerState
  /** Human-readable reasons for the link parts that were dropped while reading the URL. */
  ignored: string[]
  /** The canonical query string of `state` (for comparisons and "copy link"). */
  search: string
  update: (partial: Partial<ExplorerState>, options?: UpdateOptions) => void
}

export function useExplorerState(): ExplorerStateHandle {
  const search = useSyncExternalStore(subscribe, getSearch, getSearch)
  // parsed once per distinct URL, so `state` keeps its identity between renders
  const { state, ignored } = useMemo(() => parseExplorerState(search), [search])
  const canonical = useMemo(() => serializeExplorerState(state), [state])

  const update = useCallback((partial: Partial<ExplorerState>, options: UpdateOptions = {}) => {
    // read the URL at call time: several updates in one event must build on each other
    const next = applyUpdate(parseExplorerState(getSearch()).state, partial)
    const target = nextSearch(getSearch(), serializeExplorerState(next))
    if (target === null) return
    const current = currentEntryKind()
    const mode = options.history ?? defaultHistoryMode(partial, current)
    writeSearch(target, mode, entryKindAfter(partial, mode, current))
  }, [])

  return { state, ignored, search: canonical, update }
}
