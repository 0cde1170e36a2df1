// The verdicts of `npm run bench:quick`: ours ÷ Glide on the measures the page is held to lead.
import type { BenchReport } from './report.ts'
import { ratioText, summarize } from './stats.ts'

/** Ours must be at least as fast as Glide on each of these (medians). */
export const GUARDED_MEASURES = [
  { key: 'first.1k', label: 'response → first rows, 1k rows' },
  { key: 'first.1M', label: 'response → first rows, 1M rows' },
  { key: 'sort.time', label: 'sort click → sorted rows, 1M rows' },
] as const

export interface GuardVerdict {
  label: string
  ours: number | undefined
  glide: number | undefined
  /** ours ÷ Glide on medians; undefined when either side has no measurement. */
  ratio: number | undefined
  ok: boolean
}

/** A measure either side failed to produce fails the guard: a missing number proves nothing. */
export function guardVerdicts(report: BenchReport): GuardVerdict[] {
  return GUARDED_MEASURES.map(({ key, label }) => {
    const ours = summarize(report.measurements.ours?.[key] ?? [])?.median
    const glide = summarize(report.measurements.glide?.[key] ?? [])?.median
    const ratio = ours !== undefined && glide !== undefined && glide > 0 ? ours / glide : undefined
    return { label, ours, glide, ratio, ok: ratio !== undefined && ratio <= 1 }
  })
}

export function renderGuardRun(report: BenchReport, verdicts: readonly GuardVerdict[]): string {
  const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(1))
  const before = report.measurements.before
  const lines = [
    `### ${report.date.replace('T', ' ').slice(0, 16)} UTC — ${verdicts.every((v) => v.ok) ? 'passed' : 'FAILED'}`,
    '',
    `${report.runs} runs on a ${report.machine.split(',')[0]}, Chromium ${report.chromium}; medians in ms.`,
    '',
    `| measure | ours | Glide | ours ÷ Glide |${before ? ' before | ours ÷ before |' : ''}`,
    `|---|---:|---:|---:|${before ? '---:|---:|' : ''}`,
  ]
  for (const verdict of verdicts) {
    const key = GUARDED_MEASURES.find((measure) => measure.label === verdict.label)!.key
    const beforeCells = before
      ? (() => {
          const oursSummary = summarize(report.measurements.ours?.[key] ?? [])
          const beforeSummary = summarize(before[key] ?? [])
          return ` ${ms(beforeSummary?.median)} | ${ratioText(oursSummary, beforeSummary)} |`
        })()
      : ''
    const ratio =
      verdict.ratio === undefined ? 'n/a' : `${verdict.ratio.toFixed(2)}×${verdict.ok ? '' : ' ✗'}`
    lines.push(`| ${verdict.label} | ${ms(verdict.ours)} | ${ms(verdict.glide)} | ${ratio} |${beforeCells}`)
  }
  return lines.join('\n')
}
