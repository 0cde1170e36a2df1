// How a partial change becomes the next state, and whether it gets its own history entry.
import { replaceEqualDeep } from '@tanstack/react-query'
import { DEFAULT_STATE, type ExplorerState } from './explorer-state'

export type HistoryMode = 'push' | 'replace'

/**
 * Applies `partial` to `state` with the explorer's reset rules: another portal means another set
 * of tables, and another table means its search, filters, sort, column arrangement (hidden, order,
 * pinned) and map (its columns and place) no longer apply.
 * Values given in the same update win (a pasted API link brings its own q, filters and sort).
 */
export function applyUpdate(state: ExplorerState, partial: Partial<ExplorerState>): ExplorerState {
  let next: ExplorerState = { ...state, ...partial }
  const portalChanged = 'portal' in partial && partial.portal !== state.portal
  if (portalChanged && !('resourceId' in partial)) next.resourceId = null
  const resourceChanged = next.resourceId !== state.resourceId
  if (resourceChanged) {
    next = {
      ...next,
      q: 'q' in partial ? next.q : DEFAULT_STATE.q,
      filters: 'filters' in partial ? next.filters : DEFAULT_STATE.filters,
      sort: 'sort' in partial ? next.sort : DEFAULT_STATE.sort,
      hidden: 'hidden' in partial ? next.hidden : DEFAULT_STATE.hidden,
      columns: 'columns' in partial ? next.columns : DEFAULT_STATE.columns,
      pinned: 'pinned' in partial ? next.pinned : DEFAULT_STATE.pinned,
      summary: 'summary' in partial ? next.summary : DEFAULT_STATE.summary,
      place: 'place' in partial ? next.place : DEFAULT_STATE.place,
      mapAt: 'mapAt' in partial ? next.mapAt : DEFAULT_STATE.mapAt,
    }
  }
  return next
}

/**
 * Typing in the search box rewrites the current entry (Back should not step through every word);
 * every discrete action (a table, a filter, a sort, a limit) gets its own entry.
 */
export function defaultHistoryMode(partial: Partial<ExplorerState>): HistoryMode {
  const keys = Object.keys(partial)
  return keys.length > 0 && keys.every((key) => key === 'q') ? 'replace' : 'push'
}

/** The next stored view (a query string without `?`), or null when nothing would change. */
export function nextSearch(currentSearch: string, serialized: string): string | null {
  const current = currentSearch.startsWith('?') ? currentSearch.slice(1) : currentSearch
  return serialized === current ? null : serialized
}

/**
 * `next`, with every part equal to `previous`'s kept as `previous`'s own object (the whole state when
 * nothing changed). A sort leaves `hidden` and `filters` as they were: what is computed from them (the
 * table's columns, and with them every drawn row) is not computed again.
 */
export function keepUnchangedParts(previous: ExplorerState | null, next: ExplorerState): ExplorerState {
  return previous ? replaceEqualDeep(previous, next) : next
}
