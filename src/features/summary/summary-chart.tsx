// The summary as a chart, drawn with the quick chart's parts: a line for time, bars for values and
// ranges, bars split by a second grouping (stacked or side by side). A sentence says what it shows,
// as the chart's name and under it; the groups' table below gives every figure.
import { memo, useState, type ReactNode } from 'react'
import { ChartFigure, GroupedBars, Plot } from '../../components/chart/chart-parts'
import { SelectField } from '../../components/ui/select-field'
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { extent } from '../../components/chart/chart-scales'
import type { SummaryRow } from '../../lib/summary/summary-rows'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import { summaryChart } from './summary-chart-fns'
import { roundFigure } from './summary-fns'

export interface SummaryChartProps {
  rows: readonly SummaryRow[]
  spec: SummarySpec
  /** Each grouping's column, as the reader knows it. */
  groupNames: readonly string[]
  /** Whether each grouping's groups have an order of their own (time, ranges, numbers). */
  ordered: readonly boolean[]
  label(row: SummaryRow, grouping: number): string
  measureLabel(index: number): string
  /** A time group's name from where it starts (UTC milliseconds). */
  timeLabel(time: number): string
}

export const SummaryChart = memo(function SummaryChart({
  rows,
  spec,
  groupNames,
  ordered,
  label,
  measureLabel,
  timeLabel,
}: SummaryChartProps) {
  const t = useMessages(summaryCatalogue)
  const formats = useFormats()
  const [figureChoice, setFigure] = useState(0)
  const figure = figureChoice < spec.measures.length ? figureChoice : 0
  const [stacked, setStacked] = useState(true)
  const chart = summaryChart(rows, spec, figure, label, ordered)
  const number = formats.number(null)
  const showY = (value: number) => number.format(roundFigure(value))
  const figureName = measureLabel(figure)
  const group = groupNames[0]!

  let sentence: string
  let note: string | null = null
  let drawing: ReactNode = null
  let legend = [figureName]
  if (chart.kind === 'none') sentence = t('summary.noChart')
  else if (chart.kind === 'line') {
    const [first, last] = extent(chart.points.map((point) => point.x as number))!
    const [min, max] = extent(chart.points.map((point) => point.y))!
    sentence = t('summary.chartLine', {
      figure: figureName,
      group,
      first: timeLabel(first),
      last: timeLabel(last),
      min: showY(min),
      max: showY(max),
    })
    drawing = <Plot points={chart.points} kind="line" showX={timeLabel} showY={showY} />
  } else if (chart.kind === 'bars') {
    const top = chart.bars.reduce((best, bar) => (bar.value > best.value ? bar : best))
    sentence = t('summary.chartBars', {
      figure: figureName,
      count: chart.bars.length,
      group,
      top: top.label,
      value: showY(top.value),
    })
    if (chart.largest) note = t('summary.chartLargest', { count: chart.bars.length })
    drawing = (
      <GroupedBars
        groups={chart.bars.map((bar) => ({ label: bar.label, values: [bar.value] }))}
        stacked={false}
        showY={showY}
      />
    )
  } else {
    sentence = t('summary.chartSplit', {
      figure: figureName,
      count: chart.groups.length,
      group,
      second: groupNames[1]!,
    })
    if (chart.largestSeries)
      note = t('summary.chartSeries', { count: chart.series.length, second: groupNames[1]! })
    else if (chart.largestGroups) note = t('summary.chartLargest', { count: chart.groups.length })
    legend = chart.series
    drawing = <GroupedBars groups={chart.groups} stacked={stacked} showY={showY} />
  }

  return (
    <div className="dse-summary__chart">
      {(spec.measures.length > 1 || chart.kind === 'split') && (
        <div className="dse-chart__controls">
          {spec.measures.length > 1 && (
            <SelectField
              label={t('summary.draw')}
              value={String(figure)}
              options={spec.measures.map((_, index) => [String(index), measureLabel(index)] as const)}
              onChange={(value) => setFigure(Number(value))}
            />
          )}
          {chart.kind === 'split' && (
            <SelectField<'stacked' | 'side'>
              label={t('summary.bars')}
              value={stacked ? 'stacked' : 'side'}
              options={[
                ['stacked', t('summary.stacked')],
                ['side', t('summary.sideBySide')],
              ]}
              onChange={(value) => setStacked(value === 'stacked')}
            />
          )}
        </div>
      )}
      {drawing && (
        <ChartFigure
          label={sentence}
          xTitle={group}
          yTitle={figureName}
          legendTitle={t('summary.legend')}
          legend={legend}
        >
          {drawing}
        </ChartFigure>
      )}
      <p className="dse-hint">{sentence}</p>
      {note && <p className="dse-hint">{note}</p>}
    </div>
  )
})
