import { defineMessages } from '../components/ui/define-messages'

export const appText = defineMessages({
  title: 'Datastore Explorer',
  dataFrom: 'Data from',
  resourceId: 'Resource id: {id}',
  inDataset: 'Dataset: {title}',
  noResourceTitle: 'Start by choosing a table',
  noResourceText: 'Search the portal’s tables by name above, or paste a resource id or a link to a table.',
  recentTitle: 'Recently opened on this portal',
  controls: 'Search and filters',
  addToken: 'Enter an API token',
  removeFilter: 'Remove the filter on {field}',
  removeSort: 'Remove the sort on {field}',
  clearSearch: 'Clear the search',
  backgroundError: 'The latest data could not be loaded, so what you see may be out of date: {title}',
  portalLocaleAdded: 'The portal address had no language segment, so “/en” was added: {url}',
  tokenDropped: 'The API token was forgotten because the portal changed.',
  loadingTable: 'Loading the table…',
  otherPortal: 'This link points to another portal: {host}',
})
