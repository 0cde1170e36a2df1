// The English text of the record cards (features/cards), loaded with them: a wide screen never needs it.
import { defineCatalogue } from '../translate'

export const cardsCatalogue = defineCatalogue('cards', {
  'cards.list': 'Records',
  'cards.record': 'Record',
  'cards.loading': 'Loading…',
  'cards.failed': 'Some records could not be loaded.',
  'cards.retry': 'Try again',
})

export type CardsMessages = typeof cardsCatalogue.en
