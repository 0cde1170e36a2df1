// The worker's side of a fold: what a fold worker's entry file runs with its kinds of folds
// (summary.worker.ts). Each message is folded to its end before the next is read, so answers come
// in the order asked.
import { createFoldEngine, type FoldEngine, type FoldFactories } from './fold-engine'
import type { FromWorker, ToWorker } from './fold-protocol'

/** The part of a worker's global scope a fold uses (a test passes its own). */
export interface FoldScope {
  postMessage(message: FromWorker): void
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void
}

export function serveFolds(scope: FoldScope, factories: FoldFactories): void {
  let engine: FoldEngine | null = null
  let fold: { snapshot(): unknown } | null = null
  scope.addEventListener('message', (event) => {
    const message = event.data
    try {
      if (message.type === 'open') {
        const make = factories[message.kind]
        if (!make) throw new Error(`No fold of kind ${message.kind}`)
        const opened = make(message.options as never)
        fold = opened
        engine = createFoldEngine(opened)
        scope.postMessage({ type: 'ready' })
        return
      }
      if (!engine || !fold) throw new Error('No fold is open')
      const folding = engine
      switch (message.type) {
        case 'snapshot':
          scope.postMessage({ type: 'snapshot', id: message.id, snapshot: fold.snapshot() })
          return
        case 'begin':
          folding.begin()
          break
        case 'end':
          folding.end((answer) => scope.postMessage({ type: 'ended', id: message.id, answer }))
          break
        case 'bytes':
          folding.bytes(message.bytes)
          break
        case 'rows':
          folding.rows(message.rows)
          break
      }
      folding.work(Number.POSITIVE_INFINITY)
      if (message.type === 'bytes' || message.type === 'rows')
        scope.postMessage({ type: 'folded', size: message.size, answered: folding.answered })
    } catch (error) {
      scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  })
}
