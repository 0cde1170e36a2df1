import { describe, expect, it } from 'vitest'
import { formatSummary, renderReadmeTable, renderResultsSection, verdict, type BenchReport } from './report'

describe('verdict', () => {
  it('says met only when every run is within the budget', () => {
    expect(verdict([20, 30, 40], 50)).toBe('met')
    expect(verdict([20, 30, 60], 50)).toBe('met by the median; over in 1 of 3 runs')
  })

  it('says plainly when the median misses', () => {
    expect(verdict([60, 70, 40], 50)).toBe('**MISSED** (over in 2 of 3 runs)')
  })

  it('does not pass a budget that was never measured', () => {
    expect(verdict([null, null], 50)).toBe('not measured')
  })
})

describe('formatSummary', () => {
  it('shows the median with the range, and failed runs', () => {
    expect(formatSummary({ median: 12.34, min: 10, max: 150, n: 4 }, 'ms', 5)).toBe(
      '12.3 (10.0–150) [1 run(s) failed]',
    )
    expect(formatSummary({ median: 3, min: 3, max: 3, n: 5 }, 'count', 5)).toBe('3')
    expect(formatSummary(undefined, 'ms')).toBe('n/a')
  })
})

const report: BenchReport = {
  date: '2026-11-22T05:30:00.000Z',
  machine: '2-core VM (Test CPU), 24 GiB RAM, Linux 6, Node v20.20.2',
  chromium: '150.0',
  runs: 2,
  sizes: [1000, 1_000_000],
  gridHeight: 560,
  servers: [],
  initialJs: { ours: 100 * 1024, 'ag-grid': 200 * 1024 },
  measurements: {
    ours: { 'first.1M': [20, 30], 'sort.time': [400, 500] },
    'ag-grid': { 'first.1M': [50, 50], 'sort.time': [200, 200] },
  },
  grids: ['ours', 'ag-grid'],
}

describe('tables', () => {
  it('puts our figure, theirs and the ratio side by side', () => {
    const table = renderReadmeTable(report)
    expect(table).toContain('| Response → first rows painted, 1M rows (ms) | 25.0 | 50.0 (0.50×) |')
    expect(table).toContain('| Initial JS, gzip (KB) | 100.0 | 200.0 (0.50×) |')
  })

  it('flags a missed budget with its figure', () => {
    const section = renderResultsSection(report)
    expect(section.startsWith('## Browser benchmarks\n')).toBe(true)
    expect(section).toContain(
      '| Server sort on 1M rows, click → sorted rows painted (ms) | ≤ 300 ms | 450 (400–500) | **MISSED** (over in 2 of 2 runs) |',
    )
  })
})
