// The record cards' code, shared by the view that shows them and the one that loads them early.
import type { RecordsCards } from '../features/cards/records-cards'

type CardsModule = typeof import('../features/cards/records-cards')

let loaded: CardsModule | null = null

export const loadCards = () =>
  import('../features/cards/records-cards').then((module) => {
    loaded = module
    return module
  })

/**
 * The cards' component for React.lazy. When the code is in hand already (asked for beside the first
 * page), a thenable that calls back at once: React.lazy then renders the cards in the same render.
 * With a promise, even a settled one, the first render suspends, and the cards come in a second,
 * time-sliced render after the fallback, most of the way from the first page's answer to the first
 * cards on a phone (measured in bench/cards-bench.ts).
 */
export function cardsComponent(): Promise<{ default: typeof RecordsCards }> {
  const module = loaded
  if (!module) return loadCards().then((cards) => ({ default: cards.RecordsCards }))
  const now: PromiseLike<{ default: typeof RecordsCards }> = {
    then: (onFulfilled) => {
      const value = { default: module.RecordsCards }
      return Promise.resolve(onFulfilled ? onFulfilled(value) : value) as never
    },
  }
  // React.lazy only calls then(), and reads the module from the callback
  return now as Promise<{ default: typeof RecordsCards }>
}
