// The summaries' fold: what the summary worker runs, and what the page runs in slices where no
// worker can start. Kept apart from the worker's entry so that both load the same code.
import { createAggregator, type SummarySnapshot } from '../../lib/summary/aggregate'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import type { FoldFactories, RecordFold } from '../record-fold/fold-engine'

export const SUMMARY_FOLD = 'summary'

export interface SummaryFoldOptions {
  spec: SummarySpec
  /** The CKAN type of each column the summary reads. */
  types: Record<string, string>
}

export const summaryFolds: FoldFactories = {
  [SUMMARY_FOLD]: (options: SummaryFoldOptions): RecordFold<SummarySnapshot> =>
    createAggregator(options.spec, options.types),
}
