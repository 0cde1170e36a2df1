// The props of the React component of the npm package (`datastore-explorer-element/react`), for a
// host that has React 19 already: the element, rendered with the host's React. Types only; compiled
// into the package's type declarations with public-api.ts.
import type { CSSProperties, Ref } from 'react'
import type {
  DatastoreExplorer,
  DatastoreExplorerErrorDetail,
  DatastoreExplorerReadyDetail,
  DatastoreExplorerView,
} from './public-api.js'

export interface DatastoreExplorerProps {
  /** The portal's address, ending in its language: `https://open.canada.ca/data/en`. */
  portal?: string
  /** The table. Changing it opens that table afresh, with the other props given. */
  resourceId?: string
  q?: string
  /** JSON, as in a CKAN GET: `{"country":["DE","UK"]}`. */
  filters?: string
  /** A whole number, or `all`. */
  limit?: string
  /** CKAN's sort syntax: `year desc`. */
  sort?: string
  /** `plain` for the portal's whole-word search. */
  search?: string
  /** Columns to hide, comma-separated. */
  hiddenColumns?: string
  /** `en`, `fr`, `he` or `ar`. */
  locale?: string
  theme?: 'light' | 'dark'
  /** The map's tiles: a URL template with `{z}`, `{x}` and `{y}`, or `none`; default: OpenStreetMap's. */
  tiles?: string
  /** Pixels (`600`) or a CSS length (`70vh`), when the page's CSS sets no height. */
  height?: string
  /** Show the table chooser. */
  picker?: boolean
  /** Mirror the view in the page's address. */
  syncUrl?: boolean
  /** An API token for private tables: given to the element as a property, sent only to the portal. */
  token?: string
  className?: string
  style?: CSSProperties
  onChange?: (event: CustomEvent<DatastoreExplorerView>) => void
  onReady?: (event: CustomEvent<DatastoreExplorerReadyDetail>) => void
  onError?: (event: CustomEvent<DatastoreExplorerErrorDetail>) => void
  ref?: Ref<DatastoreExplorer>
}
