// The actions our server answers, by CKAN action name. The HTTP layer answers
// `"Bad request: Action name not known: <name>"` (2.11: `Bad request - …`) for anything else.
import { packageSearch, resourceShow } from './catalog.ts'
import { datastoreSearch, outcomeForError } from './datastore-search.ts'
import { statusShow } from './status-show.ts'
import type { ActionOutcome, DataDict, SearchContext } from './types.ts'

type Action = (data: DataDict, ctx: SearchContext) => Promise<ActionOutcome>

/** Wraps an action so a database failure becomes CKAN's error answer instead of a thrown error. */
function neverThrows(action: Action): Action {
  return async (data, ctx) => {
    try {
      return await action(data, ctx)
    } catch (error) {
      return outcomeForError(error)
    }
  }
}

export const actions: Record<string, Action> = {
  datastore_search: datastoreSearch,
  resource_show: neverThrows(resourceShow),
  package_search: neverThrows(packageSearch),
  status_show: statusShow,
}
