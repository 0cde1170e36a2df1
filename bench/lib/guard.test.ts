import { describe, expect, it } from 'vitest'
import { guardVerdicts, renderGuardRun } from './guard'
import type { BenchReport } from './report'

function report(measurements: BenchReport['measurements']): BenchReport {
  return {
    date: '2026-11-28T10:00:00.000Z',
    machine: '2-core VM (Test CPU), 24 GiB RAM, Linux 6, Node v20.20.2',
    chromium: '156.0',
    runs: 3,
    sizes: [1000, 1_000_000],
    gridHeight: 560,
    servers: [],
    initialJs: {},
    measurements,
    grids: ['ours', 'glide'],
  }
}

describe('guardVerdicts', () => {
  it('passes when ours is at most as slow as Glide on every guarded measure', () => {
    const verdicts = guardVerdicts(
      report({
        ours: { 'first.1k': [30, 31, 90], 'first.1M': [40, 40, 40], 'sort.time': [100, 100, 100] },
        glide: { 'first.1k': [35, 35, 35], 'first.1M': [40, 40, 40], 'sort.time': [150, 150, 150] },
      }),
    )
    expect(verdicts.map((verdict) => verdict.ok)).toEqual([true, true, true])
    expect(verdicts[0]!.ratio).toBeCloseTo(31 / 35)
  })

  it('fails the measure where ours is slower, and one neither side measured', () => {
    const verdicts = guardVerdicts(
      report({
        ours: { 'first.1k': [30, 30, 30], 'first.1M': [60, 61, 59] },
        glide: { 'first.1k': [35, 35, 35], 'first.1M': [40, 40, 40], 'sort.time': [150, null, 150] },
      }),
    )
    expect(verdicts.map((verdict) => [verdict.label, verdict.ok])).toEqual([
      ['response → first rows, 1k rows', true],
      ['response → first rows, 1M rows', false],
      ['sort click → sorted rows, 1M rows', false],
    ])
    expect(renderGuardRun(report({}), verdicts)).toContain('FAILED')
  })

  it('shows the earlier build beside ours when one was measured', () => {
    const measured = report({
      ours: { 'first.1k': [30, 30, 30], 'first.1M': [30, 30, 30], 'sort.time': [90, 90, 90] },
      before: { 'first.1k': [60, 60, 60], 'first.1M': [60, 60, 60], 'sort.time': [90, 90, 90] },
      glide: { 'first.1k': [35, 35, 35], 'first.1M': [40, 40, 40], 'sort.time': [150, 150, 150] },
    })
    const text = renderGuardRun(measured, guardVerdicts(measured))
    expect(text).toContain('| response → first rows, 1k rows | 30.0 | 35.0 | 0.86× | 60.0 | 0.50× |')
    expect(text).toContain('passed')
  })
})
