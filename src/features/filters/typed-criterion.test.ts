import { describe, expect, it } from 'vitest'
import { readTypedCriterion, readTypedNumber } from './typed-criterion'

const value = (value: string | number) => ({ ok: true, criterion: { kind: 'value', value } })
const range = (lower?: [number | string, boolean], upper?: [number | string, boolean]) => ({
  ok: true,
  criterion: {
    kind: 'range',
    ...(lower ? { lower: { value: lower[0], inclusive: lower[1] } } : {}),
    ...(upper ? { upper: { value: upper[0], inclusive: upper[1] } } : {}),
  },
})

describe('readTypedNumber', () => {
  it('reads numbers as the reader’s language writes them', () => {
    expect(readTypedNumber('1,234.5', 'en')).toEqual({ ok: true, value: 1234.5 })
    expect(readTypedNumber('1 234,5', 'fr')).toEqual({ ok: true, value: 1234.5 })
    expect(readTypedNumber('1\u202f234,5', 'fr')).toEqual({ ok: true, value: 1234.5 })
    expect(readTypedNumber('3.5', 'fr')).toEqual({ ok: true, value: 3.5 })
    expect(readTypedNumber('1.234,5', 'de')).toEqual({ ok: true, value: 1234.5 })
    expect(readTypedNumber('1.234', 'de')).toEqual({ ok: true, value: 1234 })
    expect(readTypedNumber('−12', 'en')).toEqual({ ok: true, value: -12 })
    expect(readTypedNumber('1e3', 'en')).toEqual({ ok: true, value: 1000 })
  })

  it('refuses a separator in the wrong place rather than guess', () => {
    expect(readTypedNumber('1,5', 'en')).toEqual({ ok: false, problem: 'separator' })
    expect(readTypedNumber('1,2,3', 'fr')).toEqual({ ok: false, problem: 'separator' })
    expect(readTypedNumber('12abc', 'en')).toEqual({ ok: false, problem: 'number' })
    expect(readTypedNumber('Infinity', 'en')).toEqual({ ok: false, problem: 'number' })
    expect(readTypedNumber('  ', 'en')).toEqual({ ok: false, problem: 'empty' })
  })

  it('keeps integers too large for JavaScript as exact digits', () => {
    expect(readTypedNumber('123456789012345678901', 'en')).toEqual({
      ok: true,
      value: '123456789012345678901',
    })
  })
})

describe('readTypedCriterion', () => {
  it('reads a number as a value, and "=40" too', () => {
    expect(readTypedCriterion('40', 'en')).toEqual(value(40))
    expect(readTypedCriterion('-5', 'en')).toEqual(value(-5))
    expect(readTypedCriterion('= 40', 'en')).toEqual(value(40))
  })

  it('reads comparisons as comparisons, never as an exact value', () => {
    expect(readTypedCriterion('>40', 'en')).toEqual(range([40, false]))
    expect(readTypedCriterion('>= 40', 'en')).toEqual(range([40, true]))
    expect(readTypedCriterion('≥40', 'en')).toEqual(range([40, true]))
    expect(readTypedCriterion('<= 2014', 'en')).toEqual(range(undefined, [2014, true]))
    expect(readTypedCriterion('<-3,5', 'fr')).toEqual(range(undefined, [-3.5, false]))
  })

  it('reads two numbers as a range with both ends in, minding negative numbers', () => {
    expect(readTypedCriterion('10-20', 'en')).toEqual(range([10, true], [20, true]))
    expect(readTypedCriterion('10 – 20', 'en')).toEqual(range([10, true], [20, true]))
    expect(readTypedCriterion('-5..5', 'en')).toEqual(range([-5, true], [5, true]))
    expect(readTypedCriterion('-5--1', 'en')).toEqual(range([-5, true], [-1, true]))
    expect(readTypedCriterion('1,000-5,000', 'en')).toEqual(range([1000, true], [5000, true]))
    expect(readTypedCriterion('1,5..2,5', 'fr')).toEqual(range([1.5, true], [2.5, true]))
    expect(readTypedCriterion('1e-5', 'en')).toEqual(value(0.00001))
  })

  it('refuses what it cannot read, with the reason', () => {
    expect(readTypedCriterion('20-10', 'en')).toEqual({ ok: false, problem: 'order' })
    expect(readTypedCriterion('>abc', 'en')).toEqual({ ok: false, problem: 'number' })
    expect(readTypedCriterion('>', 'en')).toEqual({ ok: false, problem: 'number' })
    expect(readTypedCriterion('ten', 'en')).toEqual({ ok: false, problem: 'number' })
    expect(readTypedCriterion('', 'en')).toEqual({ ok: false, problem: 'empty' })
  })
})
