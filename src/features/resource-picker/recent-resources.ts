// Recently opened resources, per portal, in localStorage: ids and names only (public metadata the
// user already saw). Tokens never go here.
import type { ResourceSummary } from '../../api/ckan/types'

const KEY = 'dse.recent.v1'
export const MAX_RECENT = 8

export type RecentByPortal = Record<string, ResourceSummary[]>

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

function localStore(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

function isSummary(value: unknown): value is ResourceSummary {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    typeof item.id === 'string' &&
    item.id !== '' &&
    typeof item.name === 'string' &&
    (item.datasetTitle === undefined || typeof item.datasetTitle === 'string')
  )
}

/** Reads the stored lists, dropping anything malformed (the storage is shared with other code and old versions). */
export function parseRecent(raw: string | null): RecentByPortal {
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
  const result: RecentByPortal = {}
  for (const [portal, list] of Object.entries(parsed)) {
    if (!Array.isArray(list)) continue
    const items = list
      .filter(isSummary)
      .map(({ id, name, datasetTitle }) =>
        datasetTitle === undefined ? { id, name } : { id, name, datasetTitle },
      )
    if (items.length > 0)
      Object.defineProperty(result, portal, { value: items, enumerable: true, writable: true })
  }
  return result
}

/** Puts `item` first, without duplicates, keeping at most `max`. */
export function addRecent(
  list: readonly ResourceSummary[],
  item: ResourceSummary,
  max = MAX_RECENT,
): ResourceSummary[] {
  const rest = list.filter((existing) => existing.id !== item.id)
  return [item, ...rest].slice(0, max)
}

export function readRecent(portal: string, storage: StorageLike | null = localStore()): ResourceSummary[] {
  if (!storage) return []
  try {
    const all = parseRecent(storage.getItem(KEY))
    return Object.hasOwn(all, portal) ? (all[portal] ?? []) : []
  } catch {
    return []
  }
}

export function saveRecent(
  portal: string,
  item: ResourceSummary,
  storage: StorageLike | null = localStore(),
): ResourceSummary[] {
  const clean: ResourceSummary =
    item.datasetTitle === undefined
      ? { id: item.id, name: item.name }
      : { id: item.id, name: item.name, datasetTitle: item.datasetTitle }
  if (!storage) return [clean]
  try {
    const all = parseRecent(storage.getItem(KEY))
    const next = addRecent(Object.hasOwn(all, portal) ? (all[portal] ?? []) : [], clean)
    Object.defineProperty(all, portal, { value: next, enumerable: true, writable: true })
    storage.setItem(KEY, JSON.stringify(all))
    for (const listener of listeners) listener()
    return next
  } catch {
    return [clean]
  }
}

const listeners = new Set<() => void>()

/** For useSyncExternalStore: saves in this tab and in other tabs (the `storage` event) both notify. */
export function subscribeRecent(listener: () => void): () => void {
  listeners.add(listener)
  globalThis.addEventListener?.('storage', listener)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', listener)
  }
}

/** The stored text itself: a string, so equal contents compare equal between renders. */
export function recentSnapshot(storage: StorageLike | null = localStore()): string {
  try {
    return storage?.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function recentFromSnapshot(snapshot: string, portal: string): ResourceSummary[] {
  const all = parseRecent(snapshot)
  return Object.hasOwn(all, portal) ? (all[portal] ?? []) : []
}
