// <datastore-explorer>: the explorer inside any page, loaded with one script tag. It renders in an
// open shadow root, keeps its view in memory (or, with `sync-url`, in the page's own URL), reads its
// table and view from attributes named like the link parameters, and tells the page about every change
// with a `change` event, and when its first rows are shown or a table fails with `ready` and `error`.
// It changes nothing outside itself: no window property, no history entry, no title, storage or
// cookie, no style on the host page. Its public surface is typed in public-api.ts.
import { version } from '../../package.json'
import { createCkanClient, type CkanClient } from '../api/ckan/ckan-client'
import { focusGrid } from '../app/focus-grid'
import { ROW_HEIGHT } from '../features/table/grid-geometry'
import { readConfig } from '../instance/config'
import type { ExplorerEnvironment } from '../instance/environment'
import { createNoRecentStore } from '../instance/recent-store'
import { isTheme } from '../instance/theme-store'
import type { TokenStore } from '../instance/token-store'
import { createMemoryViewStore, createUrlViewStore, type ViewStore } from '../instance/view-store'
import { createWindowViewport } from '../instance/viewport'
import {
  VIEW_ATTRIBUTES,
  viewFromAttributes,
  viewParameters,
  withAttribute,
  type ViewParameters,
} from '../model/view-attributes'
import { errorDetail, readyDetail } from './host-events'
import { DEFAULT_HEIGHT, heightLength, hostStyles } from './host-styles'
import { hostColourValues, hostRowHeight, PROBE_FONT_SIZE, watchHostTheme } from './host-theme'
import { explorerStylesheet } from './explorer-stylesheet'
import { mountInShadowRoot, type ShadowExplorer } from './mount'
import { readTilesAttribute } from './tiles-attribute'
import type { DatastoreExplorer as DatastoreExplorerApi, DatastoreExplorerConstructor } from './public-api'
import type { Scheme } from './theme'

/** The explorer's own origin: where this script came from, and the default portal (its server). */
const EXPLORER_ORIGIN = new URL(import.meta.url).origin

/** A view store that also lets the element set the view itself (an attribute changed): no `change` event then. */
interface ElementViewStore extends ViewStore {
  setFromHost(search: string): void
}

function memoryStore(initial: string, onUserChange: (search: string) => void): ElementViewStore {
  const store = createMemoryViewStore(initial, onUserChange)
  return { ...store, setFromHost: store.replace }
}

/** The host's own URL, mirrored (the `sync-url` opt-in); its existing link parameters win at start. */
function urlStore(initial: string, onUserChange: (search: string) => void): ElementViewStore {
  const store = createUrlViewStore(window)
  if (store.read() === '' && initial !== '') store.write(initial, 'replace')
  return {
    ...store,
    write(search, mode) {
      store.write(search, mode)
      onUserChange(search)
    },
    setFromHost: (search) => store.write(search, 'replace'),
  }
}

export class DatastoreExplorerElement extends HTMLElement implements DatastoreExplorerApi {
  /** The release this element comes from (the package's version). */
  static readonly version: string = version

  static get observedAttributes(): string[] {
    // `class` and `style`: a page may set the theme's custom properties through them
    return [...Object.keys(VIEW_ATTRIBUTES), 'picker', 'theme', 'tiles', 'height', 'class', 'style']
  }

  #explorer: ShadowExplorer | null = null
  #store: ElementViewStore | null = null
  #api: CkanClient = createCkanClient()
  #token = ''
  #generation = 0
  #hostStyles: CSSStyleSheet | null = null
  /** The explorer's colours from the host's theme properties (empty when it sets none). */
  #themeStyles: CSSStyleSheet | null = null
  #themeRule = ''
  /** Counts the theme's readings: a late answer of an older one is dropped. */
  #themeSerial = 0
  /** The light or dark scheme the host's background calls for, when it sets one. */
  #hostScheme: Scheme | null = null
  #stopWatchingTheme: (() => void) | null = null
  /** The grid's row height from the host's --datastore-explorer-row-height and font size. */
  #rowHeight = ROW_HEIGHT
  #probe: HTMLElement | null = null
  #viewport = createWindowViewport(window)

