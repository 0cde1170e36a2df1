// The quick chart of the records shown: a line, bars or points for any two columns, with a title,
// labelled axes and a legend, in the theme's colours (SVG, no library). A line over time of a view
// with more records than it shows draws every matching record instead, summed up by day, month,
// quarter or year (the Summary tab's reading, shared through queries/summary), and says which it
// draws. A sentence and a table say the same for a screen reader. Loaded lazily with its catalogue.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useId, useMemo, useState } from 'react'
import type { CkanField, CkanRecord, Portal, SearchRequest } from '../../api/ckan/types'
import { SummaryProgress } from '../../components/summary/summary-progress'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { chartCatalogue } from '../../i18n/catalogues/chart'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { normaliseType } from '../../lib/ckan-types'
import { formatCell } from '../../lib/format'
import type { DatePart } from '../../lib/summary/summary-spec'
import { useEnvironment } from '../../instance/environment'
import { summaryQueryOptions } from '../../queries/summary/summary-query'
import { fieldLabel } from '../../model/fields'
import type { ReactElement } from 'react'
import { Bars, ChartFigure, Plot, type ChartPoint } from '../../components/chart/chart-parts'
import { extent } from '../../components/chart/chart-scales'
import {
  axisKind,
  chartableFields,
  chartPoints,
  defaultChart,
  defaultOver,
  overSummary,
  summaryPoints,
  type ChartKind,
  type ChartOver,
} from './chart-fns'

const label = (field: CkanField) => fieldLabel(field, field.id)

/** Bars beyond this many values would be unreadable: the largest totals are kept. */
const MAX_BARS = 30

const PART_KEYS = {
  day: ['chart.overDay', 'chart.partDay'],
  month: ['chart.overMonth', 'chart.partMonth'],
  quarter: ['chart.overQuarter', 'chart.partQuarter'],
  year: ['chart.overYear', 'chart.partYear'],
} as const

export interface ChartViewProps {
  portal: Portal
  /** The view's request: a line over every matching record follows its search and filters. */
  view: SearchRequest
  fields: readonly CkanField[]
  /** The records shown (the first page). */
  records: readonly CkanRecord[]
  /** The view's matching records, when counted. */
  total: number | undefined
}

