import { describe, expect, it } from 'vitest'
import { dayRange } from '../../model/ranges'
import { EMPTY_RANGE, operatorsFor, rangeCondition, rangeEnds, rangeForm } from './filter-form'

describe('the conditions a column offers', () => {
  it('follows the type registry: ranges for numbers and dates, values for the rest', () => {
    expect(operatorsFor('number')).toEqual(['any', 'between', 'atLeast', 'atMost', 'moreThan', 'lessThan'])
    expect(operatorsFor('date')).toEqual(['any', 'between', 'atLeast', 'atMost'])
    expect(operatorsFor('timestamp')).toEqual(['any', 'between', 'atLeast', 'atMost'])
    expect(operatorsFor('text')).toEqual(['any'])
    expect(operatorsFor('bool')).toEqual(['any'])
    expect(rangeEnds('between')).toEqual({ from: true, to: true })
    expect(rangeEnds('lessThan')).toEqual({ from: false, to: true })
  })
})

describe('rangeCondition', () => {
  const form = (operator: typeof EMPTY_RANGE.operator, from = '', to = '') => ({
    ...EMPTY_RANGE,
    operator,
    from,
    to,
  })

  it('makes the range a number operator says, read in the reader’s language', () => {
    expect(rangeCondition('elevation', 'number', form('between', '1 000', '5 000,5'), 'fr')).toEqual({
      ok: true,
      condition: {
        kind: 'range',
        field: 'elevation',
        lower: { value: 1000, inclusive: true },
        upper: { value: 5000.5, inclusive: true },
      },
    })
    expect(rangeCondition('x', 'number', form('moreThan', '40'), 'en')).toEqual({
      ok: true,
      condition: { kind: 'range', field: 'x', lower: { value: 40, inclusive: false } },
    })
    expect(rangeCondition('x', 'number', form('atMost', '', '-3.5'), 'en')).toEqual({
      ok: true,
      condition: { kind: 'range', field: 'x', upper: { value: -3.5, inclusive: true } },
    })
  })

  it('says which box is wrong and why', () => {
    expect(rangeCondition('x', 'number', form('between', '', '5'), 'en')).toEqual({
      ok: false,
      problem: 'needValue',
      box: 'from',
    })
    expect(rangeCondition('x', 'number', form('between', '10', '5'), 'en')).toEqual({
      ok: false,
      problem: 'order',
      box: 'to',
    })
    expect(rangeCondition('x', 'number', form('atLeast', '1,5'), 'en')).toEqual({
      ok: false,
      problem: 'separator',
      box: 'from',
    })
    expect(rangeCondition('d', 'date', form('between', '2014-06-30', '2014-03-01'), 'en')).toMatchObject({
      ok: false,
      problem: 'order',
    })
  })

  it('makes whole days of dates, on timestamp columns too', () => {
    expect(rangeCondition('ts', 'timestamp', form('between', '2014-03-01', '2014-03-31'), 'en')).toEqual({
      ok: true,
      condition: dayRange('ts', 'timestamp', '2014-03-01', '2014-03-31'),
    })
    expect(rangeCondition('d', 'date', form('atMost', '', '2014-03-31'), 'en')).toEqual({
      ok: true,
      condition: dayRange('d', 'date', undefined, '2014-03-31'),
    })
  })
})

describe('rangeForm', () => {
  it('shows a chip’s range in the form, keeping the ends a link left out', () => {
    expect(
      rangeForm(
        {
          kind: 'range',
          field: 'x',
          lower: { value: 1, inclusive: false },
          upper: { value: 9, inclusive: true },
        },
        'number',
      ),
    ).toEqual({ operator: 'between', from: '1', to: '9', fromInclusive: false, toInclusive: true })
    expect(
      rangeForm({ kind: 'range', field: 'x', upper: { value: 9, inclusive: false } }, 'number').operator,
    ).toBe('lessThan')
    expect(rangeForm(dayRange('ts', 'timestamp', '2014-03-01', '2014-03-31'), 'timestamp')).toMatchObject({
      operator: 'between',
      from: '2014-03-01',
      to: '2014-03-31',
    })
    expect(rangeForm({ kind: 'values', field: 'x', values: [1] }, 'number')).toBe(EMPTY_RANGE)
  })

  it('applies a kept end as it was while its box is unchanged', () => {
    const kept = rangeForm(
      {
        kind: 'range',
        field: 'x',
        lower: { value: 1, inclusive: false },
        upper: { value: 9, inclusive: false },
      },
      'number',
    )
    expect(rangeCondition('x', 'number', kept, 'en')).toEqual({
      ok: true,
      condition: {
        kind: 'range',
        field: 'x',
        lower: { value: 1, inclusive: false },
        upper: { value: 9, inclusive: false },
      },
    })
  })
})
