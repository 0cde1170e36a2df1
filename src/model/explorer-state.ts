import type { SortKey } from '../api/ckan/types'
import type { FilterCondition } from './filters'
import type { MapAt } from './map-at'
import type { ViewTab } from './view-tab'

/** One sort key (defined with the API types, where CKAN's sort syntax lives). */
export type { SortKey }

/** 'prefix': "berl" finds "Berlin" (sanitised tsquery with :*). 'plain': CKAN's own plainto_tsquery. */
export type SearchMode = 'prefix' | 'plain'

/** Number of records to show. 'all' loads every matching record, in windowed pages. */
export type Limit = number | 'all'

/** Everything that defines a view. The URL is its source of truth. */
export interface ExplorerState {
  /** Portal base URL when it differs from the configured default. */
  portal: string | null
  resourceId: string | null
  q: string
  searchMode: SearchMode
  /** Conditions that must all hold (one chip each), in display order: model/filters.ts. */
  filters: FilterCondition[]
  limit: Limit
  sort: SortKey[]
  /** Field ids the user hid. Default: `['_id']`, so an empty list means every column is shown. */
  hidden: string[]
  /**
   * The order the user gave the columns: these field ids first, in this order, then the others in the
   * table's order (model/fields.ts viewColumns). Default: empty, the portal's order.
   */
  columns: string[]
  /** Field ids kept in view at the grid's inline start while the rest scroll sideways, in their order. */
  pinned: string[]
  /** The interface language chosen in the link; null: the host's or the browser's. */
  lang: string | null
  /**
   * How the records are shown: the table, cards, the quick chart, a summary or a map (link: `view`);
   * null: as the screen suits (cards on a narrow one, else the table).
   */
  tab: ViewTab | null
  /**
   * The summary the reader chose, as the link says it (`group`, `show`: model/summary-link.ts); read
   * by the Summary tab, which loads the code that understands it. Empty: the table's first choices.
   */
  summary: { group: string; show: string }
  /**
   * The columns the map reads positions from, when the reader chose them (link: `place`): a latitude
   * and a longitude column, or one column of positions. Empty: the columns the explorer found.
   */
  place: string[]
  /** Where the map looks (link: `at`); null: around every point. */
  mapAt: MapAt | null
}

export const DEFAULT_LIMIT = 100

export const DEFAULT_STATE: ExplorerState = {
  portal: null,
  resourceId: null,
  q: '',
  searchMode: 'prefix',
  filters: [],
  limit: DEFAULT_LIMIT,
  sort: [],
  hidden: ['_id'],
  columns: [],
  pinned: [],
  lang: null,
  tab: null,
  summary: { group: '', show: '' },
  place: [],
  mapAt: null,
}