  connectedCallback(): void {
    // a token set before this script defined the element is an own property that hides the setter
    if (Object.hasOwn(this, 'token')) {
      const early = (this as { token?: unknown }).token
      delete (this as { token?: unknown }).token
      this.token = typeof early === 'string' ? early : ''
    }
    if (this.#explorer) return
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    this.#hostStyles ??= new CSSStyleSheet()
    this.#themeStyles ??= new CSSStyleSheet()
    this.#applyHeight()
    shadow.adoptedStyleSheets = [this.#hostStyles, this.#themeStyles]
    const onUserChange = (search: string) =>
      this.dispatchEvent(
        new CustomEvent<ViewParameters>('change', {
          bubbles: true,
          composed: true,
          detail: viewParameters(search),
        }),
      )
    this.#store ??= this.hasAttribute('sync-url')
      ? urlStore(viewFromAttributes(this), onUserChange)
      : memoryStore(viewFromAttributes(this), onUserChange)
    this.#explorer = mountInShadowRoot(shadow, explorerStylesheet)
    // never shown: the browser resolves the host's colours, and the explorer's font size, on it
    this.#probe = document.createElement('span')
    this.#probe.hidden = true
    this.#probe.style.fontSize = PROBE_FONT_SIZE
    shadow.append(this.#probe)
    // read before the first render, which follows
    this.#rowHeight = hostRowHeight(this.#probe)
    this.#applyTheme()
    this.#stopWatchingTheme = watchHostTheme(this, () => this.#applyTheme())
    this.#render()
  }

  disconnectedCallback(): void {
    // moved elsewhere in the page: it is connected again at once, and keeps its explorer
    queueMicrotask(() => {
      if (this.isConnected || !this.#explorer) return
      this.#explorer.unmount()
      this.#explorer = null
      this.#stopWatchingTheme?.()
      this.#stopWatchingTheme = null
      this.#probe?.remove()
      this.#probe = null
    })
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value || !this.#store || !this.#explorer) return
    if (name === 'height') this.#applyHeight()
    else if (name === 'class' || name === 'style') this.#applyTheme()
    else if (name === 'theme') {
      this.#applyTheme()
      this.#render()
    } else if (name === 'picker' || name === 'tiles') this.#render()
    // another table: a fresh view of it, from the attributes given
    else if (name === 'resource-id') this.#store.setFromHost(viewFromAttributes(this))
    else this.#store.setFromHost(withAttribute(this.#store.read(), name, value))
  }

  /** The view, in the link parameters' names and syntax (as the `change` event's detail). */
  get view(): ViewParameters {
    return viewParameters(this.#store?.read() ?? viewFromAttributes(this))
  }

  /** An API token for the portal's private tables: a property only, never an attribute, sent only to the portal. */
  set token(value: string) {
    const token = typeof value === 'string' ? value.trim() : ''
    if (token === this.#token) return
    this.#token = token
    // a new explorer session (and query cache) with the token: answers cached without it may differ
    this.#generation++
    if (this.#explorer) this.#render()
  }

  get token(): string {
    return this.#token
  }

  /** Back to the view the attributes describe (the table too, when the reader picked another). */
  reset(): void {
    this.#store?.setFromHost(viewFromAttributes(this))
  }

  /** Moves the keyboard focus to the records, for a skip link; false when none are shown yet. */
  focusGrid(): boolean {
    return focusGrid(this.shadowRoot)
  }

  /**
   * The explorer's colours from the host's `--datastore-explorer-*` colours (theme.ts keeps every pair
   * AA), in a stylesheet of the shadow root; and, when the host gives a background, its light or dark
   * scheme (unless the `theme` attribute names one).
   */
  #applyTheme(): void {
    // the rows' height, at once: it is cheap, and a new one makes a new grid (the embed re-renders)
    const rowHeight = this.#probe ? hostRowHeight(this.#probe) : this.#rowHeight
    if (rowHeight !== this.#rowHeight) {
      this.#rowHeight = rowHeight
      this.#render()
    }
    const values = hostColourValues(this)
    const serial = ++this.#themeSerial
    if (Object.keys(values).length === 0) return this.#setTheme('', null)
    const attribute = this.getAttribute('theme')
    const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches
    const scheme: Scheme = isTheme(attribute) ? attribute : systemDark ? 'dark' : 'light'
    // the colour arithmetic loads only for a page that sets colours
    void import('./host-theme-rule').then(({ hostThemeRule }) => {
      if (serial !== this.#themeSerial || !this.#probe) return
      const theme = hostThemeRule(values, this.#probe, scheme, ':host .dse-root.dse-root--embed')
      this.#setTheme(theme.rule, theme.scheme)
    })
  }

  #setTheme(rule: string, scheme: Scheme | null): void {
    if (rule !== this.#themeRule) {
      this.#themeRule = rule
      this.#themeStyles?.replaceSync(rule)
    }
    if (scheme !== this.#hostScheme) {
      this.#hostScheme = scheme
      this.#render()
    }
  }

  #applyHeight(): void {
    this.#hostStyles?.replaceSync(hostStyles(heightLength(this.getAttribute('height')) ?? DEFAULT_HEIGHT))
  }

  #render(): void {
    if (!this.#explorer || !this.#store) return
    const tokens: TokenStore = {
      read: () => (this.#token === '' ? null : this.#token),
      remember: () => {},
      forget: () => {},
    }
    const theme = this.getAttribute('theme')
    const tiles = readTilesAttribute(this.getAttribute('tiles'))
    const environment: ExplorerEnvironment = {
      config: { ...readConfig({ portal: `${EXPLORER_ORIGIN}/en` }, EXPLORER_ORIGIN), ...tiles.config },
      ...(tiles.ignored ? { ignoredSettings: [tiles.ignored] } : {}),
      viewStore: this.#store,
      tokenStore: tokens,
      recentStore: createNoRecentStore(),
      api: this.#api,
      layout: 'embed',
      picker: this.hasAttribute('picker'),
      browserLanguages: navigator.languages,
      // `theme="dark"` or `"light"`; else the scheme of the background the host's theme gives;
      // otherwise the host's system colours (prefers-color-scheme)
      ...(isTheme(theme) ? { theme } : this.#hostScheme ? { theme: this.#hostScheme } : {}),
      viewport: this.#viewport,
      rowHeight: this.#rowHeight,
      onPreferredHeight: (height) =>
        this.dispatchEvent(new CustomEvent('preferredheightchange', { detail: { height } })),
      // like a media element's load and error, these do not bubble: listen on the element
      onReady: ({ resourceId, total }) =>
        this.dispatchEvent(new CustomEvent('ready', { detail: readyDetail(resourceId, total) })),
      onFailure: ({ error, resourceId }) =>
        this.dispatchEvent(new CustomEvent('error', { detail: errorDetail(error, resourceId) })),
    }
    this.#explorer.render(environment, this.#generation)
  }
}

/** The element's class, as a host's code names it: `DatastoreExplorer.version`. */
export const DatastoreExplorer = DatastoreExplorerElement satisfies DatastoreExplorerConstructor

// a second copy of this script (even from another URL) finds the element defined, and changes nothing
if (!customElements.get('datastore-explorer')) {
  customElements.define('datastore-explorer', DatastoreExplorerElement)
}
