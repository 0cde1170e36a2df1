// The real row count of a result whose total was estimated, as its window pages found it: one owner
// for that fact, beside the query cache (one per explorer). The record window reports it; the grid's row
// count and the counts line ("1–100 of N") read it.
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { SearchResult } from '../api/ckan/types'
import { mergeFoundRowCount, type FoundRowCount } from './page-plan'

export interface FoundRowCounts {
  /** What the pages found for this first page (the result object itself: a refetch starts again), or null. */
  get(firstPage: SearchResult): FoundRowCount | null
  /** Merges what the loaded pages show now (mergeFoundRowCount); readers render only on a change. */
  report(firstPage: SearchResult, found: FoundRowCount): void
  subscribe(listener: () => void): () => void
}

export function createFoundRowCounts(): FoundRowCounts {
  // by first page, so a result's count goes when its page leaves the query cache
  const counts = new WeakMap<SearchResult, FoundRowCount>()
  const listeners = new Set<() => void>()
  return {
    get: (firstPage) => counts.get(firstPage) ?? null,
    report(firstPage, found) {
      const previous = counts.get(firstPage) ?? null
      const next = mergeFoundRowCount(previous, found)
      if (next === previous || next === null) return
      counts.set(firstPage, next)
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Rendered as `<FoundRowCountsContext value={createFoundRowCounts()}>` beside the query client. */
export const FoundRowCountsContext = createContext<FoundRowCounts | null>(null)

export function useFoundRowCounts(): FoundRowCounts {
  const counts = useContext(FoundRowCountsContext)
  if (!counts) throw new Error('The table was rendered outside a FoundRowCountsContext')
  return counts
}

/** What the pages found about the real row count of `firstPage`'s result (null: nothing, or no page). */
export function useFoundRowCount(firstPage: SearchResult | undefined): FoundRowCount | null {
  const counts = useFoundRowCounts()
  const read = () => (firstPage ? counts.get(firstPage) : null)
  return useSyncExternalStore(counts.subscribe, read, read)
}
