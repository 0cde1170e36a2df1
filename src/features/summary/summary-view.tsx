// The Summary tab: every matching record of the view grouped by one column (and optionally a
// second), with the number of records and totals, averages, smallest and largest values; read in a
// worker as the records stream in (queries/summary), shown as it refines, then as a chart and a
// sortable table of groups. Choosing a group narrows the view to it. Loaded lazily with its catalogue.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useId, useMemo, useRef } from 'react'
import type { CkanField, Portal, SearchRequest } from '../../api/ckan/types'
import { downloadBlob } from '../../components/ui/download-blob'
import { Spinner } from '../../components/ui/spinner'
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useMessages } from '../../i18n/i18n-context'
import { useEnvironment } from '../../instance/environment'
import { localDate, slug } from '../../lib/file-names'
import { MAX_GROUPS } from '../../lib/summary/aggregate'
import { summaryRows, shareMeasure, type SummaryRow } from '../../lib/summary/summary-rows'
import type { SummarySpec } from '../../lib/summary/summary-spec'
import type { FilterCondition } from '../../model/filters'
import { formatGroups, formatMeasures, parseGroups, parseMeasures } from '../../model/summary-link'
import { searchQueryOptions } from '../../queries/datastore-queries'
import { profiledFieldIds, sampleRequest } from '../../queries/profile-requests'
import { summaryQueryOptions } from '../../queries/summary/summary-query'
import { SummaryChart } from './summary-chart'
import { SummaryControls } from './summary-controls'
import { groupRawValue, resolveSummary, summaryCsv } from './summary-fns'
import { SummaryProgress } from '../../components/summary/summary-progress'
import { SummaryTable } from './summary-table'
import { useSummaryLabels } from './use-summary-labels'

const NO_ROWS: readonly SummaryRow[] = Object.freeze([])

/** The summary as the link says it: `group` and `show` (model/summary-link.ts); empty: the first choices. */
export interface SummaryChoice {
  group: string
  show: string
}

/** The link's summary, read: what could not be read is said, and left to the first choices. */
function readChoice(choice: SummaryChoice) {
  const groups = choice.group === '' ? [] : parseGroups(choice.group)
  const measures = choice.show === '' ? [] : parseMeasures(choice.show)
  return {
    chosen: { groups: groups ?? [], measures: measures ?? [] },
    unreadable: {
      group: groups === null ? choice.group : null,
      show: measures === null ? choice.show : null,
    },
  }
}

export interface SummaryViewProps {
  portal: Portal
  /** The view's request: the summary follows its search and filters. */
  view: SearchRequest
  fields: readonly CkanField[]
  /** The reader's (or the link's) summary; empty lists: the first choices. */
  chosen: SummaryChoice
  /** The table's name, for the file's. */
  tableName: string | undefined
  onChange(choice: SummaryChoice): void
  /** A group chosen: the conditions that show its records. */
  onChooseGroup(conditions: FilterCondition[]): void
  /** Copy as code, for this summary. */
  onCopyCode(spec: SummarySpec): void
}

export function SummaryView(props: SummaryViewProps) {
  const { portal, view, fields, chosen } = props
  const t = useMessages(summaryCatalogue)
  const { api } = useEnvironment()
  // the column overviews' sample (the first matching records) chooses the first summary
  const sample = useQuery(searchQueryOptions(api, portal, sampleRequest(view, profiledFieldIds(fields))))
  const records = sample.data?.records
  const read = useMemo(() => readChoice(chosen), [chosen])
  const resolved = useMemo(
    () => (sample.isPending ? null : resolveSummary(read.chosen, fields, records ?? [])),
    [sample.isPending, read, fields, records],
  )
  if (sample.isPending) return <Spinner label={t('summary.loading')} />
  if (!resolved) return <p className="dse-hint">{t('summary.noColumns')}</p>
  return (
    <SummaryOf
      {...props}
      spec={resolved.spec}
      problems={[
        ...(read.unreadable.group === null ? [] : [t('summary.groupBad', { value: read.unreadable.group })]),
        ...(read.unreadable.show === null ? [] : [t('summary.showBad', { value: read.unreadable.show })]),
        ...resolved.missing.map((column) => t('summary.linkProblem', { column })),
      ]}
      sample={records ?? []}
    />
  )
}

