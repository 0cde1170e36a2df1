import { describe, expect, it } from 'vitest'
import { addDays, dateOnly, dayRange, rangeDays } from '../ranges'

describe('ranges of days', () => {
  it('keeps both days on a date column', () => {
    expect(dayRange('d', 'date', '2014-03-01', '2014-06-30')).toEqual({
      kind: 'range',
      field: 'd',
      lower: { value: '2014-03-01', inclusive: true },
      upper: { value: '2014-06-30', inclusive: true },
    })
  })

  it('runs to the next midnight on a timestamp column, so the last day is whole', () => {
    expect(dayRange('ts', 'timestamp', undefined, '2014-03-31')).toEqual({
      kind: 'range',
      field: 'ts',
      upper: { value: '2014-04-01', inclusive: false },
    })
  })

  it('reads back the days it wrote, and the days other bounds keep', () => {
    for (const family of ['date', 'timestamp'] as const)
      expect(rangeDays(dayRange('x', family, '2014-03-01', '2014-12-31'), family)).toEqual({
        from: '2014-03-01',
        to: '2014-12-31',
      })
    expect(
      rangeDays({ kind: 'range', field: 'd', lower: { value: '2014-03-01', inclusive: false } }, 'date'),
    ).toEqual({
      from: '2014-03-02',
    })
    expect(
      rangeDays(
        { kind: 'range', field: 't', upper: { value: '2014-03-01T10:00', inclusive: true } },
        'timestamp',
      ),
    ).toEqual({ to: '2014-03-01' })
  })

  it('knows days and midnights, and steps over month and leap-year ends', () => {
    expect(dateOnly('2014-03-01')).toBe('2014-03-01')
    expect(dateOnly('2014-03-01T00:00:00.000')).toBe('2014-03-01')
    expect(dateOnly('2014-03-01T10:00')).toBeNull()
    expect(dateOnly('2014-02-30')).toBeNull()
    expect(addDays('2016-02-28', 1)).toBe('2016-02-29')
    expect(addDays('2014-03-01', -1)).toBe('2014-02-28')
  })
})
