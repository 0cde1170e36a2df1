// A summary of every matching record of a view, as a query: cached per view and summary (the
// same view and summary are not read twice), cancelled when no one shows it any more (the view
// changed). While it runs, its data is the summary so far, with how many records were read of
// how many; the reader's Cancel keeps what was counted, and says so.
import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { CkanClient } from '../../api/ckan/ckan-client'
import { CkanError } from '../../api/ckan/errors'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { viewScope } from '../../api/ckan/view-stream'
import { createAggregator, type SummarySnapshot } from '../../lib/summary/aggregate'
import { summaryFields, type SummarySpec } from '../../lib/summary/summary-spec'
import { datastoreKeys } from '../datastore-keys'
import { viewSource, type ViewSource } from '../view-source'
import { openFold } from '../record-fold/fold-host'
import { foldView } from '../record-fold/fold-view'
import { SUMMARY_FOLD, summaryFolds, type SummaryFoldOptions } from './summary-folds'

export interface SummaryState {
  spec: SummarySpec
  snapshot: SummarySnapshot
  /** Records read so far (the snapshot holds as many, or a few fewer while it runs). */
  read: number
  /** Every matching record, once counted. */
  total: number | undefined
  status: 'running' | 'done' | 'cancelled' | 'failed'
  error?: unknown
  /** Where the records were folded: in a worker, or on the page (no worker could start). */
  where: 'worker' | 'page'
  /** How long the reading has run so far, in ms (for the time left). */
  elapsedMs: number
  /** While running: stops the reading; what was counted stays, labelled as such. */
  cancel?: () => void
}

/** What narrows the view (its search and filters), ordered by `_id` so that a resumed dump goes on where it stopped. */
export function summaryScope(view: SearchRequest): SearchRequest {
  return { ...viewScope(view), limit: 0, sort: [{ field: '_id', desc: false }] }
}

/** The CKAN type of each column the summary reads. */
export function summaryTypes(spec: SummarySpec, fields: readonly CkanField[]): Record<string, string> {
  const types: Record<string, string> = {}
  for (const id of summaryFields(spec)) {
    const field = fields.find((candidate) => candidate.id === id)
    Object.defineProperty(types, id, { value: field?.type ?? 'text', enumerable: true, writable: true })
  }
  return types
}

export function summaryKey(
  portal: Portal,
  view: SearchRequest,
  spec: SummarySpec,
  types: Record<string, string>,
) {
  return [...datastoreKeys.portal(portal), 'summary', summaryScope(view), spec, types] as const
}

const spawnSummaryWorker = () =>
  new Worker(new URL('./summary.worker.ts', import.meta.url), { type: 'module', name: 'summary' })

async function runSummary(
  api: CkanClient,
  portal: Portal,
  view: SearchRequest,
  options: SummaryFoldOptions,
  context: { signal: AbortSignal; client: QueryClient; queryKey: QueryKey },
): Promise<SummaryState> {
  const { signal, client, queryKey } = context
  const scope = summaryScope(view)
  // the records the table shows: an old portal's ranges applied by the browser, as the table's are
  let source: ViewSource
  try {
    source = await viewSource(api, portal, scope, client)
  } catch (error) {
    return {
      spec: options.spec,
      snapshot: createAggregator(options.spec, options.types).snapshot(),
      read: 0,
      total: undefined,
      status: 'failed',
      error,
      where: 'page',
      elapsedMs: 0,
    }
  }
  const stop = new AbortController()
  const stopped = AbortSignal.any([signal, stop.signal])
  const fold = await openFold<SummaryFoldOptions, SummarySnapshot>({
    kind: SUMMARY_FOLD,
    options,
    spawn: spawnSummaryWorker,
    loadFactories: async () => summaryFolds,
  })
  const startedAt = performance.now()
  const base = { spec: options.spec, where: fold.where }
  const show = (state: Omit<SummaryState, 'elapsedMs'>) => {
    if (!signal.aborted) client.setQueryData(queryKey, { ...state, elapsedMs: performance.now() - startedAt })
  }
  show({
    ...base,
    snapshot: createAggregator(options.spec, options.types).snapshot(),
    read: 0,
    total: undefined,
    status: 'running',
    cancel: () => stop.abort(),
  })
  const outcome = await foldView({
    portal,
    search: source.search,
    view: scope,
    fold,
    fields: summaryFields(options.spec),
    records: (snapshot) => snapshot.records,
    dump: source.dump ? 'csv' : null,
    signal: stopped,
    onProgress: (progress) =>
      show({
        ...base,
        snapshot: progress.snapshot,
        read: progress.done,
        total: progress.total,
        status: 'running',
        cancel: () => stop.abort(),
      }),
  })
  // the view changed (no one shows this summary any more): the query is dropped, not answered
  if (signal.aborted) throw new CkanError('aborted', 'The summary was left')
  const state: SummaryState = {
    ...base,
    elapsedMs: performance.now() - startedAt,
    snapshot: outcome.snapshot,
    read: outcome.snapshot.records,
    total: outcome.total,
    status: outcome.status,
  }
  if (outcome.status === 'failed') state.error = outcome.error
  return state
}

/**
 * Every matching record of `view`, summarised as `spec`. The data is set while the records come
 * (status 'running'); the query ends done, cancelled (by its `cancel`) or failed, with what it counted.
 */
export function summaryQueryOptions(
  api: CkanClient,
  portal: Portal,
  view: SearchRequest,
  spec: SummarySpec,
  fields: readonly CkanField[],
) {
  const types = summaryTypes(spec, fields)
  return queryOptions({
    queryKey: summaryKey(portal, view, spec, types),
    queryFn: ({ signal, client, queryKey }) =>
      runSummary(api, portal, view, { spec, types }, { signal, client, queryKey }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // a summary's groups are replaced whole: comparing them deeply would only cost time
    structuralSharing: false,
  })
}
