// The one record a warm-up view draws while the first page is on its way (laid out, never painted,
// focusable or exposed): the browser compiles the view's code and loads the fonts its text uses on
// first use, and doing that here keeps it out of the time between the first page's answer and the
// records on screen. The grid (features/table) and the cards (features/cards) both draw it.
import type { SearchRequest, SearchResult } from '../api/ckan/types'
import { DEFAULT_STATE, type ExplorerState } from './explorer-state'

export const WARM_UP_PAGE: SearchResult = {
  fields: [
    { id: 'name', type: 'text' },
    { id: 'count', type: 'int' },
    { id: 'share', type: 'numeric' },
    { id: 'day', type: 'date' },
    { id: 'null', type: 'text' },
    { id: 'json', type: 'json' },
  ],
  // every face the rows use: regular text and digits, bold headers, italic nulls, monospace JSON
  records: [
    {
      _id: 1,
      name: 'Warm-up ABCXYZ abcxyz',
      count: 1234567890,
      share: '0.5',
      day: '2024-01-02',
      null: null,
      json: { warm: [1, 2] },
    },
  ],
  total: 1,
  totalWasEstimated: false,
  offset: 0,
}
export const WARM_UP_REQUEST: SearchRequest = { resourceId: 'warm-up', limit: 1, includeTotal: true }
export const WARM_UP_STATE: ExplorerState = { ...DEFAULT_STATE, resourceId: 'warm-up' }
