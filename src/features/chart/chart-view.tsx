// The quick chart of the records shown: a line, bars or points for any two columns, with a title,
// labelled axes and a legend, in the theme's colours (SVG, no library). A sentence and a table say
// the same for a screen reader. Loaded lazily with its catalogue.
import { useId, useState } from 'react'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { chartCatalogue } from '../../i18n/catalogues/chart'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { normaliseType } from '../../lib/ckan-types'
import { formatCell } from '../../lib/format'
import { fieldLabel } from '../../model/fields'
import type { ReactElement } from 'react'
import { Bars, ChartFigure, Plot, type ChartPoint } from '../../components/chart/chart-parts'
import { extent } from '../../components/chart/chart-scales'
import { axisKind, chartableFields, chartPoints, defaultChart, type ChartKind } from './chart-fns'

const label = (field: CkanField) => fieldLabel(field, field.id)

/** Bars beyond this many values would be unreadable: the largest totals are kept. */
const MAX_BARS = 30

export function ChartView({
  fields,
  records,
}: {
  fields: readonly CkanField[]
  records: readonly CkanRecord[]
}) {
  const t = useMessages(chartCatalogue)
  const formats = useFormats()
  const cellLocale = useCellLocale()
  const ids = { x: useId(), y: useId(), kind: useId(), title: useId() }
  const usable = chartableFields(fields)
  const initial = defaultChart(usable)
  const [choice, setChoice] = useState(initial)
  if (!choice) return <p className="dse-hint">{t('chart.nothing')}</p>
  const x = usable.find((field) => field.id === choice.x) ?? usable[0]!
  const y = usable.find((field) => field.id === choice.y) ?? usable[0]!
  const xKind = axisKind(normaliseType(x.type))
  const kind: ChartKind = xKind === 'category' ? 'bar' : choice.kind === 'bar' ? 'line' : choice.kind
  const points = chartPoints(records, x, y)
  const bars = kind === 'bar' ? totals(points) : []
  const show = (field: CkanField, value: unknown) => formatCell(value, field.type, cellLocale).text
  const showX = (value: number | string) =>
    xKind === 'time' ? show(x, new Date(value as number).toISOString().slice(0, 10)) : show(x, value)
  const showY = (value: number) => formats.number(null).format(Number(value.toPrecision(6)))
  const title = t(kind === 'bar' ? 'chart.titleTotal' : 'chart.title', { x: label(x), y: label(y) })

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
    summary = t('chart.summary', {
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
      </div>
      <h3 id={ids.title} className="dse-chart__title">
        {title}
      </h3>
      {drawing && (
        <ChartFigure
          label={summary}
          xTitle={label(x)}
          yTitle={label(y)}
          legendTitle={t('chart.legend')}
          legend={[label(y)]}
        >
          {drawing}
        </ChartFigure>
      )}
      <p className="dse-hint">{summary}</p>
      <p className="dse-hint">{t('chart.onlyShown')}</p>
      {points.length > 0 && (
        <details className="dse-chart__table">
          <summary>{t('chart.asTable')}</summary>
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
