// A column's overview under its name: a tiny histogram (numbers, dates) or bars of its most frequent
// values (text, booleans), and its share of empty values. All columns read one shared sample of the
// matching records (sampleRequest), asked for once the first rows are painted, and each drawing says
// in words what it shows and whether it is exact. Loaded lazily, with the profile catalogue.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { memo, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { profileCatalogue } from '../../i18n/catalogues/profile'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import { normaliseType } from '../../lib/ckan-types'
import { formatCell } from '../../lib/format'
import { searchQueryOptions } from '../../queries/datastore-queries'
import { sampleRequest } from '../../queries/profile-requests'
import type { RangeCondition } from '../../model/filters'
import { barAt, binsCondition, formatShare, isDateFamily, stripBars, summarizeSample } from './profile-fns'

/** Bars drawn for the most frequent values of a text column. */
const STRIP_TOP_VALUES = 5
const WIDTH = 100
const HEIGHT = 20

export interface ProfileStripCellProps {
  portal: Portal
  /** The view's request: the strip follows its search and filters. */
  view: SearchRequest
  /** Every profiled column (the one sample reads them all). */
  fieldIds: readonly string[]
  field: CkanField
  /** The view's count of matching records, when known: says whether the sample holds them all. */
  total: number | undefined
  /** Opens this column's profile panel. */
  onOpen(fieldId: string): void
  /** A drag across the bars of a histogram: filter on the range they cover (a click still opens the profile). */
  onFilterRange?(condition: RangeCondition): void
}

export const ProfileStripCell = memo(function ProfileStripCell({
  portal,
  view,
  fieldIds,
  field,
  total,
  onOpen,
  onFilterRange,
}: ProfileStripCellProps) {
  const t = useMessages(profileCatalogue)
  const formats = useFormats()
  const cellLocale = useCellLocale()
  const { api } = useEnvironment()
  const sample = useQuery({
    ...searchQueryOptions(api, portal, sampleRequest(view, fieldIds)),
    // the previous view's drawing stays until the new sample is in: no flashing on each keystroke
    placeholderData: keepPreviousData,
  })
  const family = normaliseType(field.type)
  const records = sample.data?.records
  const summary = useMemo(
    () => (records ? summarizeSample(records, field.id, family, STRIP_TOP_VALUES) : null),
    [records, field.id, family],
  )
  // a drag across the bars (null: none); it ends in a filter, and the click that follows is the drag's
  const [drag, setDrag] = useState<{ from: number; to: number; pointer: number } | null>(null)
  const dragEnded = useRef(false)
  if (sample.isError) return <p className="dse-strip__caption dse-hint">{t('profile.stripFailed')}</p>
  if (!summary) return null

  const show = (value: unknown) => formatCell(value, field.type, cellLocale).text
  const how =
    total !== undefined && summary.count >= total
      ? t('profile.exact')
      : t('profile.sampled', { sample: summary.count, total: total ?? summary.count })
  const empty = formatShare(formats.locale, summary.empty, summary.count, 0)
  const bars = stripBars(summary)
  const edge = (value: number) =>
    isDateFamily(family)
      ? new Date(value).toISOString().slice(0, 10)
      : formats.number(Number.isInteger(value) ? 0 : 2).format(value)
  const described =
    summary.bins && summary.bins.length > 0
      ? t('profile.stripRange', {
          column: field.id,
          empty,
          min: edge(summary.bins[0]!.from),
          max: edge(summary.bins.at(-1)!.to),
          how,
        })
      : summary.top.length > 0
        ? t('profile.stripTop', {
            column: field.id,
            empty,
            values: summary.top.map((top) => show(top.value ?? top.key)).join(', '),
            how,
          })
        : t('profile.stripNone', { column: field.id, empty, how })

  const bins = summary.bins
  const draggable = onFilterRange !== undefined && bins !== undefined && bins.length > 1
  const barUnder = (element: Element, clientX: number) => {
    const box = element.getBoundingClientRect()
    return barAt(clientX, box.left, box.width, bars.length, getComputedStyle(element).direction === 'rtl')
  }
  return (
    <div
      className={`dse-strip${sample.isPlaceholderData ? ' dse-strip--stale' : ''}`}
      title={described}
      onClick={() => {
        if (dragEnded.current) dragEnded.current = false
        else onOpen(field.id)
      }}
      {...(draggable
        ? {
            onPointerDown: (event: ReactPointerEvent<HTMLDivElement>) => {
              if (event.button !== 0) return
              const bar = barUnder(event.currentTarget, event.clientX)
              dragEnded.current = false
              setDrag({ from: bar, to: bar, pointer: event.pointerId })
              event.currentTarget.setPointerCapture?.(event.pointerId)
            },
            onPointerMove: (event: ReactPointerEvent<HTMLDivElement>) => {
              if (!drag || drag.pointer !== event.pointerId) return
              const bar = barUnder(event.currentTarget, event.clientX)
              if (bar !== drag.to) setDrag({ ...drag, to: bar })
            },
            onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => {
              if (!drag || drag.pointer !== event.pointerId) return
              setDrag(null)
              if (drag.from === drag.to) return
              dragEnded.current = true
              setTimeout(() => (dragEnded.current = false), 0)
              const condition = binsCondition(field.id, family, bins, drag.from, drag.to)
              if (condition) onFilterRange(condition)
            },
            onPointerCancel: () => setDrag(null),
          }
        : {})}
    >
      <svg
        className="dse-strip__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={described}
      >
        {bars.map((bar, index) => (
          <rect
            key={index}
            className={
              drag && index >= Math.min(drag.from, drag.to) && index <= Math.max(drag.from, drag.to)
                ? 'dse-strip__bar--chosen'
                : undefined
            }
            x={(index * WIDTH) / bars.length + 0.5}
            y={HEIGHT - bar * HEIGHT}
            width={Math.max(0.5, WIDTH / bars.length - 1)}
            height={bar * HEIGHT}
          />
        ))}
      </svg>
      <span className="dse-strip__caption">
        <span className="dse-strip__empty" aria-hidden="true">
          <span
            className="dse-strip__empty-fill"
            style={{ inlineSize: `${(summary.empty / Math.max(1, summary.count)) * 100}%` }}
          />
        </span>
        {t('profile.stripEmpty', { percent: empty })}
      </span>
    </div>
  )
})
