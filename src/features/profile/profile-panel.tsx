// A column's profile: its type, how many records and empty values, its distinct count, smallest and
// largest value, and for numbers and dates how the values spread, for text the most frequent values
// (each one a filter away). Every figure says whether it is exact or read from a sample. Loaded
// lazily, with its catalogue: it is not needed for the first rows.
import { useQueries, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { CkanField, FilterScalar, Portal, SearchRequest } from '../../api/ckan/types'
import { Dialog } from '../../components/ui/dialog'
import { useCellLocale } from '../../components/ui/use-cell-locale'
import { mainCatalogue } from '../../i18n/catalogues/main'
import { profileCatalogue } from '../../i18n/catalogues/profile'
import { useFormats, useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import { normaliseType, TYPE_MESSAGE } from '../../lib/ckan-types'
import { formatCell } from '../../lib/format'
import type { RangeCondition } from '../../model/filters'
import { searchQueryOptions } from '../../queries/datastore-queries'
import {
  PROFILE_TOP_VALUES,
  profiledFieldIds,
  profileRequests,
  valueCountRequest,
} from '../../queries/profile-requests'
import { HistogramBars } from './histogram-bars'
import {
  binsCondition,
  formatShare,
  fullestBin,
  isDateFamily,
  isNumberFamily,
  summarizeSample,
  type Bin,
} from './profile-fns'

export interface ProfilePanelProps {
  open: boolean
  onClose: () => void
  portal: Portal
  /** The view's request: the profile follows its search and filters. */
  view: SearchRequest
  fields: readonly CkanField[]
  initialField?: string
  /** Adds a filter on one value of a column (the panel closes). */
  onFilter: (field: string, value: FilterScalar) => void
  /** Adds a range filter: the bars of a histogram chosen or dragged across (the panel closes). */
  onFilterRange: (condition: RangeCondition) => void
}

export function ProfilePanel({
  open,
  onClose,
  portal,
  view,
  fields,
  initialField,
  onFilter,
  onFilterRange,
}: ProfilePanelProps) {
  const t = useMessages(profileCatalogue)
  const columnId = useId()
  const fieldIds = profiledFieldIds(fields)
  const profiled = fields.filter((candidate) => fieldIds.includes(candidate.id))
  const [fieldId, setFieldId] = useState(initialField ?? profiled[0]?.id ?? '')
  const field = profiled.find((candidate) => candidate.id === fieldId) ?? profiled[0]
  return (
    <Dialog open={open} onClose={onClose} title={t('profile.title')}>
      <div className="dse-field">
        <label className="dse-label" htmlFor={columnId}>
          {t('profile.column')}
        </label>
        <select
          id={columnId}
          className="dse-select"
          data-autofocus
          value={field?.id ?? ''}
          onChange={(event) => setFieldId(event.target.value)}
        >
          {profiled.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {typeof candidate.info?.label === 'string' && candidate.info.label.trim()
                ? `${candidate.info.label} (${candidate.id})`
                : candidate.id}
            </option>
          ))}
        </select>
      </div>
      {field && (
        <ColumnProfile
          key={field.id}
          portal={portal}
          view={view}
          field={field}
          fieldIds={fieldIds}
          onFilter={(value) => {
            onFilter(field.id, value)
            onClose()
          }}
          onFilterRange={(condition) => {
            onFilterRange(condition)
            onClose()
          }}
        />
      )}
    </Dialog>
  )
}

