import { defineMessages } from './define-messages'

export const uiText = defineMessages({
  close: 'Close',
  details: 'Technical details',
  dismiss: 'Dismiss',
  loading: 'Loading…',
  retry: 'Try again',
  crashTitle: 'This part of the page stopped working',
  crashAction: 'Something unexpected happened while showing the data. Try again, or reload the page.',
})
