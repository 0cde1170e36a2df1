// The record cards' code, shared by the view that shows them and the one that loads them early
// (beside the first page, on a screen where cards are the default).
import { atOnce } from '../components/ui/at-once'
import type { RecordsCards } from '../features/cards/records-cards'

// Whether the chunk has loaded is a fact about the page, the same for every explorer on it (as the
// chunk itself is), so it may live here.
// eslint-disable-next-line no-restricted-syntax -- set once, when the cards' chunk has loaded
let loaded: typeof RecordsCards | null = null

export const loadCards = () =>
  import('../features/cards/records-cards').then((module) => {
    loaded = module.RecordsCards
    return module.RecordsCards
  })

/**
 * For React.lazy: the cards render in the first page's own render when their code came first, not
 * in a second, time-sliced one after a fallback (measured in bench/cards-bench.ts).
 */
export const cardsComponent = atOnce(() => loaded, loadCards)
