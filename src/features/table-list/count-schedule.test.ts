import { describe, expect, it } from 'vitest'
import { countsToAsk } from './count-schedule'

describe('which row counts are asked for', () => {
  it('asks for the first few waiting tables only, in list order', () => {
    expect(countsToAsk(['waiting', 'waiting', 'waiting', 'waiting', 'waiting'], 3)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })

  it('starts the next one as soon as a count arrives', () => {
    expect(countsToAsk(['known', 'pending', 'pending', 'waiting', 'waiting'], 3)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ])
  })

  it('asks nothing for counts the catalogue gave, however many tables', () => {
    expect(countsToAsk(Array(50).fill('known'))).toEqual(Array(50).fill(false))
  })
})
