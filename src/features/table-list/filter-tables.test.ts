import { describe, expect, it } from 'vitest'
import { matchesTableFilter, recentFirst } from './filter-tables'

const weather = {
  id: 'seattle-weather',
  name: 'Seattle weather, 2012–2015',
  datasetTitle: 'Weather in Seattle',
  description: 'Daily precipitation and temperatures',
}

describe('the list of tables, filtered as you type', () => {
  it('matches every word, in any case, in the name, dataset or description', () => {
    expect(matchesTableFilter(weather, 'seattle')).toBe(true)
    expect(matchesTableFilter(weather, 'DAILY temp')).toBe(true)
    expect(matchesTableFilter(weather, 'daily rainfall')).toBe(false)
    expect(matchesTableFilter(weather, '   ')).toBe(true)
  })

  it('ignores accents both ways', () => {
    const zurich = { id: 'z', name: 'Zürich districts' }
    expect(matchesTableFilter(zurich, 'zurich')).toBe(true)
    expect(matchesTableFilter({ id: 'z', name: 'Zurich districts' }, 'zür')).toBe(true)
  })

  it('puts recent tables first, once, with the catalogue’s fresher entry', () => {
    const listed = [{ id: 'a', name: 'A', rows: 3 }, weather]
    const recent = [{ id: 'seattle-weather', name: 'old name' }]
    expect(recentFirst(recent, listed).map((table) => [table.id, table.name])).toEqual([
      ['seattle-weather', weather.name],
      ['a', 'A'],
    ])
  })
})
