import { queryOptions, useQuery } from '@tanstack/react-query'

/**
 * The code of the browser sort, loaded through the instance's query cache: on first use (the browser
 * sorts only after a header click on a table whose records are all loaded, never to show the first
 * rows: initial JS budget), and found there at once by every table that mounts after that.
 */
export const localSortCode = queryOptions({
  queryKey: ['code', 'local-sort'] as const,
  queryFn: () => import('./local-sort-fns').then((module) => ({ sortRecords: module.sortRecordsLocally })),
  staleTime: Infinity,
  gcTime: Infinity,
  structuralSharing: false,
  // offline or a redeployed app: the rows stay in the portal's order, and say nothing of a sort
  retry: false,
})

type SortRecords = typeof import('./local-sort-fns').sortRecordsLocally

/**
 * The function that sorts records in the browser, or null until its code has loaded. Loading starts
 * as soon as such a sort is possible (every record of the result is loaded), so a header click
 * normally finds it ready.
 */
export function useLocalSort(possible: boolean): SortRecords | null {
  const { data } = useQuery({ ...localSortCode, enabled: possible })
  return data?.sortRecords ?? null
}
