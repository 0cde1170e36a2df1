// <datastore-explorer>: the explorer inside any page, loaded with one script tag. It renders in an
// open shadow root, keeps its view in memory (or, with `sync-url`, in the page's own URL), reads its
// table and view from attributes named like the link parameters, and tells the page about every change
// with a `change` event. It changes nothing outside itself: no window property, no history entry,
// no title, storage or cookie, no style on the host page.
import { createCkanClient, type CkanClient } from '../api/ckan/ckan-client'
import { readConfig } from '../instance/config'
import type { ExplorerEnvironment } from '../instance/environment'
import { createNoRecentStore } from '../instance/recent-store'
import { isTheme } from '../instance/theme-store'
import type { TokenStore } from '../instance/token-store'
import { createMemoryViewStore, createUrlViewStore, type ViewStore } from '../instance/view-store'
import { createWindowViewport } from '../instance/viewport'
import explorerCss from '../styles/explorer.css?url'
import {
  VIEW_ATTRIBUTES,
  viewFromAttributes,
  viewParameters,
  withAttribute,
  type ViewParameters,
} from './attributes'
import { mountInShadowRoot, type ShadowExplorer } from './mount'

/**
 * The element's own box, adopted at once (a linked stylesheet arrives later): it takes its height
 * from its first layout, so the host's content does not move while the explorer loads. The host's
 * inherited styles (font size, colour, direction, line height) stop here.
 */
const HOST_STYLES =
  ':host{all:initial;display:block;block-size:480px;contain:content}:host([hidden]){display:none}'

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

export class DatastoreExplorerElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return [...Object.keys(VIEW_ATTRIBUTES), 'picker', 'theme']
  }

  #explorer: ShadowExplorer | null = null
  #store: ElementViewStore | null = null
  #api: CkanClient = createCkanClient()
  #token = ''
  #generation = 0
  #viewport = createWindowViewport(window)

  connectedCallback(): void {
    if (this.#explorer) return
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    const hostStyles = new CSSStyleSheet()
    hostStyles.replaceSync(HOST_STYLES)
    shadow.adoptedStyleSheets = [hostStyles]
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
    this.#explorer = mountInShadowRoot(shadow, explorerCss)
    this.#render()
  }

  disconnectedCallback(): void {
    // moved elsewhere in the page: it is connected again at once, and keeps its explorer
    queueMicrotask(() => {
      if (this.isConnected || !this.#explorer) return
      this.#explorer.unmount()
      this.#explorer = null
    })
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value || !this.#store || !this.#explorer) return
    if (name === 'picker' || name === 'theme') this.#render()
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

  #render(): void {
    if (!this.#explorer || !this.#store) return
    const tokens: TokenStore = {
      read: () => (this.#token === '' ? null : this.#token),
      remember: () => {},
      forget: () => {},
    }
    const theme = this.getAttribute('theme')
    const environment: ExplorerEnvironment = {
      config: readConfig({ portal: `${EXPLORER_ORIGIN}/en` }, EXPLORER_ORIGIN),
      viewStore: this.#store,
      tokenStore: tokens,
      recentStore: createNoRecentStore(),
      api: this.#api,
      layout: 'embed',
      picker: this.hasAttribute('picker'),
      browserLanguages: navigator.languages,
      // `theme="dark"` or `"light"`; otherwise the host's system colours (prefers-color-scheme)
      ...(isTheme(theme) ? { theme } : {}),
      viewport: this.#viewport,
      onPreferredHeight: (height) =>
        this.dispatchEvent(new CustomEvent('preferredheightchange', { detail: { height } })),
    }
    this.#explorer.render(environment, this.#generation)
  }
}

// a second copy of this script (even from another URL) finds the element defined, and changes nothing
if (!customElements.get('datastore-explorer')) {
  customElements.define('datastore-explorer', DatastoreExplorerElement)
}
