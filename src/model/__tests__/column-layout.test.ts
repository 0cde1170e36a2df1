import { describe, expect, it } from 'vitest'
import type { CkanField } from '../../api/ckan/types'
import {
  canMoveColumn,
  moveColumn,
  moveColumnTo,
  orderParameter,
  shownPosition,
  withColumnPinned,
  type ColumnLayout,
} from '../column-layout'
import { shownColumns } from '../fields'

const fields: CkanField[] = ['_id', 'city', 'country', 'year', 'pop', '__proto__'].map((id) => ({
  id,
  type: 'text',
}))
const start: ColumnLayout = { hidden: ['_id'], columns: [], pinned: [] }
const shown = (layout: ColumnLayout) =>
  shownColumns(fields, layout.hidden, layout.columns, layout.pinned).map((column) => column.id)
const apply = (layout: ColumnLayout, change: Partial<ColumnLayout> | null) => ({ ...layout, ...change })

describe('arranging the columns', () => {
  it('moves a column one place with the keyboard, and stops at the edges', () => {
    const once = apply(start, moveColumn(fields, start, 'year', -1))
    expect(shown(once)).toEqual(['city', 'year', 'country', 'pop', '__proto__'])
    const twice = apply(once, moveColumn(fields, once, 'year', -1))
    expect(shown(twice)).toEqual(['year', 'city', 'country', 'pop', '__proto__'])
    expect(moveColumn(fields, twice, 'year', -1)).toBeNull()
    expect(canMoveColumn(fields, twice, 'year', -1)).toBe(false)
    expect(canMoveColumn(fields, twice, '__proto__', 1)).toBe(false)
    expect(canMoveColumn(fields, twice, '__proto__', -1)).toBe(true)
  })

  it('steps over hidden columns, which keep their place for when they are shown again', () => {
    const layout = { ...start, hidden: ['_id', 'country'] }
    const moved = apply(layout, moveColumn(fields, layout, 'year', -1))
    expect(shown(moved)).toEqual(['year', 'city', 'pop', '__proto__'])
    expect(shown({ ...moved, hidden: ['_id'] })).toEqual(['year', 'city', 'country', 'pop', '__proto__'])
  })

  it('drops a dragged column before or after another', () => {
    const after = apply(start, moveColumnTo(fields, start, 'city', { target: 'pop', side: 'after' }))
    expect(shown(after)).toEqual(['country', 'year', 'pop', 'city', '__proto__'])
    const before = apply(
      after,
      moveColumnTo(fields, after, '__proto__', { target: 'country', side: 'before' }),
    )
    expect(shown(before)).toEqual(['__proto__', 'country', 'year', 'pop', 'city'])
    expect(moveColumnTo(fields, before, 'pop', { target: 'pop', side: 'before' })).toBeNull()
    expect(moveColumnTo(fields, before, 'pop', { target: 'city', side: 'before' })).toBeNull()
  })

  it('keeps a column in view first, and moves it only among the kept ones', () => {
    const pinned = apply(start, withColumnPinned(fields, start, 'pop', true))
    expect(shown(pinned)).toEqual(['pop', 'city', 'country', 'year', '__proto__'])
    const two = apply(pinned, withColumnPinned(fields, pinned, 'year', true))
    expect(shown(two)).toEqual(['pop', 'year', 'city', 'country', '__proto__'])
    expect(shown(apply(two, moveColumn(fields, two, 'year', -1)))).toEqual([
      'year',
      'pop',
      'city',
      'country',
      '__proto__',
    ])
    // the first column that scrolls cannot move in among the kept ones; a drop there lands at its edge
    expect(moveColumn(fields, two, 'city', -1)).toBeNull()
    const dropped = apply(two, moveColumnTo(fields, two, '__proto__', { target: 'pop', side: 'before' }))
    expect(shown(dropped)).toEqual(['pop', 'year', '__proto__', 'city', 'country'])
    // let go: it scrolls again, at its own place among the others
    expect(shown(apply(two, withColumnPinned(fields, two, 'pop', false)))).toEqual([
      'year',
      'city',
      'country',
      'pop',
      '__proto__',
    ])
  })

  it('says where a column is now, as a screen reader hears it', () => {
    const moved = apply(start, moveColumn(fields, start, 'pop', -1))
    expect(shownPosition(fields, moved, 'pop')).toEqual({ position: 3, count: 5 })
    expect(shownPosition(fields, moved, '_id')).toBeNull()
  })

  it('writes the shortest order that gives the arrangement (nothing for the table’s own)', () => {
    const natural = ['_id', 'city', 'country', 'year', 'pop', '__proto__']
    expect(orderParameter(fields, natural)).toEqual([])
    expect(orderParameter(fields, ['year', '_id', 'city', 'country', 'pop', '__proto__'])).toEqual(['year'])
    expect(orderParameter(fields, ['_id', 'city', 'pop', 'country', 'year', '__proto__'])).toEqual([
      '_id',
      'city',
      'pop',
    ])
    // moving a column back where it was gives the table's order again: a clean link
    const there = apply(start, moveColumn(fields, start, 'year', 1))
    expect(apply(there, moveColumn(fields, there, 'year', -1)).columns).toEqual([])
  })
})
