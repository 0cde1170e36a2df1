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
import {
  axisKind,
  chartableFields,
  chartPoints,
  defaultChart,
  extent,
  niceTicks,
  type ChartKind,
  type ChartPoint,
} from './chart-fns'

const label = (field: CkanField) => fieldLabel(field, field.id)

const WIDTH = 720
const HEIGHT = 320
const MARGIN = { top: 12, right: 16, bottom: 44, left: 72 }
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
      <label className="dse-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="dse-select" value={value} onChange={(event) => onChange(event.target.value)}>
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
        <figure className="dse-chart__figure">
          <svg className="dse-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
            {drawing}
            <text
              className="dse-chart__axis-title"
              x={MARGIN.left + (WIDTH - MARGIN.left - MARGIN.right) / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
            >
              {label(x)}
            </text>
            <text
              className="dse-chart__axis-title"
              transform={`translate(14 ${MARGIN.top + (HEIGHT - MARGIN.top - MARGIN.bottom) / 2}) rotate(-90)`}
              textAnchor="middle"
            >
              {label(y)}
            </text>
          </svg>
          <figcaption className="dse-chart__legend">
            <span className="dse-visually-hidden">{t('chart.legend')}: </span>
            <span className="dse-chart__swatch" aria-hidden="true" /> {label(y)}
          </figcaption>
        </figure>
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

const innerWidth = WIDTH - MARGIN.left - MARGIN.right
const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom

function scale(min: number, max: number, from: number, to: number) {
  return (value: number) =>
    max === min ? (from + to) / 2 : from + ((value - min) / (max - min)) * (to - from)
}

function YAxis({
  ticks,
  y,
  showY,
}: {
  ticks: number[]
  y: (value: number) => number
  showY: (value: number) => string
}) {
  return (
    <g className="dse-chart__axis">
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            className="dse-chart__grid"
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(tick)}
            y2={y(tick)}
          />
          <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {showY(tick)}
          </text>
        </g>
      ))}
    </g>
  )
}

function Plot({
  points,
  kind,
  showX,
  showY,
}: {
  points: readonly ChartPoint[]
  kind: 'line' | 'scatter'
  showX: (value: number) => string
  showY: (value: number) => string
}) {
  const [xmin, xmax] = extent(points.map((point) => point.x as number))!
  const [ymin, ymax] = extent(points.map((point) => point.y))!
  const low = Math.min(0, ymin)
  const x = scale(xmin, xmax, MARGIN.left, MARGIN.left + innerWidth)
  const y = scale(low, ymax, MARGIN.top + innerHeight, MARGIN.top)
  const xTicks = [xmin, xmin + (xmax - xmin) / 2, xmax]
  return (
    <>
      <YAxis ticks={niceTicks(low, ymax)} y={y} showY={showY} />
      <g className="dse-chart__axis">
        {xTicks.map((tick, index) => (
          <text
            key={index}
            x={x(tick)}
            y={HEIGHT - MARGIN.bottom + 16}
            textAnchor={index === 0 ? 'start' : index === 2 ? 'end' : 'middle'}
          >
            {showX(tick)}
          </text>
        ))}
      </g>
      {kind === 'line' ? (
        <polyline
          className="dse-chart__line"
          points={points.map((point) => `${x(point.x as number)},${y(point.y)}`).join(' ')}
        />
      ) : (
        points.map((point, index) => (
          <circle key={index} className="dse-chart__dot" cx={x(point.x as number)} cy={y(point.y)} r={3} />
        ))
      )}
    </>
  )
}

function Bars({ bars, showY }: { bars: readonly ChartPoint[]; showY: (value: number) => string }) {
  const [ymin, ymax] = extent(bars.map((bar) => bar.y))!
  const low = Math.min(0, ymin)
  const y = scale(low, Math.max(ymax, 0), MARGIN.top + innerHeight, MARGIN.top)
  const band = innerWidth / bars.length
  return (
    <>
      <YAxis ticks={niceTicks(low, Math.max(ymax, 0))} y={y} showY={showY} />
      {bars.map((bar, index) => (
        <g key={String(bar.x)}>
          <rect
            className="dse-chart__bar"
            x={MARGIN.left + index * band + band * 0.1}
            width={band * 0.8}
            y={Math.min(y(bar.y), y(0))}
            height={Math.abs(y(0) - y(bar.y))}
          />
          {bars.length <= 12 && (
            <text
              className="dse-chart__axis"
              x={MARGIN.left + index * band + band / 2}
              y={HEIGHT - MARGIN.bottom + 16}
              textAnchor="middle"
            >
              {String(bar.x).slice(0, 14)}
            </text>
          )}
        </g>
      ))}
    </>
  )
}
