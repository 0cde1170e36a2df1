import { describe, expect, it } from 'vitest'
import { ratioText, summarize } from './stats'

describe('summarize', () => {
  it('gives the middle value of an odd count and the range', () => {
    expect(summarize([30, 10, 20, 50, 40])).toEqual({ median: 30, min: 10, max: 50, n: 5 })
  })

  it('averages the two middle values of an even count', () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, n: 4 })
  })

  it('leaves out runs that produced no number', () => {
    expect(summarize([null, 7, undefined, Number.NaN, 9])).toEqual({ median: 8, min: 7, max: 9, n: 2 })
  })

  it('has nothing to say without numbers', () => {
    expect(summarize([null, undefined])).toBeUndefined()
  })
})

describe('ratioText', () => {
  const of = (median: number) => ({ median, min: median, max: median, n: 5 })

  it('divides our median by theirs', () => {
    expect(ratioText(of(21), of(84))).toBe('0.25×')
    expect(ratioText(of(300), of(200))).toBe('1.5×')
    expect(ratioText(of(1200), of(40))).toBe('30×')
  })

  it('shows no ratio when a side is zero or missing', () => {
    expect(ratioText(of(0), of(4))).toBe('—')
    expect(ratioText(of(4), of(0))).toBe('—')
    expect(ratioText(undefined, of(4))).toBe('—')
  })
})
