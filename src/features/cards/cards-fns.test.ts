import { describe, expect, it } from 'vitest'
import type { ViewColumn } from '../../model/fields'
import { cardFields, cardWindow, labelColumn, MAX_CARDS_SCROLL_HEIGHT } from './cards-fns'

const column = (id: string, type = 'text', label?: string): ViewColumn => ({
  id,
  type,
  ...(label ? { label } : {}),
})

describe('labelColumn', () => {
  it('starts a card with the column that names the record', () => {
    const columns = [column('code'), column('population', 'int'), column('city_name'), column('title')]
    expect(labelColumn(columns)?.id).toBe('city_name')
  })

  it('reads the data dictionary label too, and falls back to the first text column, then the first', () => {
    expect(labelColumn([column('a', 'int'), column('x', 'text', 'Nom de la commune')])?.id).toBe('x')
    expect(labelColumn([column('n', 'int'), column('code'), column('other')])?.id).toBe('code')
    expect(labelColumn([column('n', 'int'), column('m', 'numeric')])?.id).toBe('n')
    expect(labelColumn([])).toBeUndefined()
  })

  it('does not take a word that only contains "name"', () => {
    expect(labelColumn([column('code'), column('rename_count')])?.id).toBe('code')
  })
})

describe('cardFields', () => {
  it('follows the view order without the label column, up to the limit', () => {
    const columns = ['a', 'b', 'name', 'c', 'd'].map((id) => column(id))
    expect(cardFields(columns, columns[2], 3).map((c) => c.id)).toEqual(['a', 'b', 'c'])
  })
})

describe('cardWindow', () => {
  it('draws the cards on screen and a few beyond', () => {
    const window = cardWindow(1000, 50, 500, 400, 3)
    expect([window.firstVisible, window.lastVisible]).toEqual([10, 17])
    expect([window.first, window.last]).toEqual([7, 20])
    expect(window.firstTop).toBe(350)
    expect(window.scrollHeight).toBe(50_000)
  })

  it('caps the scroll space of a million cards and still reaches the last one', () => {
    const count = 1_000_000
    const atEnd = cardWindow(count, 50, MAX_CARDS_SCROLL_HEIGHT, 500, 2)
    expect(atEnd.scrollHeight).toBe(MAX_CARDS_SCROLL_HEIGHT)
    expect(atEnd.lastVisible).toBe(count - 1)
    expect(atEnd.last - atEnd.first).toBeLessThan(40)
    const middle = cardWindow(count, 50, (MAX_CARDS_SCROLL_HEIGHT - 500) / 2, 500, 2)
    expect(Math.abs(middle.firstVisible - (count - 10) / 2)).toBeLessThanOrEqual(1)
  })

  it('has nothing to draw for no cards', () => {
    expect(cardWindow(0, 50, 0, 400, 3)).toMatchObject({ first: 0, last: -1, scrollHeight: 0 })
  })
})
