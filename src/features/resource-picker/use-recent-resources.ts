import { useMemo, useSyncExternalStore } from 'react'
import type { ResourceSummary } from '../../api/ckan/types'
import { recentFromSnapshot, recentSnapshot, subscribeRecent } from './recent-resources'

const serverSnapshot = () => ''

/** The recently opened tables of `portal`, kept up to date when one is saved. */
export function useRecentResources(portal: string): ResourceSummary[] {
  const snapshot = useSyncExternalStore(subscribeRecent, recentSnapshot, serverSnapshot)
  return useMemo(() => recentFromSnapshot(snapshot, portal), [snapshot, portal])
}
