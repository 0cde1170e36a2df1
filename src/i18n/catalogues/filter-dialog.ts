// The English text of the filter dialog, loaded with it (it is not needed to show the first rows).
import { defineCatalogue } from '../translate'

export const filterDialogCatalogue = defineCatalogue('filterDialog', {
  'filterDialog.dialogTitle': 'Filter records',
  'filterDialog.editTitle': 'Change the filter on {field}',
  'filterDialog.field': 'Column to filter',
  'filterDialog.chooseField': 'Choose a column…',
  'filterDialog.condition': 'Keep records whose value is',
  'filterDialog.opAny': 'any of these values',
  'filterDialog.opBetween': 'between two numbers',
  'filterDialog.opAtLeast': 'at least',
  'filterDialog.opAtMost': 'at most',
  'filterDialog.opMoreThan': 'more than',
  'filterDialog.opLessThan': 'less than',
  'filterDialog.opBetweenDates': 'between two dates',
  'filterDialog.opOnOrAfter': 'on or after',
  'filterDialog.opOnOrBefore': 'on or before',
  'filterDialog.from': 'From',
  'filterDialog.to': 'To',
  'filterDialog.number': 'Number',
  'filterDialog.date': 'Date',
  'filterDialog.rangeHint': 'Both ends are included.',
  'filterDialog.rangeHintDates': 'Both days are included, whole.',
  'filterDialog.valuesHint':
    'Records that match any of the chosen values are kept. Filters on different columns must all match, and so must two filters on one column.',
  'filterDialog.typedHint': 'You can also type a comparison, such as >40, <=2014 or 10-20.',
  'filterDialog.readAs': 'Read as “{condition}”: check it, then apply.',
  'filterDialog.suggestions': 'Values in this column',
  'filterDialog.suggestionsLoading': 'Loading the values of this column…',
  'filterDialog.suggestionsFailed':
    'The values of this column could not be loaded. You can still type a value.',
  'filterDialog.suggestionsNone': 'No values to suggest.',
  'filterDialog.suggestionsMore':
    'Only the first {count} values are listed. Type a value to filter on another one.',
  'filterDialog.typeValue': 'Value to add',
  'filterDialog.typeBool': 'Value',
  'filterDialog.chooseBool': 'Choose…',
  'filterDialog.addValue': 'Add value',
  'filterDialog.chosen': 'Chosen values',
  'filterDialog.noneChosen': 'No value chosen yet.',
  'filterDialog.removeValue': 'Remove value {value}',
  'filterDialog.apply': 'Apply filter',
  'filterDialog.cancel': 'Cancel',
  'filterDialog.needField': 'Choose a column first.',
  'filterDialog.needValue': 'Choose or type at least one value.',
  'filterDialog.problemEmpty': 'Type a value first.',
  'filterDialog.problemNumber':
    'This column holds numbers: type a number such as 42 or 3.5, or a comparison such as >40 or 10-20.',
  'filterDialog.problemSeparator':
    'This number is not written as your language writes numbers: type it as 1234.5 or 1,234.5.',
  'filterDialog.problemOrder': 'The first end is after the second: swap them.',
  'filterDialog.problemDate': 'This column holds dates: use the date picker or type a date as 2024-01-31.',
  'filterDialog.problemBool': 'Choose true or false.',
  'filterDialog.true': 'true',
  'filterDialog.false': 'false',
  'filterDialog.count': { one: '1 record', other: '{count} records' },
})

export type FilterDialogMessages = typeof filterDialogCatalogue.en