export function ChartView({ portal, view, fields, records, total }: ChartViewProps) {
  const t = useMessages(chartCatalogue)
  const formats = useFormats()
  const cellLocale = useCellLocale()
  const { api } = useEnvironment()
  const queryClient = useQueryClient()
  const ids = { x: useId(), y: useId(), kind: useId(), over: useId(), figure: useId(), title: useId() }
  const usable = chartableFields(fields)
  const initial = defaultChart(usable)
  const [choice, setChoice] = useState(initial)
  // null: the first choice (every matching record when the view shows only some)
  const [overChoice, setOverChoice] = useState<ChartOver | null>(null)
  const [figure, setFigure] = useState<'sum' | 'avg'>('sum')
  const [tableOpen, setTableOpen] = useState(false)
  const x = choice ? (usable.find((field) => field.id === choice.x) ?? usable[0]) : undefined
  const y = choice ? (usable.find((field) => field.id === choice.y) ?? usable[0]) : undefined
  const xKind = x ? axisKind(normaliseType(x.type)) : 'category'
  const kind: ChartKind =
    !choice || xKind === 'category' ? 'bar' : choice.kind === 'bar' ? 'line' : choice.kind
  const shownPoints = useMemo(() => (x && y ? chartPoints(records, x, y) : []), [records, x, y])
  const over: ChartOver =
    kind === 'line' && x && y
      ? (overChoice ??
        defaultOver(
          xKind,
          shownPoints.map((point) => point.x as number),
          records.length,
          total,
        ))
      : 'shown'
  const spec = useMemo(
    () => (over === 'shown' || !x || !y ? null : overSummary(x.id, y.id, over, figure)),
    [over, x, y, figure],
  )
  // the summary is only asked for when the line draws it (the options need a spec: a stand-in otherwise)
  const summaryOptions = summaryQueryOptions(
    api,
    portal,
    view,
    spec ?? overSummary('_id', '_id', 'year', 'sum'),
    fields,
  )
  const reading = useQuery({ ...summaryOptions, enabled: spec !== null })
  const snapshot = useDeferredValue(spec ? reading.data?.snapshot : undefined)
  const overPoints = useMemo(
    () => (spec && snapshot ? summaryPoints(snapshot, spec) : null),
    [spec, snapshot],
  )
  if (!choice || !x || !y) return <p className="dse-hint">{t('chart.nothing')}</p>
  const points = overPoints ?? shownPoints
  const bars = kind === 'bar' ? totals(points) : []
  const show = (field: CkanField, value: unknown) => formatCell(value, field.type, cellLocale).text
  const showX = (value: number | string) =>
    xKind === 'time' ? show(x, new Date(value as number).toISOString().slice(0, 10)) : show(x, value)
  const showY = (value: number) => formats.number(null).format(Number(value.toPrecision(6)))
  const part = over === 'shown' ? null : t(PART_KEYS[over][1])
  const figureText = t(figure === 'sum' ? 'chart.figureSum' : 'chart.figureAvg', { y: label(y) })
  const title =
    part !== null
      ? t('chart.titleOver', { figure: figureText, part, x: label(x) })
      : t(kind === 'bar' ? 'chart.titleTotal' : 'chart.title', { x: label(x), y: label(y) })

  const select = (
    id: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: [string, string][],
  ) => (
    <div className="dse-field">
      <label className="dse-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="dse-input dse-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
  const columnOptions = usable.map((field): [string, string] => [field.id, label(field)])
  const numberOptions = usable
    .filter((field) => axisKind(normaliseType(field.type)) === 'number')
    .map((field): [string, string] => [field.id, label(field)])

  let summary: string
  let drawing: ReactElement | null = null
  if (points.length === 0) summary = t('chart.noPoints')
  else if (kind === 'bar') {
    const top = bars.reduce((best, bar) => (bar.y > best.y ? bar : best))
    summary = t('chart.summaryBars', {
      count: bars.length,
      x: label(x),
      top: String(top.x),
      value: showY(top.y),
    })
    drawing = <Bars bars={bars} showY={showY} />
  } else {
    const [xmin, xmax] = extent(points.map((point) => point.x as number))!
    const [ymin, ymax] = extent(points.map((point) => point.y))!
    summary =
      part !== null
        ? t('chart.summaryOver', {
            figure: figureText,
            count: points.length,
            x: label(x),
            xmin: showX(xmin),
            xmax: showX(xmax),
            ymin: showY(ymin),
            ymax: showY(ymax),
          })
        : t('chart.summary', {
            kind: kind === 'line' ? t('chart.kindLine') : t('chart.kindScatter'),
            count: points.length,
            x: label(x),
            xmin: showX(xmin),
            xmax: showX(xmax),
            y: label(y),
            ymin: showY(ymin),
            ymax: showY(ymax),
          })
    drawing = <Plot points={points} kind={kind} showX={showX} showY={showY} />
  }

  return (
    <section className="dse-chart" aria-labelledby={ids.title}>
      <div className="dse-chart__controls">
        {select(ids.x, t('chart.x'), x.id, (value) => setChoice({ ...choice, x: value }), columnOptions)}
        {select(ids.y, t('chart.y'), y.id, (value) => setChoice({ ...choice, y: value }), numberOptions)}
        {xKind !== 'category' &&
          select(
            ids.kind,
            t('chart.kind'),
            kind,
            (value) => setChoice({ ...choice, kind: value as ChartKind }),
            [
              ['line', t('chart.kindLine')],
              ['scatter', t('chart.kindScatter')],
            ],
          )}
        {kind === 'line' &&
          select(ids.over, t('chart.over'), over, (value) => setOverChoice(value as ChartOver), [
            ['shown', t('chart.overShown')],
            ...(Object.keys(PART_KEYS) as DatePart[]).map((name): [string, string] => [
              name,
              t(PART_KEYS[name][0]),
            ]),
          ])}
        {part !== null &&
          select(ids.figure, t('chart.figure'), figure, (value) => setFigure(value as 'sum' | 'avg'), [
            ['sum', t('chart.figureSum', { y: label(y) })],
            ['avg', t('chart.figureAvg', { y: label(y) })],
          ])}
      </div>
      {spec && reading.data && (
        <SummaryProgress
          state={reading.data}
          onAgain={() => void queryClient.refetchQueries({ queryKey: summaryOptions.queryKey })}
        />
      )}
      <h3 id={ids.title} className="dse-chart__title">
        {title}
      </h3>
      {drawing && (
        <ChartFigure
          label={summary}
          xTitle={label(x)}
          yTitle={label(y)}
          legendTitle={t('chart.legend')}
          legend={[part !== null ? figureText : label(y)]}
        >
          {drawing}
        </ChartFigure>
      )}
      <p className="dse-hint">{summary}</p>
      <p className="dse-hint">{t(part !== null ? 'chart.overNote' : 'chart.onlyShown')}</p>
      {/* its rows are drawn only when it is opened: a line over every record can have thousands */}
      {points.length > 0 && (
        <details className="dse-chart__table" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
          <summary>{t('chart.asTable')}</summary>
          {tableOpen && (
            <table>
              <thead>
                <tr>
                  <th scope="col">{label(x)}</th>
                  <th scope="col">{label(y)}</th>
                </tr>
              </thead>
              <tbody>
                {(kind === 'bar' ? bars : points).map((point, index) => (
                  <tr key={index}>
                    <td>{kind === 'bar' ? String(point.x) : showX(point.x)}</td>
                    <td>{showY(point.y)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </details>
      )}
    </section>
  )
}

/** The total of y per category, largest first, at most MAX_BARS of them. */
function totals(points: readonly ChartPoint[]): ChartPoint[] {
  const sums = new Map<string, number>()
  for (const point of points) sums.set(String(point.x), (sums.get(String(point.x)) ?? 0) + point.y)
  return [...sums]
    .map(([x, y]) => ({ x, y }))
    .sort((a, b) => b.y - a.y)
    .slice(0, MAX_BARS)
}
