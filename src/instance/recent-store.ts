// The tables an explorer remembers as recently opened, per portal: in localStorage for the standalone
// page (ids and names only, public metadata the user already saw; never tokens), and nowhere for an
// embed, which must not write to its host's storage.
import type { ResourceSummary } from '../api/ckan/types'

const KEY = 'dse.recent.v1'
export const MAX_RECENT = 8

export type RecentByPortal = Record<string, ResourceSummary[]>

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

export interface RecentStore {
  /** The stored lists as text: equal contents compare equal between renders (useSyncExternalStore). */
  snapshot(): string
  /** Called after a save here, and after a save in another tab. */
  subscribe(listener: () => void): () => void
  save(portal: string, item: ResourceSummary): void
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

/** The recently opened tables of `portal` in a snapshot. */
export function recentFromSnapshot(snapshot: string, portal: string): ResourceSummary[] {
  const all = parseRecent(snapshot)
  return Object.hasOwn(all, portal) ? (all[portal] ?? []) : []
}

function cleanSummary(item: ResourceSummary): ResourceSummary {
  return item.datasetTitle === undefined
    ? { id: item.id, name: item.name }
    : { id: item.id, name: item.name, datasetTitle: item.datasetTitle }
}

/**
 * The lists in the page's localStorage, told of saves in other tabs by the window's `storage` event
 * (both given by the entry; null storage: remembered nowhere).
 */
export function createLocalRecentStore(
  storage: StorageLike | null,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined,
): RecentStore {
  const listeners = new Set<() => void>()
  const snapshot = () => {
    try {
      return storage?.getItem(KEY) ?? ''
    } catch {
      return ''
    }
  }
  return {
    snapshot,
    subscribe(listener) {
      listeners.add(listener)
      // another tab saved: the `storage` event
      win?.addEventListener('storage', listener)
      return () => {
        listeners.delete(listener)
        win?.removeEventListener('storage', listener)
      }
    },
    save(portal, item) {
      if (!storage) return
      try {
        const all = parseRecent(snapshot())
        const next = addRecent(Object.hasOwn(all, portal) ? (all[portal] ?? []) : [], cleanSummary(item))
        Object.defineProperty(all, portal, { value: next, enumerable: true, writable: true })
        storage.setItem(KEY, JSON.stringify(all))
        for (const listener of listeners) listener()
      } catch {
        // quota or disabled storage: nothing is remembered
      }
    },
  }
}

/** Remembers nothing (an embed). */
export function createNoRecentStore(): RecentStore {
  return { snapshot: () => '', subscribe: () => () => {}, save: () => {} }
}
