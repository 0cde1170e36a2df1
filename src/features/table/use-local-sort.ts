import { useEffect, useState } from 'react'
import type { sortRecordsLocally } from './local-sort-fns'

type SortRecords = typeof sortRecordsLocally

// Loaded on first use: the browser sorts only after a header click on a table whose records are all
// loaded, never to show the first rows (initial JS budget).
let loaded: SortRecords | null = null
let loading: Promise<SortRecords> | null = null

/** Loads the code of the browser sort (once); the hook below calls it when a sort becomes possible. */
export function loadLocalSort(): Promise<SortRecords> {
  loading ??= import('./local-sort-fns').then(
    (module) => (loaded = module.sortRecordsLocally),
    (error: unknown) => {
      loading = null // a later render tries again
      throw error
    },
  )
  return loading
}

/**
 * The function that sorts records in the browser, or null until its code has loaded. Loading starts
 * as soon as such a sort is possible (every record of the result is loaded), so a header click
 * normally finds it ready.
 */
export function useLocalSort(possible: boolean): SortRecords | null {
  const [sortRecords, setSortRecords] = useState<SortRecords | null>(() => loaded)
  useEffect(() => {
    if (!possible || sortRecords) return
    let live = true
    loadLocalSort().then(
      (sort) => {
        if (live) setSortRecords(() => sort)
      },
      () => {
        // offline or a redeployed app: the rows stay in the portal's order, and say nothing of a sort
      },
    )
    return () => {
      live = false
    }
  }, [possible, sortRecords])
  return sortRecords
}
