// The drawing of a chart, in SVG without a library, in the theme's colours: a figure with its axis
// titles and legend, a Y axis with round ticks, a line or points, bars, and bars of several series
// (stacked or side by side). Shared by the quick chart and the summaries' chart; every text comes in
// as props (the callers' catalogues), and what is drawn is said by the figure's label.
import type { ReactNode } from 'react'
import { extent, HEIGHT, INNER_HEIGHT, INNER_WIDTH, MARGIN, niceTicks, scale, WIDTH } from './chart-scales'

export interface ChartPoint {
  /** A number or UTC milliseconds for number and time axes; the text for categories. */
  x: number | string
  y: number
}

/** Colours of the series of a chart with several (tokens.css --dse-series-*), in turn. */
export const SERIES_COLOURS = 8

export function ChartFigure({
  label,
  xTitle,
  yTitle,
  legendTitle,
  legend,
  children,
}: {
  /** What the chart shows, in words: the SVG's accessible name. */
  label: string
  xTitle: string
  yTitle: string
  legendTitle: string
  /** One entry per series (a single series: its name, with the accent's swatch). */
  legend: readonly string[]
  children: ReactNode
}) {
  return (
    <figure className="dse-chart__figure">
      <svg className="dse-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        {children}
        <text
          className="dse-chart__axis-title"
          x={MARGIN.left + INNER_WIDTH / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
        >
          {xTitle}
        </text>
        <text
          className="dse-chart__axis-title"
          transform={`translate(14 ${MARGIN.top + INNER_HEIGHT / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {yTitle}
        </text>
      </svg>
      <figcaption className="dse-chart__legend">
        <span className="dse-visually-hidden">{legendTitle}: </span>
        {legend.map((name, index) => (
          <span key={index} className="dse-chart__legend-item">
            <span
              className={`dse-chart__swatch${legend.length > 1 ? ` dse-chart__series-${index % SERIES_COLOURS}` : ''}`}
              aria-hidden="true"
            />{' '}
            {name}
          </span>
        ))}
      </figcaption>
    </figure>
  )
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

/** A line or points over a number or time axis, the X axis labelled at its ends and middle. */
export function Plot({
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
  const x = scale(xmin, xmax, MARGIN.left, MARGIN.left + INNER_WIDTH)
  const y = scale(low, ymax, MARGIN.top + INNER_HEIGHT, MARGIN.top)
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

/** One bar per value, in the order given, each labelled under it while they are few. */
export function Bars({
  bars,
  showY,
  showX = String,
}: {
  bars: readonly ChartPoint[]
  showY: (value: number) => string
  showX?: (value: number | string) => string
}) {
  return (
    <GroupedBars
      groups={bars.map((bar) => ({ label: showX(bar.x), values: [bar.y] }))}
      stacked={false}
      showY={showY}
    />
  )
}

export interface BarGroup {
  label: string
  /** One per series; null where the series has no value in this group. */
  values: readonly (number | null)[]
}

/** Bars of one or more series per group: stacked, or side by side; each series in its colour. */
export function GroupedBars({
  groups,
  stacked,
  showY,
}: {
  groups: readonly BarGroup[]
  stacked: boolean
  showY: (value: number) => string
}) {
  const series = Math.max(1, ...groups.map((group) => group.values.length))
  const heights = groups.flatMap((group) => {
    if (!stacked) return group.values.map((value) => value ?? 0)
    let up = 0
    let down = 0
    for (const value of group.values) {
      if ((value ?? 0) >= 0) up += value ?? 0
      else down += value ?? 0
    }
    return [up, down]
  })
  const [ymin, ymax] = extent(heights) ?? [0, 0]
  const low = Math.min(0, ymin)
  const high = Math.max(ymax, 0)
  const y = scale(low, high, MARGIN.top + INNER_HEIGHT, MARGIN.top)
  const band = INNER_WIDTH / Math.max(1, groups.length)
  const colour = (index: number) => (series > 1 ? ` dse-chart__series-${index % SERIES_COLOURS}` : '')
  return (
    <>
      <YAxis ticks={niceTicks(low, high)} y={y} showY={showY} />
      {groups.map((group, groupIndex) => {
        const start = MARGIN.left + groupIndex * band + band * 0.1
        const width = band * 0.8
        let up = 0
        let down = 0
        return (
          <g key={groupIndex}>
            {group.values.map((value, index) => {
              if (value === null) return null
              let from: number
              let to: number
              let x = start
              let barWidth = width
              if (stacked) {
                from = value >= 0 ? up : down
                to = from + value
                if (value >= 0) up = to
                else down = to
              } else {
                from = 0
                to = value
                barWidth = width / series
                x = start + index * barWidth
              }
              return (
                <rect
                  key={index}
                  className={`dse-chart__bar${colour(index)}`}
                  x={x}
                  width={barWidth}
                  y={Math.min(y(from), y(to))}
                  height={Math.abs(y(from) - y(to))}
                />
              )
            })}
            {groups.length <= 12 && (
              <text
                className="dse-chart__axis"
                x={MARGIN.left + groupIndex * band + band / 2}
                y={HEIGHT - MARGIN.bottom + 16}
                textAnchor="middle"
              >
                {group.label.slice(0, 14)}
              </text>
            )}
          </g>
        )
      })}
    </>
  )
}
