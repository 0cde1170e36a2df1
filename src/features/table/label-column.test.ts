import { describe, expect, it } from 'vitest'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { testTranslator } from '../../testing/i18n'
import { columnSpecs } from './columns-fns'
import { labelColumn } from './label-column'

const t = testTranslator(mainCatalogue)
const specs = (fields: CkanField[]) => columnSpecs(fields, t)

describe('the obvious label column', () => {
  it('is a text column the data dictionary or its id calls a name or a title', () => {
    const fields: CkanField[] = [
      { id: '_id', type: 'int' },
      { id: 'code', type: 'text' },
      { id: 'station_name', type: 'text' },
      { id: 'year', type: 'int' },
    ]
    expect(labelColumn(specs(fields), [])?.id).toBe('station_name')
    const described: CkanField[] = [
      { id: 'c1', type: 'text' },
      { id: 'c2', type: 'text', info: { label: 'Titre du jeu' } },
    ]
    expect(labelColumn(specs(described), [])?.id).toBe('c2')
  })

  it('else one of the first text columns whose short values name each record', () => {
    const fields: CkanField[] = [
      { id: 'state', type: 'text' },
      { id: 'city', type: 'text' },
      { id: 'population', type: 'int' },
    ]
    const records: CkanRecord[] = ['Chicago', 'Boston', 'Denver', 'Austin', 'Miami', 'Tampa'].map(
      (city, index) => ({ state: index % 2 ? 'IL' : 'TX', city, population: index }),
    )
    expect(labelColumn(specs(fields), records)?.id).toBe('city')
  })

  it('is none when no column names the records (numbers, repeated values, codes)', () => {
    const fields: CkanField[] = [
      { id: 'year', type: 'int' },
      { id: 'country', type: 'text' },
      { id: 'zip_code', type: 'text' },
    ]
    const records: CkanRecord[] = Array.from({ length: 10 }, (_, index) => ({
      year: 2000 + index,
      country: index % 2 ? 'DE' : 'FR',
      zip_code: String(10000 + index),
    }))
    expect(labelColumn(specs(fields), records)).toBeNull()
  })
})
