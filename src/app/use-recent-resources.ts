import { useMemo, useSyncExternalStore } from 'react'
import type { ResourceSummary } from '../api/ckan/types'
import { useEnvironment } from '../instance/environment'
import { recentFromSnapshot } from '../instance/recent-store'

/** The recently opened tables of `portal`, kept up to date when one is saved. */
export function useRecentResources(portal: string): ResourceSummary[] {
  const { recentStore } = useEnvironment()
  const snapshot = useSyncExternalStore(recentStore.subscribe, recentStore.snapshot, recentStore.snapshot)
  return useMemo(() => recentFromSnapshot(snapshot, portal), [snapshot, portal])
}
