import { describe, expect, it } from 'vitest'
import { offeredTabs, viewTabIds } from './view-tabs'

describe('the tabs a table offers', () => {
  it('offers the Map only for a table with places, and Cards only where a row does not fit', () => {
    expect(offeredTabs(false, false)).toEqual(['table', 'chart', 'summary'])
    expect(offeredTabs(true, false)).toEqual(['table', 'chart', 'summary', 'map'])
    expect(offeredTabs(false, true)).toEqual(['table', 'cards', 'chart', 'summary'])
  })

  it('keeps Cards on a wide screen when the link asks for them', () => {
    expect(offeredTabs(false, false, 'cards')).toEqual(['table', 'cards', 'chart', 'summary'])
  })

  it('ties each tab to the one panel by ids of its own', () => {
    const ids = viewTabIds('v1')
    expect(new Set([ids.table, ids.cards, ids.chart, ids.summary, ids.map, ids.panel]).size).toBe(6)
  })
})
