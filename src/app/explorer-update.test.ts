import { describe, expect, it } from 'vitest'
import { DEFAULT_STATE, type ExplorerState } from '../features/explorer-state/explorer-state'
import { applyUpdate, defaultHistoryMode, entryKindAfter, nextSearch } from './explorer-update'

const viewing: ExplorerState = {
  ...DEFAULT_STATE,
  resourceId: 'weather',
  q: 'rain',
  filters: { weather: ['rain'] },
  sort: [{ field: 'date', desc: true }],
  hidden: [],
  limit: 500,
}

describe('applyUpdate', () => {
  it('changing the table resets search, filters, sort and hidden columns, and keeps the limit', () => {
    expect(applyUpdate(viewing, { resourceId: 'penguins' })).toEqual({
      ...DEFAULT_STATE,
      resourceId: 'penguins',
      limit: 500,
    })
  })

  it('keeps values that come with the new table (a pasted API link)', () => {
    const next = applyUpdate(viewing, { resourceId: 'penguins', q: 'adelie', filters: { sex: ['FEMALE'] } })
    expect(next).toMatchObject({
      resourceId: 'penguins',
      q: 'adelie',
      filters: { sex: ['FEMALE'] },
      sort: [],
    })
  })

  it('changing the portal closes the table unless a new one is given', () => {
    expect(applyUpdate(viewing, { portal: 'https://other.example/en' })).toMatchObject({
      portal: 'https://other.example/en',
      resourceId: null,
      q: '',
      filters: {},
    })
    expect(applyUpdate(viewing, { portal: 'https://other.example/en', resourceId: 'x' }).resourceId).toBe('x')
  })

  it('other changes touch only what they name', () => {
    expect(applyUpdate(viewing, { q: 'sun' })).toEqual({ ...viewing, q: 'sun' })
    expect(applyUpdate(viewing, { resourceId: 'weather', limit: 100 })).toEqual({ ...viewing, limit: 100 })
  })
})

describe('defaultHistoryMode', () => {
  it('gives a typed search one entry: the first pause pushes, the next ones replace', () => {
    expect(defaultHistoryMode({ q: 'berl' }, 'other')).toBe('push')
    expect(defaultHistoryMode({ q: 'berlin' }, 'search')).toBe('replace')
  })

  it('pushes every discrete action', () => {
    expect(defaultHistoryMode({ filters: {} }, 'search')).toBe('push')
    expect(defaultHistoryMode({ q: '', filters: {} }, 'search')).toBe('push')
    expect(defaultHistoryMode({ sort: [] })).toBe('push')
  })

  it('remembers what made the entry', () => {
    expect(entryKindAfter({ q: 'a' }, 'push', 'other')).toBe('search')
    expect(entryKindAfter({ limit: 500 }, 'push', 'search')).toBe('other')
    expect(entryKindAfter({ hidden: [] }, 'replace', 'search')).toBe('search')
  })
})

describe('nextSearch', () => {
  it('returns the new search only when it differs', () => {
    expect(nextSearch('?resource_id=a', 'resource_id=a')).toBeNull()
    expect(nextSearch('', 'resource_id=a')).toBe('?resource_id=a')
    expect(nextSearch('?resource_id=a', '')).toBe('')
  })
})
