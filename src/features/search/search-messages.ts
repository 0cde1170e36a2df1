import { defineMessages } from '../../components/ui/define-messages'

export const searchText = defineMessages({
  label: 'Search',
  placeholder: 'Words to find in any column',
  wholeWords: 'Match whole words',
  hint: 'Finds records where a word starts with what you type.',
  hintWhole: 'Finds records containing these whole words.',
})
