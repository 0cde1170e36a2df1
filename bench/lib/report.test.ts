import { describe, expect, it } from 'vitest'
import {
  formatSummary,
  renderReadmeTable,
  renderResultsSection,
  ruleVerdict,
  type BenchReport,
} from './report'

describe('ruleVerdict: at most a limit', () => {
  const verdict = (values: (number | null)[], limit: number) =>
    ruleVerdict(values, { kind: 'at most', limit }, {})

  it('says met only when every run is within the budget', () => {
    expect(verdict([20, 30, 40], 50)).toBe('met')
    expect(verdict([20, 30, 60], 50)).toBe('met by the median; missed in 1 of 3 runs')
  })

  it('says plainly when the median misses', () => {
    expect(verdict([60, 70, 40], 50)).toBe('**MISSED** (missed in 2 of 3 runs)')
  })

  it('does not pass a budget that was never measured', () => {
    expect(verdict([null, null], 50)).toBe('not measured')
  })
})

describe('ruleVerdict', () => {
  it('holds frames a second to a floor', () => {
    expect(ruleVerdict([60, 59.9, 57], { kind: 'at least', limit: 58 }, {})).toBe(
      'met by the median; missed in 1 of 3 runs',
    )
    expect(ruleVerdict([50, 57, 60], { kind: 'at least', limit: 58 }, {})).toBe(
      '**MISSED** (missed in 2 of 3 runs)',
    )
  })

  it('compares each run with the same run of every listed peer', () => {
    const rule = { kind: 'below', peers: ['glide', 'ag-grid'] } as const
    // run 2 is slower than Glide's run 2, though below Glide's median
    expect(ruleVerdict([40, 60, 45], rule, { glide: [50, 55, 50], 'ag-grid': [90, 90, 90] })).toBe(
      'met by the median; missed in 1 of 3 runs',
    )
    expect(ruleVerdict([40, 45, 50], rule, { glide: [50, 55, 60], 'ag-grid': [90, 90, 90] })).toBe('met')
    // level is not below
    expect(ruleVerdict([50, 55, 60], rule, { glide: [50, 55, 60], 'ag-grid': [90, 90, 90] })).toBe(
      '**MISSED** (missed in 3 of 3 runs)',
    )
    // a peer's failed run counts against ours: nothing proves ours was below it
    expect(ruleVerdict([40, 40], rule, { glide: [50, null], 'ag-grid': [90, 90] })).toBe(
      'met by the median; missed in 1 of 2 runs',
    )
  })

  it('does not judge against a peer that was not measured', () => {
    expect(ruleVerdict([40], { kind: 'below', peers: ['glide'] }, { glide: [null] })).toBe(
      'not judged (Glide not in this run)',
    )
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
      '| Server sort on 1M rows, click → sorted rows painted (ms) | ≤ 300 ms | 450 (400–500) | **MISSED** (missed in 2 of 2 runs) |',
    )
  })

  it('holds ours below a peer run by run, and leaves it unjudged when the peer was not run', () => {
    const section = renderResultsSection(report)
    // sort: ours 400 and 500 against AG Grid's 200 and 200; Glide was not in this run
    expect(section).toContain(
      "| … and below Glide's | below Glide's, run by run | 450 (400–500) | not judged (Glide not in this run) |",
    )
    expect(section).toContain('| Initial JS, gzip (KB) | ≤ 130 KB | 100.0 | met |')
  })
})
