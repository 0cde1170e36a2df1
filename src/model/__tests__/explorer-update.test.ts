import { describe, expect, it } from 'vitest'
import { DEFAULT_STATE, type ExplorerState } from '../explorer-state'
import { applyUpdate, defaultHistoryMode, keepUnchangedParts, nextSearch } from '../explorer-update'

const viewing: ExplorerState = {
  ...DEFAULT_STATE,
  resourceId: 'weather',
  q: 'rain',
  filters: [{ kind: 'values' as const, field: 'weather', values: ['rain'] }],
  sort: [{ field: 'date', desc: true }],
  hidden: [],
  columns: ['temp', 'date'],
  pinned: ['date'],
  limit: 500,
  place: ['north', 'east'],
  mapAt: { lat: 10, lon: 20, zoom: 5 },
}

describe('applyUpdate', () => {
  it('changing the table resets search, filters, sort, the columns’ arrangement and the map, and keeps the limit', () => {
    expect(applyUpdate(viewing, { resourceId: 'penguins' })).toEqual({
      ...DEFAULT_STATE,
      resourceId: 'penguins',
      limit: 500,
    })
  })

  it('keeps values that come with the new table (a pasted API link)', () => {
    const next = applyUpdate(viewing, {
      resourceId: 'penguins',
      q: 'adelie',
      filters: [{ kind: 'values', field: 'sex', values: ['FEMALE'] }],
    })
    expect(next).toMatchObject({
      resourceId: 'penguins',
      q: 'adelie',
      filters: [{ kind: 'values', field: 'sex', values: ['FEMALE'] }],
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
  it('replaces the entry while typing and pushes discrete actions', () => {
    expect(defaultHistoryMode({ q: 'berl' })).toBe('replace')
    expect(defaultHistoryMode({ filters: [] })).toBe('push')
    expect(defaultHistoryMode({ q: '', filters: [] })).toBe('push')
    expect(defaultHistoryMode({ sort: [] })).toBe('push')
  })
})

describe('nextSearch', () => {
  it('returns the new search only when it differs', () => {
    expect(nextSearch('resource_id=a', 'resource_id=a')).toBeNull()
    expect(nextSearch('?resource_id=a', 'resource_id=a')).toBeNull()
    expect(nextSearch('', 'resource_id=a')).toBe('resource_id=a')
    expect(nextSearch('resource_id=a', '')).toBe('')
  })
})

describe('keepUnchangedParts', () => {
  it('keeps the parts a sort did not change, so what depends on them is not recomputed', () => {
    const previous = { ...viewing, hidden: ['_id', 'notes'] }
    const sorted = {
      ...viewing,
      hidden: ['_id', 'notes'],
      filters: [{ kind: 'values' as const, field: 'weather', values: ['rain'] }],
      sort: [],
    }
    const next = keepUnchangedParts(previous, sorted)
    expect(next.hidden).toBe(previous.hidden)
    expect(next.filters).toBe(previous.filters)
    expect(next.sort).toEqual([])
    expect(next).not.toBe(previous)
  })

  it('gives back the previous state itself when nothing changed, and the new one when there is none', () => {
    const same = {
      ...viewing,
      filters: [{ kind: 'values' as const, field: 'weather', values: ['rain'] }],
      sort: [{ field: 'date', desc: true }],
    }
    expect(keepUnchangedParts(viewing, same)).toBe(viewing)
    expect(keepUnchangedParts(null, same)).toBe(same)
  })

  it('takes a changed part from the new state', () => {
    const next = keepUnchangedParts(viewing, { ...viewing, hidden: ['notes'], q: 'snow' })
    expect(next.hidden).toEqual(['notes'])
    expect(next.q).toBe('snow')
    expect(next.sort).toBe(viewing.sort)
  })
})
