// One explorer instance's world: everything that was module state when the explorer was *the* page.
// Each mount (the standalone page, each embed) builds its own and gives it to <App>, so several
// explorers on one page share nothing: not their view, language, tokens, memory of portals or cache.
import { createContext, useContext } from 'react'
import type { CkanClient } from '../api/ckan/ckan-client'
import type { RuntimeConfig } from './config'
import type { RecentStore } from './recent-store'
import type { Theme, ThemeStore } from './theme-store'
import type { TokenStore } from './token-store'
import type { ViewStore } from './view-store'
import type { Viewport } from './viewport'

/**
 * A setting the host gave that was not applied, and why (an embed's attribute that is not part of the
 * view, such as `tiles`): the interface words it beside the view's own ignored parts (LinkNotice).
 */
export interface IgnoredSetting {
  reason: 'tiles.bad'
  value: string
}

export interface ExplorerEnvironment {
  config: RuntimeConfig
  /** The host's settings that were not applied (an embed's bad `tiles` attribute); absent: none. */
  ignoredSettings?: readonly IgnoredSetting[]
  /** Where the view lives: the page's URL (standalone) or memory (embed). */
  viewStore: ViewStore
  /** Tokens the user asked to remember for the tab (none for an embed). */
  tokenStore: TokenStore
  /** Recently opened tables (none for an embed). */
  recentStore: RecentStore
  /** The CKAN calls, with this instance's memory of its portals. */
  api: CkanClient
  /** The browser's languages, most preferred first: the interface speaks the first one it can. */
  browserLanguages?: readonly string[]
  /** Where a reader's light or dark choice is kept for the tab (none: it lasts as long as the page). */
  themeStore?: ThemeStore
  /** A theme the host fixes (an embed's `theme` attribute); otherwise the system's, or the reader's choice. */
  theme?: Theme
  /** Tells the host the title of what is shown, for its own page (the standalone page's <title>). */
  onTitle?(title: string): void
  /** Tells the host the interface language, to mark its own page (the standalone page's <html lang dir>). */
  onLanguage?(locale: string, dir: 'ltr' | 'rtl'): void
  /**
   * 'page': the standalone page, with the portal and token settings and the table chooser. 'embed':
   * a compact explorer inside a host page (no settings; the chooser only when `picker` is set).
   */
  layout: 'page' | 'embed'
  /** In an embed, whether the table chooser shows (the table is otherwise fixed by the host). */
  picker?: boolean
  /** Tells the host the height the explorer would like (its toolbar and up to 20 rows), when it changes. */
  onPreferredHeight?(height: number): void
  /** Tells the host that the first rows of a table are painted: once per table opened. */
  onReady?(ready: { resourceId: string; total: number | undefined }): void
  /** Tells the host that a table could not be shown (the explorer shows why). */
  onFailure?(failure: { error: unknown; resourceId: string | null }): void
  /** The browser window it is shown in (absent: none, as in server rendering). */
  viewport?: Viewport
  /**
   * The grid's row height (px) that a host's theme asks for (an embed's --datastore-explorer-row-height
   * and font size, rowHeightFor); absent: ROW_HEIGHT.
   */
  rowHeight?: number
}

/** Rendered as `<EnvironmentContext value={environment}>` around an instance's components. */
export const EnvironmentContext = createContext<ExplorerEnvironment | null>(null)

export function useEnvironment(): ExplorerEnvironment {
  const environment = useContext(EnvironmentContext)
  if (!environment) throw new Error('An explorer component was rendered outside its EnvironmentContext')
  return environment
}
