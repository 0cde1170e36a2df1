// What to summarise: the column to group by and how (each value, a date's day, month, quarter or
// year, a number's ranges and their width), an optional second column, and the figures shown (the
// number of records, and the total, average, smallest or largest of any number column).
import { memo, useId, useState } from 'react'
import type { CkanField, CkanRecord } from '../../api/ckan/types'
import { summaryCatalogue } from '../../i18n/catalogues/summary'
import { useMessages } from '../../i18n/i18n-context'
import { groupableFields, measurableFields } from '../../lib/summary/summary-defaults'
import {
  COUNT,
  FIELD_MEASURE_KINDS,
  sameMeasure,
  type Grouping,
  type Measure,
  type SummarySpec,
} from '../../lib/summary/summary-spec'
import { fieldLabel } from '../../model/fields'
import { groupingFor, howOptions, type How } from './summary-fns'
import { useMeasureLabel } from './use-measure-label'
import { SelectField } from '../../components/ui/select-field'

const label = (field: CkanField) => fieldLabel(field, field.id)

export interface SummaryControlsProps {
  spec: SummarySpec
  fields: readonly CkanField[]
  sample: readonly CkanRecord[]
  onChange(spec: SummarySpec): void
}

export const SummaryControls = memo(function SummaryControls({
  spec,
  fields,
  sample,
  onChange,
}: SummaryControlsProps) {
  const t = useMessages(summaryCatalogue)
  const groupable = groupableFields(fields)
  const measurable = measurableFields(fields)
  const setGroup = (index: number, grouping: Grouping | null) => {
    const groups = spec.groups.slice(0, index)
    if (grouping) groups.push(grouping)
    // the second grouping stays when the first changes, unless it is now the same column
    if (index === 0 && spec.groups[1] && spec.groups[1].field !== grouping?.field) groups.push(spec.groups[1])
    onChange({ ...spec, groups })
  }
  return (
    <div className="dse-summary__controls" role="group" aria-label={t('summary.controls')}>
      <GroupingControl
        title={t('summary.groupBy')}
        grouping={spec.groups[0]!}
        fields={groupable}
        sample={sample}
        onChange={(grouping) => setGroup(0, grouping)}
      />
      <GroupingControl
        title={t('summary.thenBy')}
        optional
        grouping={spec.groups[1] ?? null}
        fields={groupable.filter((field) => field.id !== spec.groups[0]?.field)}
        sample={sample}
        onChange={(grouping) => setGroup(1, grouping)}
      />
      <FiguresControl
        measures={spec.measures}
        measurable={measurable}
        onChange={(measures) => onChange({ ...spec, measures })}
      />
    </div>
  )
})

function GroupingControl({
  title,
  optional = false,
  grouping,
  fields,
  sample,
  onChange,
}: {
  title: string
  /** Whether "(nothing)" may be chosen (the second grouping). */
  optional?: boolean
  /** null: no grouping chosen (only the second one may be left out). */
  grouping: Grouping | null
  fields: readonly CkanField[]
  sample: readonly CkanRecord[]
  onChange(grouping: Grouping | null): void
}) {
  const t = useMessages(summaryCatalogue)
  const ids = { width: useId(), widthError: useId() }
  const field = grouping ? fields.find((candidate) => candidate.id === grouping.field) : undefined
  const hows = field ? howOptions(field) : []
  // the width as typed, until it is a number above 0
  const [widthText, setWidthText] = useState<string | null>(null)
  const width = grouping?.by === 'range' ? grouping.width : null
  const shownWidth = widthText ?? (width === null ? '' : String(width))
  const widthBad = widthText !== null && !(Number(widthText) > 0)
  return (
    <div className="dse-summary__grouping">
      <SelectField
        label={title}
        value={grouping?.field ?? ''}
        options={[
          ...(optional ? [['', t('summary.nothing')] as const] : []),
          ...fields.map((candidate) => [candidate.id, label(candidate)] as const),
        ]}
        onChange={(value) => {
          const next = fields.find((candidate) => candidate.id === value)
          setWidthText(null)
          onChange(next ? groupingFor(next, howOptions(next)[0]!, sample) : null)
        }}
      />
      {field && hows.length > 1 && (
        <SelectField<How>
          label={t('summary.how')}
          value={grouping!.by as How}
          options={hows.map((how) => [how, t(`summary.how.${how}`)] as const)}
          onChange={(how) => {
            setWidthText(null)
            onChange(groupingFor(field, how, sample, grouping!))
          }}
        />
      )}
      {field && width !== null && (
        <div className="dse-field">
          <label className="dse-field__label" htmlFor={ids.width}>
            {t('summary.width')}
          </label>
          <input
            id={ids.width}
            className="dse-input dse-summary__width"
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            value={shownWidth}
            aria-invalid={widthBad}
            aria-describedby={widthBad ? ids.widthError : undefined}
            onChange={(event) => setWidthText(event.target.value)}
            onBlur={() => {
              const next = Number(widthText)
              if (widthText !== null && next > 0) {
                setWidthText(null)
                onChange({ field: field.id, by: 'range', width: next })
              }
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur()
            }}
          />
          {widthBad && (
            <p id={ids.widthError} className="dse-field-error">
              {t('summary.widthBad')}
            </p>
          )}
        </div>
      )}
    </div>
  )
}

function FiguresControl({
  measures,
  measurable,
  onChange,
}: {
  measures: readonly Measure[]
  measurable: readonly CkanField[]
  onChange(measures: Measure[]): void
}) {
  const t = useMessages(summaryCatalogue)
  const measureLabel = useMeasureLabel(measurable)
  const [kind, setKind] = useState<Measure['kind']>(measurable.length > 0 ? 'sum' : 'count')
  const [column, setColumn] = useState(measurable[0]?.id ?? '')
  const candidate: Measure | null =
    kind === 'count'
      ? COUNT
      : measurable.some((field) => field.id === column)
        ? { kind, field: column }
        : null
  const already = !candidate || measures.some((measure) => sameMeasure(measure, candidate))
  return (
    <fieldset className="dse-summary__figures">
      <legend className="dse-field__label">{t('summary.show')}</legend>
      <ul className="dse-summary__chips">
        {measures.map((measure) => {
          const name = measureLabel(measure)
          return (
            <li key={name} className="dse-chip">
              <span>{name}</span>
              {measures.length > 1 && (
                <button
                  type="button"
                  className="dse-chip__remove"
                  aria-label={t('summary.removeFigure', { figure: name })}
                  onClick={() => onChange(measures.filter((known) => !sameMeasure(known, measure)))}
                >
                  ✕
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {measurable.length === 0 ? (
        <p className="dse-hint">{t('summary.noNumbers')}</p>
      ) : (
        <div className="dse-summary__add">
          <SelectField<Measure['kind']>
            label={t('summary.figureKind')}
            value={kind}
            options={(['count', ...FIELD_MEASURE_KINDS] as const).map(
              (option) => [option, t(`summary.kind.${option}`)] as const,
            )}
            onChange={setKind}
          />
          {kind !== 'count' && (
            <SelectField
              label={t('summary.figureColumn')}
              value={column}
              options={measurable.map((field) => [field.id, label(field)] as const)}
              onChange={setColumn}
            />
          )}
          <button
            type="button"
            className="dse-button dse-button--secondary dse-summary__add-button"
            disabled={already}
            onClick={() => candidate && onChange([...measures, candidate])}
          >
            {t('summary.add')}
          </button>
        </div>
      )}
    </fieldset>
  )
}
