import { defineMessages } from '../../components/ui/define-messages'

// The strings shown before the filter dialog opens (its button and the active filters). The dialog's
// own strings are in filter-dialog-messages.ts, loaded with the dialog (initial JS budget).
export const filterText = defineMessages({
  addFilter: 'Add filter',
  activeHeading: 'Active filters',
  showing: 'Showing records where {summary}.',
  remove: 'Remove filter {field}',
  edit: 'Change filter {field}',
  clearAll: 'Remove all filters',
})
