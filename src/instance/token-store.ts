// Where an explorer may remember API tokens beyond its memory: only when the user ticks "Remember for
// this tab", and then in sessionStorage (gone when the tab closes), one entry per portal so that two
// explorers on a page never erase each other's. Never localStorage, never the URL. An embed remembers
// nothing: its host gives the token as a property.

export interface TokenStore {
  /** The remembered token of `portal`, or null. */
  read(portal: string): string | null
  remember(portal: string, token: string): void
  forget(portal: string): void
}

export type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const KEY_PREFIX = 'dse.token.v2 '

/**
 * A storage the entry reads from its window (`() => window.sessionStorage`), or null where storage is
 * disabled (privacy settings, a sandboxed frame: reading it throws).
 */
export function storageOf<T>(read: () => T | undefined): T | null {
  try {
    return read() ?? null
  } catch {
    return null
  }
}

/** Tokens in the tab's sessionStorage (given by the entry; null: remembered nowhere). */
export function createSessionTokenStore(storage: SessionLike | null): TokenStore {
  const key = (portal: string) => `${KEY_PREFIX}${portal}`
  return {
    read(portal) {
      try {
        const token = storage?.getItem(key(portal))
        return typeof token === 'string' && token !== '' ? token : null
      } catch {
        return null
      }
    },
    remember(portal, token) {
      try {
        if (token === '') storage?.removeItem(key(portal))
        else storage?.setItem(key(portal), token)
      } catch {
        // quota or disabled storage: the token simply stays in memory only
      }
    },
    forget(portal) {
      try {
        storage?.removeItem(key(portal))
      } catch {
        // nothing to forget
      }
    },
  }
}

/** Remembers nothing: the token lives in the explorer's memory only. */
export function createMemoryOnlyTokenStore(): TokenStore {
  return { read: () => null, remember: () => {}, forget: () => {} }
}
