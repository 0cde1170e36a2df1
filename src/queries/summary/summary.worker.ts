// The summary worker's entry: folds the records it is sent into a summary's groups.
import { serveFolds, type FoldScope } from '../record-fold/fold-worker'
import { summaryFolds } from './summary-folds'

serveFolds(self as unknown as FoldScope, summaryFolds)
