// Where a map's points come from: every record the view matches, only the columns the map needs,
// read as the summaries read theirs (record-fold: the view streamed by the one reader, the dump where
// the portal can say the view, pages otherwise, with retries; folded in a worker, or on the page in
// slices where none can start). The map sees only this small interface: the points that changed,
// as they come.
import type { Portal, SearchRequest } from '../../api/ckan/types'
import { viewScope } from '../../api/ckan/view-stream'
import { openFold } from '../../queries/record-fold/fold-host'
import { foldView } from '../../queries/record-fold/fold-view'
import type { ViewSource } from '../../queries/view-source'
import type { PointsDelta } from './point-set'
import { POINTS_FOLD, pointsFields, pointsFolds, type PointsFoldOptions } from './points-fold'

export interface PointProgress {
  /** The points that changed since the last progress. */
  delta: PointsDelta
  /** Records read so far. */
  read: number
  /** How many records the view matches, when known. */
  total: number | undefined
}

/** Reads every matching record's position, calling `onProgress` as points come; stops when `signal` aborts. */
export type PointSource = (
  options: PointsFoldOptions,
  onProgress: (progress: PointProgress) => void,
  signal: AbortSignal,
) => Promise<void>

const spawnPointsWorker = () =>
  new Worker(new URL('./points.worker.ts', import.meta.url), { type: 'module', name: 'points' })

/**
 * The view's points. `source`: how the view is read (the app's reading, which applies the filters an
 * old portal cannot in the browser, and whether the dump can say the view).
 */
export function foldPointSource(
  portal: Portal,
  view: SearchRequest,
  source: () => Promise<ViewSource>,
): PointSource {
  return async (options, onProgress, signal) => {
    // ordered by _id, so that a resumed dump goes on where it stopped
    const scope: SearchRequest = { ...viewScope(view), limit: 0, sort: [{ field: '_id', desc: false }] }
    const { search, dump } = await source()
    if (signal.aborted) return
    const fold = await openFold<PointsFoldOptions, PointsDelta>({
      kind: POINTS_FOLD,
      options,
      spawn: spawnPointsWorker,
      loadFactories: async () => pointsFolds,
    })
    const outcome = await foldView({
      portal,
      search,
      view: scope,
      fold,
      fields: pointsFields(options),
      records: (delta) => delta.records,
      dump: dump ? 'csv' : null,
      signal,
      onProgress: (progress) =>
        onProgress({ delta: progress.snapshot, read: progress.done, total: progress.total }),
    })
    if (outcome.status === 'failed') throw outcome.error
  }
}
