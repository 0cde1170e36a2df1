import { describe, expect, it } from 'vitest'
import { limitChoice, limitFromChoice, parseCustomLimit } from './limit-options'

describe('limit options', () => {
  it('shows presets as themselves and other numbers as custom', () => {
    expect(limitChoice(100)).toBe('100')
    expect(limitChoice(10_000)).toBe('10000')
    expect(limitChoice('all')).toBe('all')
    expect(limitChoice(250)).toBe('custom')
  })

  it('turns a choice back into a limit', () => {
    expect(limitFromChoice('5000', 100)).toBe(5000)
    expect(limitFromChoice('all', 100)).toBe('all')
    expect(limitFromChoice('custom', 250)).toBe(250)
    expect(limitFromChoice('custom', 'all')).toBe(1000)
    expect(limitFromChoice('42', 100)).toBeNull()
  })

  it('accepts only whole numbers of at least 1 as a custom limit', () => {
    expect(parseCustomLimit(' 250 ')).toBe(250)
    expect(parseCustomLimit('0')).toBeNull()
    expect(parseCustomLimit('-5')).toBeNull()
    expect(parseCustomLimit('2.5')).toBeNull()
    expect(parseCustomLimit('abc')).toBeNull()
    expect(parseCustomLimit('99999999999999999999')).toBeNull()
  })
})