function SummaryOf({
  portal,
  view,
  fields,
  spec,
  problems,
  sample,
  tableName,
  onChange,
  onChooseGroup,
  onCopyCode,
}: SummaryViewProps & {
  spec: SummarySpec
  /** What the link asked for that could not be done, in words. */
  problems: string[]
  sample: readonly Record<string, unknown>[]
}) {
  const t = useMessages(summaryCatalogue)
  const { api } = useEnvironment()
  const queryClient = useQueryClient()
  const titleId = useId()
  const options = summaryQueryOptions(api, portal, view, spec, fields)
  const query = useQuery(options)
  const state = query.data
  const { words, groupNames, numeric, ordered, label, timeLabel, measureLabel } = useSummaryLabels(
    spec,
    fields,
  )
  const snapshot = state?.snapshot
  const rows = useMemo(
    () => (snapshot ? summaryRows(snapshot, spec, numeric) : []),
    [snapshot, spec, numeric],
  )
  // the chart and the table follow in the background: a progress step never holds the page, and
  // neither does their first drawing (they mount empty, then draw the rows in a background render)
  const shownRows = useDeferredValue(rows, NO_ROWS)
  const onSpecChange = useCallback(
    (next: SummarySpec) =>
      onChange({ group: formatGroups(next.groups), show: formatMeasures(next.measures) }),
    [onChange],
  )
  const title =
    spec.groups.length > 1
      ? t('summary.titleTwo', { figure: measureLabel(0), group: groupNames[0]!, second: groupNames[1]! })
      : t('summary.title', { figure: measureLabel(0), group: groupNames[0]! })

  const downloadPlace = useRef<HTMLDivElement>(null)
  const download = () => {
    const shareAt = shareMeasure(spec)
    const header = [
      ...spec.groups.map((grouping, index) =>
        grouping.by === 'range' ? t('summary.rangeFrom', { column: groupNames[index]! }) : groupNames[index]!,
      ),
      ...spec.measures.map((_, index) => measureLabel(index)),
      ...(shareAt === null ? [] : [t('summary.share')]),
    ]
    const lines = rows.map((row) => [
      ...spec.groups.map((grouping, index) => {
        const key = row.keys[index]!
        return key.kind === 'empty' ? null : (groupRawValue(key, grouping) ?? label(row, index))
      }),
      ...row.values,
      ...(shareAt === null ? [] : [row.share]),
    ])
    const name = slug(tableName ?? '') || slug(view.resourceId) || 'summary'
    const file = `${name}-summary-${localDate(new Date())}.csv`
    if (downloadPlace.current)
      downloadBlob(new Blob([summaryCsv(header, lines)], { type: 'text/csv' }), file, downloadPlace.current)
  }

  return (
    <section className="dse-summary" aria-labelledby={titleId}>
      <SummaryControls spec={spec} fields={fields} sample={sample} onChange={onSpecChange} />
      {problems.map((problem) => (
        <p key={problem} className="dse-notice">
          {problem}
        </p>
      ))}
      {state && (
        <SummaryProgress
          state={state}
          onAgain={() => void queryClient.refetchQueries({ queryKey: options.queryKey })}
        />
      )}
      <h3 id={titleId} className="dse-chart__title">
        {title}
      </h3>
      {!state ? (
        <Spinner label={t('summary.loading')} />
      ) : (
        <>
          {state.snapshot.overflow && (
            <p className="dse-hint">{t('summary.overflow', { max: MAX_GROUPS })}</p>
          )}
          <SummaryChart
            rows={shownRows}
            spec={spec}
            groupNames={groupNames}
            ordered={ordered}
            label={label}
            measureLabel={measureLabel}
            timeLabel={timeLabel}
          />
          <div className="dse-summary__actions" ref={downloadPlace}>
            <button type="button" className="dse-button dse-button--secondary" onClick={download}>
              {t('summary.download')}
            </button>
            <button
              type="button"
              className="dse-button dse-button--secondary"
              onClick={() => onCopyCode(spec)}
            >
              {t('summary.copyCode')}
            </button>
          </div>
          <SummaryTable
            rows={shownRows}
            spec={spec}
            fields={fields}
            words={words}
            measureLabel={measureLabel}
            onChooseGroup={onChooseGroup}
          />
        </>
      )}
    </section>
  )
}
