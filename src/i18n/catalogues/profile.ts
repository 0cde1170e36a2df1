// The English text of a column's profile panel, loaded with it (not needed for the first rows).
import { defineCatalogue } from '../translate'

export const profileCatalogue = defineCatalogue('profile', {
  'profile.title': 'Profile of a column',
  'profile.column': 'Column',
  'profile.type': 'Type',
  'profile.records': 'Records',
  'profile.empty': 'Empty values',
  'profile.distinct': 'Different values',
  'profile.min': 'Smallest',
  'profile.max': 'Largest',
  'profile.earliest': 'Earliest',
  'profile.latest': 'Latest',
  'profile.mean': 'Mean',
  'profile.median': 'Median',
  'profile.exact': 'exact, over every matching record',
  'profile.sampled': 'from a sample of {sample} of {total} records',
  'profile.distribution': 'How the values spread',
  'profile.distributionSummary':
    '{count} values from {min} to {max} in {bins} groups; the fullest group, from {from} to {to}, holds {most}.',
  'profile.rangeGroup': 'Filter {column} on a range',
  'profile.rangeBar': {
    one: '{from} to {to}: 1 value. Filter on this range',
    other: '{from} to {to}: {count} values. Filter on this range',
  },
  'profile.rangeHint': 'Choose a bar to filter on its range, or drag across bars for a wider one.',
  'profile.topValues': 'Most frequent values',
  'profile.filterOn': 'Filter on {value}',
  'profile.measuring': 'Measuring…',
  'profile.failed': 'Could not be measured',
  'profile.noValues': 'This column has no values here.',
  'profile.share': '{count} ({percent})',
  'profile.stripEmpty': '{percent} empty',
  'profile.stripRange': '{column}: {empty} empty; values from {min} to {max} ({how}).',
  'profile.stripTop': '{column}: {empty} empty; most frequent values: {values} ({how}).',
  'profile.stripNone': '{column}: {empty} empty ({how}).',
  'profile.stripFailed': 'No overview',
})

export type ProfileMessages = typeof profileCatalogue.en
