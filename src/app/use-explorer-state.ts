// The view of one explorer, read from and written to its ViewStore (the page's URL, or an embed's
// memory). This hook is the only code that reads or writes the view.
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react'
import type { SearchRequest } from '../api/ckan/types'
import type { ViewStore } from '../instance/view-store'
import type { HistoryMode } from '../model/explorer-update'
import type { ExplorerState } from '../model/explorer-state'
import { applyUpdate, defaultHistoryMode, keepUnchangedParts, nextSearch } from '../model/explorer-update'
import { parseExplorerState, serializeExplorerState, type IgnoredPart } from '../model/url-codec'

interface ParsedView {
  search: string
  state: ExplorerState
  ignored: IgnoredPart[]
}

/**
 * Parses each distinct query string once, keeping the parts of the state that did not change from
 * the last one read (keepUnchangedParts): a sort leaves `hidden` and `filters` the same objects.
 */
function createViewReader() {
  let last: ParsedView | null = null
  return (search: string): ParsedView => {
    if (last?.search !== search) {
      const { state, ignored } = parseExplorerState(search)
      last = { search, state: keepUnchangedParts(last?.state ?? null, state), ignored }
    }
    return last
  }
}

export interface UpdateOptions {
  /** Default: 'replace' when only `q` changes (typing), 'push' for everything else. */
  history?: HistoryMode
  /**
   * Called with the next state just before it is stored (only when it changes): its request can
   * leave first, as writing a history entry takes a millisecond or two.
   */
  beforeWrite?: (next: ExplorerState) => void
}

/** A change to the view: stored, with its first page asked for just before (Explorer's `change`). */
export type ChangeView = (
  partial: Partial<ExplorerState>,
  options?: UpdateOptions,
  localSortBase?: SearchRequest | null,
) => void

export interface ExplorerStateHandle {
  state: ExplorerState
  /** The link parts that were dropped while reading the view, with why (LinkNotice words them). */
  ignored: IgnoredPart[]
  /** The canonical query string of `state` (for comparisons and "copy link"). */
  search: string
  /** Stores the next state and returns it, or null when nothing changes. */
  update: (partial: Partial<ExplorerState>, options?: UpdateOptions) => ExplorerState | null
}

export function useExplorerState(store: ViewStore): ExplorerStateHandle {
  const search = useSyncExternalStore(store.subscribe, store.read, store.read)
  const [read] = useState(createViewReader)
  const { state, ignored } = read(search)
  const canonical = useMemo(() => serializeExplorerState(state), [state])

  const update = useCallback(
    (partial: Partial<ExplorerState>, options: UpdateOptions = {}) => {
      // read the store at call time: several updates in one event must build on each other
      const current = parseExplorerState(store.read()).state
      const next = applyUpdate(current, partial)
      const target = nextSearch(store.read(), serializeExplorerState(next))
      if (target === null) return null
      options.beforeWrite?.(next)
      store.write(target, options.history ?? defaultHistoryMode(partial))
      return next
    },
    [store],
  )

  return { state, ignored, search: canonical, update }
}
