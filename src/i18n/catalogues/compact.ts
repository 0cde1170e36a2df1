// The English text of the compact layout's own controls (the header's Menu, the Filters button and its
// sheet), loaded with them: a wide screen never needs it.
import { defineCatalogue } from '../translate'

export const compactCatalogue = defineCatalogue('compact', {
  'app.menu': 'Menu',
  'app.options': 'Filters',
  'app.optionsName': {
    one: 'Filters and options, 1 filter active',
    other: 'Filters and options, {count} filters active',
  },
  'app.optionsTitle': 'Filters and options',
  'app.optionsDone': 'Show the records',
})

export type CompactMessages = typeof compactCatalogue.en
