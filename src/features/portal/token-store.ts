// The API token lives in memory; only when the user ticks "Remember for this tab" is it also kept
// in sessionStorage (gone when the tab closes). Never localStorage, never the URL.

const KEY = 'dse.token.v1'

interface StoredToken {
  portal: string
  token: string
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function sessionStore(): SessionLike | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    // storage disabled (privacy settings, sandboxed frame)
    return null
  }
}

/** The remembered token of this tab, only if it belongs to `portal` (a token never crosses portals). */
export function readRememberedToken(
  portal: string,
  storage: SessionLike | null = sessionStore(),
): string | null {
  if (!storage) return null
  try {
    const raw = storage.getItem(KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null) return null
    const { portal: owner, token } = parsed as Partial<StoredToken>
    return owner === portal && typeof token === 'string' && token !== '' ? token : null
  } catch {
    return null
  }
}

export function rememberToken(
  portal: string,
  token: string,
  storage: SessionLike | null = sessionStore(),
): void {
  if (!storage) return
  try {
    if (token === '') storage.removeItem(KEY)
    else storage.setItem(KEY, JSON.stringify({ portal, token } satisfies StoredToken))
  } catch {
    // quota or disabled storage: the token simply stays in memory only
  }
}

export function forgetToken(storage: SessionLike | null = sessionStore()): void {
  try {
    storage?.removeItem(KEY)
  } catch {
    // nothing to forget
  }
}
