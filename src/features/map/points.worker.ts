// The map's worker entry: folds the records it is sent into the map's points.
import { serveFolds, type FoldScope } from '../../queries/record-fold/fold-worker'
import { pointsFolds } from './points-fold'

serveFolds(self as unknown as FoldScope, pointsFolds)