function ColumnProfile({
  portal,
  view,
  field,
  fieldIds,
  onFilter,
  onFilterRange,
}: {
  portal: Portal
  view: SearchRequest
  field: CkanField
  /** Every profiled column: the sample reads them all, shared with the strip. */
  fieldIds: readonly string[]
  onFilter: (value: FilterScalar) => void
  onFilterRange: (condition: RangeCondition) => void
}) {
  const t = useMessages(profileCatalogue)
  const tMain = useMessages(mainCatalogue)
  const formats = useFormats()
  const cellLocale = useCellLocale()
  const { api } = useEnvironment()
  const family = normaliseType(field.type)
  const requests = profileRequests(view, field.id, fieldIds)
  const ask = (request: SearchRequest) => searchQueryOptions(api, portal, request)
  const total = useQuery(ask(requests.total))
  const distinct = useQuery(ask(requests.distinct))
  const ranged = family !== 'json' && family !== 'array' && family !== 'bool'
  const min = useQuery({ ...ask(requests.min), enabled: ranged })
  const max = useQuery({ ...ask(requests.max), enabled: ranged })
  const sample = useQuery(ask(requests.sample))

  const matching = total.data?.total
  const summary = sample.data
    ? summarizeSample(sample.data.records, field.id, family, PROFILE_TOP_VALUES)
    : null
  // the sample is every matching record when there are no more of them than it holds
  const complete = summary !== null && matching !== undefined && summary.count >= matching
  // exact counts of the top values, one request each, when the sample is only a part
  const countable = summary && !complete ? summary.top.filter((top) => top.value !== null) : []
  const counts = useQueries({
    queries: countable.map((top) => ask(valueCountRequest(view, field.id, top.value!))),
  })

  const show = (value: unknown) => formatCell(value, field.type, cellLocale).text
  const countOf = (top: (typeof countable)[number]) => {
    const index = countable.indexOf(top)
    return index >= 0 ? counts[index]?.data?.total : undefined
  }
  const count = (value: number) => formats.count(value)
  const sampled =
    summary && matching !== undefined
      ? t('profile.sampled', { sample: summary.count, total: matching })
      : undefined
  const exactness = complete ? t('profile.exact') : sampled
  const pending = <span className="dse-hint">{t('profile.measuring')}</span>
  const failed = <span className="dse-hint">{t('profile.failed')}</span>
  const figure = (query: { isError: boolean; data?: unknown }, text: () => string) =>
    query.isError ? failed : query.data === undefined ? pending : text()
  const value = (records: readonly Record<string, unknown>[] | undefined) =>
    records?.[0] ? show(records[0][field.id]) : '—'
  // bin edges with as many decimals as their spread needs (no "2,916,911,891.583333")
  const edgeLabel = (edge: number, bins: readonly Bin[]) => {
    if (!isNumberFamily(family)) return show(new Date(edge).toISOString().slice(0, 10))
    const spread = bins.at(-1)!.to - bins[0]!.from
    return formats.number(Number.isInteger(edge) || spread >= 100 ? 0 : spread >= 1 ? 1 : 3).format(edge)
  }
  const percent = (part: number, whole: number) => formatShare(formats.locale, part, whole, 1)

  return (
    <div className="dse-profile">
      <dl className="dse-profile__figures">
        <dt>{t('profile.type')}</dt>
        <dd>{tMain(TYPE_MESSAGE[family])}</dd>
        <dt>{t('profile.records')}</dt>
        <dd>{figure(total, () => count(matching ?? 0))}</dd>
        <dt>{t('profile.empty')}</dt>
        <dd>
          {summary
            ? t('profile.share', { count: summary.empty, percent: percent(summary.empty, summary.count) })
            : sample.isError
              ? failed
              : pending}
          {summary && exactness && <span className="dse-profile__how"> ({exactness})</span>}
        </dd>
        <dt>{t('profile.distinct')}</dt>
        <dd>{figure(distinct, () => count(distinct.data?.total ?? 0))}</dd>
        {ranged && (
          <>
            <dt>{isDateFamily(family) ? t('profile.earliest') : t('profile.min')}</dt>
            <dd>{figure(min, () => value(min.data?.records))}</dd>
            <dt>{isDateFamily(family) ? t('profile.latest') : t('profile.max')}</dt>
            <dd>{figure(max, () => value(max.data?.records))}</dd>
          </>
        )}
        {summary?.mean !== undefined && summary.median !== undefined && (
          <>
            <dt>{t('profile.mean')}</dt>
            <dd>
              {formats.number(2).format(summary.mean)}
              {exactness && <span className="dse-profile__how"> ({exactness})</span>}
            </dd>
            <dt>{t('profile.median')}</dt>
            <dd>
              {formats.number(2).format(summary.median)}
              {exactness && <span className="dse-profile__how"> ({exactness})</span>}
            </dd>
          </>
        )}
      </dl>

      {summary && summary.count - summary.empty === 0 && <p className="dse-hint">{t('profile.noValues')}</p>}

      {summary?.bins && summary.bins.length > 0 && (
        <Histogram
          bins={summary.bins}
          label={(edge) => edgeLabel(edge, summary.bins!)}
          exactness={exactness}
          column={field.id}
          onChoose={(first, last) => {
            const condition = binsCondition(field.id, family, summary.bins!, first, last)
            if (condition) onFilterRange(condition)
          }}
        />
      )}

      {summary && summary.top.length > 0 && (
        <section className="dse-profile__top">
          <h3 className="dse-profile__heading">{t('profile.topValues')}</h3>
          {exactness && !counts.length && <p className="dse-hint">{exactness}</p>}
          <ul className="dse-profile__values">
            {summary.top.map((top) => {
              const shown = complete ? top.count : countOf(top)
              const widest = summary.top[0]!.count
              return (
                <li key={top.key} className="dse-profile__value">
                  {top.value !== null ? (
                    <button
                      type="button"
                      className="dse-button dse-button--quiet dse-profile__filter"
                      aria-label={t('profile.filterOn', { value: show(top.value) })}
                      onClick={() => onFilter(top.value!)}
                    >
                      <bdi>{show(top.value)}</bdi>
                    </button>
                  ) : (
                    <bdi>{top.key}</bdi>
                  )}
                  <span className="dse-profile__bar" aria-hidden="true">
                    <span
                      className="dse-profile__bar-fill"
                      style={{ inlineSize: `${(top.count / widest) * 100}%` }}
                    />
                  </span>
                  <span className="dse-profile__count">
                    {shown !== undefined ? count(shown) : `${count(top.count)}*`}
                  </span>
                </li>
              )
            })}
          </ul>
          {!complete && sampled && summary.top.some((top) => !top.value || !countOf(top)) && (
            <p className="dse-hint">* {sampled}</p>
          )}
        </section>
      )}
    </div>
  )
}

