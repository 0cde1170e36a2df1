// The <datastore-explorer> element as a host page's code sees it: its attributes, properties,
// methods and events. Types only, with no import, so that this one file is also the type declaration
// of the npm package (scripts/pack-element.ts compiles it into the package's index.d.ts). The element
// class implements `DatastoreExplorer` (checked in datastore-explorer.ts), so the two cannot drift.

/**
 * The view in the link parameters' names and syntax (README, "Link parameters"): the `change` event's
 * detail and `element.view`. Only the parts in use are present; a later release may add parameters.
 */
export interface DatastoreExplorerView {
  resource_id?: string
  q?: string
  /** JSON, as in a CKAN GET: `{"country":["DE","UK"],"year":2013}`. */
  filters?: string
  /** A whole number, or `all`. */
  limit?: string
  /** CKAN's sort syntax: `year desc, "city name"`. */
  sort?: string
  /** Hidden columns, comma-separated (names with commas quoted). */
  hidden?: string
  /** `plain` for the portal's whole-word search. */
  search?: string
  /** The tab shown: `table` (left out), `chart` or `summary`. */
  view?: string
  /** The summary's grouping: `country`, `founded:month,country`, `population:1000000`. */
  group?: string
  /** The summary's figures: `count,sum:population`. */
  show?: string
  [parameter: string]: string | undefined
}

/** The `ready` event's detail: the first rows of a table are on screen. */
export interface DatastoreExplorerReadyDetail {
  resource_id: string
  /** The matching records as the portal counts them, or null when it does not say. */
  total: number | null
}

/**
 * What went wrong, as the explorer tells it apart. The first three are CKAN's own errors (`type` names
 * them); the others are failures around the portal.
 */
export type DatastoreExplorerErrorKind =
  | 'not-found'
  | 'forbidden'
  | 'validation'
  | 'timeout'
  | 'invalid-query'
  | 'bad-request'
  | 'server'
  | 'slow-portal'
  | 'not-ckan'
  | 'broken-answer'
  | 'network'
  | 'cors'
  | 'proxy-refused'
  | 'contract'
  /** The view has range filters and the portal (CKAN before 2.12) cannot apply them. */
  | 'operators-unsupported'

/** The `error` event's detail: the table could not be shown (the explorer says why, in its own words). */
export interface DatastoreExplorerErrorDetail {
  kind: DatastoreExplorerErrorKind
  /** CKAN's `__type` for its own errors (`Not Found Error`, `Authorization Error`, `Validation Error`…), else null. */
  type: string | null
  /** The HTTP status of the portal's answer, when there was one. */
  status: number | null
  /** The portal's message, or a short technical one (for a log: the reader sees the explorer's). */
  message: string
  resource_id: string | null
}

/** The element's own events, beside an element's usual ones (its `error` is not a script's ErrorEvent). */
export interface DatastoreExplorerEventMap extends Omit<HTMLElementEventMap, 'change' | 'error'> {
  /** The reader changed the view (it bubbles out of the element). */
  change: CustomEvent<DatastoreExplorerView>
  /** The first rows of a table are shown: once per table opened. */
  ready: CustomEvent<DatastoreExplorerReadyDetail>
  /** The table could not be shown. */
  error: CustomEvent<DatastoreExplorerErrorDetail>
  /** The height the explorer would like (its toolbar and up to 20 rows), in CSS pixels. */
  preferredheightchange: CustomEvent<{ height: number }>
}

/** The element's attributes, by name (all strings; `picker` and `sync-url` count by being present). */
export interface DatastoreExplorerAttributes {
  portal?: string
  'resource-id'?: string
  q?: string
  filters?: string
  limit?: string
  sort?: string
  search?: string
  'hidden-columns'?: string
  /** The tab shown first: `table`, `chart` or `summary`. */
  view?: 'table' | 'chart' | 'summary'
  /** The summary's grouping, as the link's `group`. */
  group?: string
  /** The summary's figures, as the link's `show`. */
  show?: string
  locale?: string
  theme?: 'light' | 'dark'
  /** The map's tiles: a URL template with `{z}`, `{x}` and `{y}`, or `none`; default: OpenStreetMap's. */
  tiles?: string
  /** The element's height when the page's CSS sets none: pixels (`600`) or a CSS length (`70vh`). */
  height?: string
  picker?: '' | boolean
  'sync-url'?: '' | boolean
}

export interface DatastoreExplorer extends HTMLElement {
  /** The view, in the link parameters' names (as the `change` event's detail). */
  readonly view: DatastoreExplorerView
  /** An API token for the portal's private tables: a property only, never an attribute, sent only to the portal. */
  token: string
  /** Back to the view the attributes describe: the reader's search, filters, sort and columns are undone. */
  reset(): void
  /** Moves the keyboard focus to the records (for a skip link); false when no records are shown yet. */
  focusGrid(): boolean
  addEventListener<K extends keyof DatastoreExplorerEventMap>(
    type: K,
    listener: (this: DatastoreExplorer, event: DatastoreExplorerEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void
  removeEventListener<K extends keyof DatastoreExplorerEventMap>(
    type: K,
    listener: (this: DatastoreExplorer, event: DatastoreExplorerEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void
}

export interface DatastoreExplorerConstructor {
  new (): DatastoreExplorer
  readonly prototype: DatastoreExplorer
  /** The release of the explorer this element comes from, e.g. `0.1.0`. */
  readonly version: string
}

declare global {
  interface HTMLElementTagNameMap {
    'datastore-explorer': DatastoreExplorer
  }
}
