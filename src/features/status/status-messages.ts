import { defineMessages } from '../../components/ui/define-messages'

export const statusText = defineMessages({
  range: '{from}–{to} of {total} records',
  rangeEstimated: '{from}–{to} of about {total} records',
  rangeUnknown: '{from}–{to} records',
  none: 'No records match',
  one: '1 record',
  all: 'All {total} records',
  loading: 'Loading records…',
  updating: 'Updating…',
  estimatedHint: 'The portal estimated the total: counting exactly would be slow on a table this large.',
  ignoredTitle: 'Some parts of the link were ignored:',
})
