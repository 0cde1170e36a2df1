import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import { fieldLabel, shownColumns, viewColumns } from '../fields'

const fields: CkanField[] = [
  { id: '_id', type: 'int' },
  { id: 'name', type: 'text', info: { label: ' Name ', notes: 'Place name' } },
  { id: '_full_text', type: 'tsvector' },
  { id: 'year', type: 'int4', info: { label: '', notes: 3 } },
  { id: 'name', type: 'text' },
  { id: '__proto__', type: 'text' },
]

describe('the columns of a view', () => {
  it('offers the fields in their order, without CKAN’s own columns or repeats, with the dictionary’s words', () => {
    expect(viewColumns(fields)).toEqual([
      { id: '_id', type: 'int' },
      { id: 'name', type: 'text', label: 'Name', notes: 'Place name' },
      { id: 'year', type: 'int4' },
      { id: '__proto__', type: 'text' },
    ])
  })

  it('shows the offered columns that are not hidden', () => {
    expect(shownColumns(fields, ['_id']).map((column) => column.id)).toEqual(['name', 'year', '__proto__'])
    expect(shownColumns(fields, ['name']).map((column) => column.id)).toEqual(['_id', 'year', '__proto__'])
    expect(shownColumns(fields, []).map((column) => column.id)).toEqual(['_id', 'name', 'year', '__proto__'])
  })

  it('puts the columns an order names first, in its order, and the others after them in the table’s', () => {
    const ids = (order: string[], hidden: string[] = []) =>
      shownColumns(fields, hidden, order).map((column) => column.id)
    expect(ids(['year', '__proto__'])).toEqual(['year', '__proto__', '_id', 'name'])
    // names the table does not have, CKAN's own columns and repeats change nothing
    expect(ids(['gone', 'year', '_full_text', 'year'])).toEqual(['year', '_id', 'name', '__proto__'])
    // a hidden column keeps its place for when it is shown again
    expect(ids(['__proto__', 'name'], ['name'])).toEqual(['__proto__', '_id', 'year'])
  })

  it('labels a field by its dictionary label, else by its id', () => {
    expect(fieldLabel(fields[1], 'name')).toBe('Name')
    expect(fieldLabel(fields[3], 'year')).toBe('year')
    expect(fieldLabel(undefined, 'x')).toBe('x')
  })
})
