import { defineMessages } from '../../components/ui/define-messages'

export const pickerText = defineMessages({
  heading: 'Choose a table',
  label: 'Table',
  placeholder: 'Search by name, or paste a resource id or link',
  hint: 'Type part of a name to search this portal, or paste a resource id, a resource page link or a datastore_search API link.',
  open: 'Open',
  searching: 'Searching…',
  noMatch: 'No table matches “{text}”. You can still paste a resource id.',
  searchFailed: 'This portal cannot list its tables by name. Paste a resource id or link instead.',
  recent: 'Recently opened',
  results: 'Tables on this portal',
  openTyped: 'Open “{text}” as a resource id or link',
  resultCount: '{count} tables found',
  resultCountOne: '1 table found',
  inDataset: 'in {title}',
  loadFailed:
    'This page could not load a part it needs to open a table. Check your connection, then try again.',
})
