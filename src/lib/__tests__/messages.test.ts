import { afterEach, describe, expect, it } from 'vitest'

import { messages, setMessagesLocale, t } from '../messages'

afterEach(() => {
  setMessagesLocale('en')
  delete messages.fr
})

describe('messages', () => {
  it('keeps the English dictionary alphabetised, so merges stay simple', () => {
    const keys = Object.keys(messages.en)
    expect(keys).toEqual([...keys].sort())
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('ignored.unsupported', { name: 'offset' })).toBe(
      'The link parameter “offset” is not used by this explorer.',
    )
    expect(t('filters.clause', { field: 'a' })).toBe('a is {values}')
  })

  it('uses a later dictionary and falls back to English key by key', () => {
    messages.fr = { 'filters.clause': '{field} vaut {values}' }
    setMessagesLocale('fr-CA')
    expect(t('filters.clause', { field: 'pays', values: 'DE' })).toBe('pays vaut DE')
    expect(t('cell.empty')).toBe('(empty)')
  })
})
