import { defineMessages } from '../../components/ui/define-messages'

export const limitText = defineMessages({
  label: 'Limit',
  all: 'All',
  custom: 'Custom…',
  customLabel: 'Custom limit',
  apply: 'Apply',
  invalid: 'Type a whole number of at least 1.',
})