/** Bars of how many values fall in each range, with a sentence for screen readers. */
function Histogram({
  bins,
  label,
  exactness,
  column,
  onChoose,
}: {
  bins: readonly Bin[]
  label: (edge: number) => string
  exactness: string | undefined
  column: string
  onChoose: (first: number, last: number) => void
}) {
  const t = useMessages(profileCatalogue)
  const formats = useFormats()
  const summaryId = useId()
  const most = fullestBin(bins)!
  const total = bins.reduce((sum, bin) => sum + bin.count, 0)
  const summary = t('profile.distributionSummary', {
    count: total,
    min: label(bins[0]!.from),
    max: label(bins.at(-1)!.to),
    bins: bins.length,
    from: label(most.from),
    to: label(most.to),
    most: formats.count(most.count),
  })
  return (
    <section className="dse-profile__distribution">
      <h3 className="dse-profile__heading">{t('profile.distribution')}</h3>
      <HistogramBars
        bins={bins}
        label={t('profile.rangeGroup', { column })}
        describedBy={summaryId}
        barLabel={(bin) =>
          t('profile.rangeBar', { from: label(bin.from), to: label(bin.to), count: bin.count })
        }
        onChoose={onChoose}
      />
      <p className="dse-hint">{t('profile.rangeHint')}</p>
      <p className="dse-profile__axis">
        <span>{label(bins[0]!.from)}</span>
        <span>{label(bins.at(-1)!.to)}</span>
      </p>
      <p id={summaryId} className="dse-hint">
        {summary}
        {exactness && ` (${exactness})`}
      </p>
    </section>
  )
}
