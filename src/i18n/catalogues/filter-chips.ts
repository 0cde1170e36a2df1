// The English text of the active filters (chips and their sentence), loaded with them: a view opens
// without filters, and the first rows do not wait for this.
import { defineCatalogue } from '../translate'

export const filterChipsCatalogue = defineCatalogue('filterChips', {
  'filters.activeHeading': 'Active filters',
  'filters.showing': 'Showing records where {summary}.',
  /** A column that equals any of some values: "Country is Germany or France". */
  'filters.clause': '{field} is {values}',
  /** A column in a range: "elevation from 1,000 to 5,000", "date on or after Mar 1, 2014". */
  'filters.range': '{field} {range}',
  'filters.between': 'from {from} to {to}',
  'filters.atLeast': 'at least {value}',
  'filters.atMost': 'at most {value}',
  'filters.moreThan': 'more than {value}',
  'filters.lessThan': 'less than {value}',
  'filters.betweenDates': 'from {from} to {to}',
  'filters.onOrAfter': 'on or after {value}',
  'filters.onOrBefore': 'on or before {value}',
  'filters.after': 'after {value}',
  'filters.before': 'before {value}',
  /** Pasted filters the dialog cannot build: "either Country is Germany or year is 2013". */
  'filters.either': 'either {options}',
  'filters.group': '({clause})',
  'filters.noValue': '{field} is one of no value (no record passes)',
  'filters.unknownOperator': '{field} {operator} {value}',
  'filters.asSent': 'the filter {json}',
  'filters.remove': 'Remove filter {condition}',
  'filters.edit': 'Change filter {condition}',
  'filters.clearAll': 'Remove all filters',
  /** A latitude range and a longitude range drawn on the map, as one chip. */
  'filters.area': 'In the area you drew',
})

export type FilterChipsMessages = typeof filterChipsCatalogue.en
