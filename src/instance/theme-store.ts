// The reader's choice of a light or dark page, kept for the tab (sessionStorage), like a remembered
// token: a link never carries it, and an embed takes its host's `theme` attribute instead.
import type { SessionLike } from './token-store'

export type Theme = 'light' | 'dark'

export interface ThemeStore {
  /** The theme chosen in this tab, or null to follow the system. */
  read(): Theme | null
  remember(theme: Theme | null): void
}

const KEY = 'dse.theme.v1'

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark'
}

/** The choice in the tab's sessionStorage (given by the entry; null: remembered nowhere). */
export function createSessionThemeStore(storage: SessionLike | null): ThemeStore {
  return {
    read() {
      try {
        const value = storage?.getItem(KEY)
        return isTheme(value) ? value : null
      } catch {
        return null
      }
    },
    remember(theme) {
      try {
        if (theme) storage?.setItem(KEY, theme)
        else storage?.removeItem(KEY)
      } catch {
        // storage full or disabled: the choice holds until the page reloads
      }
    },
  }
}

/** A store that remembers nothing beyond the page (an embed, tests). */
export function createMemoryThemeStore(initial: Theme | null = null): ThemeStore {
  let theme = initial
  return {
    read: () => theme,
    remember(next) {
      theme = next
    },
  }
}
